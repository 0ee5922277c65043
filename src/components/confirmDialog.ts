import { ConfigProvider, Modal } from 'antd';
import { createElement } from 'react';
import { AntdTheme } from './AntdTheme';
import type { ConfirmOptions } from './confirmOptions';
import { noDialogOpening } from './dialogsOpening';

// antd's static modals render outside the React tree, so the app's theme (readable contrast) reaches them only here.
ConfigProvider.config({ holderRender: (children) => createElement(AntdTheme, null, children) });

/**
 * antd's confirmation modal: loaded with antd the first time a question is asked (see confirm.ts). The answer
 * comes once the question has closed and given the focus back, so what the answer does next (closing the dialog
 * that asked, whose opener then takes the focus) is not undone by the question's own focus trap and return.
 */
export async function confirmDialog({ title, content }: ConfirmOptions): Promise<boolean> {
  await noDialogOpening();
  return new Promise((resolve) => {
    let answer = false;
    Modal.confirm({
      title,
      content,
      okText: 'Yes',
      cancelText: 'No',
      focusable: { autoFocusButton: 'ok' },
      onOk: () => {
        answer = true;
      },
      onCancel: () => {
        answer = false;
      },
      afterClose: () => resolve(answer),
    });
  });
}
