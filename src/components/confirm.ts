import { Modal } from 'antd';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
}

/**
 * Asks a yes/no question in a modal ("Yes" / "No") and resolves with the answer.
 * Escape, the close button and "No" all resolve false.
 */
export function confirm({ title, content }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title,
      content,
      okText: 'Yes',
      cancelText: 'No',
      autoFocusButton: 'ok',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
