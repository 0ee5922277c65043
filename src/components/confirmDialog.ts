import { ConfigProvider, Modal } from 'antd';
import { createElement } from 'react';
import { AntdTheme } from './AntdTheme';
import type { ConfirmOptions } from './confirm';

// antd's static modals render outside the React tree, so the app's theme (readable contrast) reaches them only here.
ConfigProvider.config({ holderRender: (children) => createElement(AntdTheme, null, children) });

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
