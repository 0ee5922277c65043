import { Modal } from 'antd';
import type { ConfirmOptions } from './confirm';

/** antd's confirmation modal: loaded with antd the first time a question is asked (see confirm.ts). */
export function confirmDialog({ title, content }: ConfirmOptions): Promise<boolean> {
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
