import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface Props<Values> {
  title: string;
  open: boolean;
  form: FormInstance<Values>;
  saving: boolean;
  /** Messages from the server that belong to no single field. */
  problems: string[];
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A setup dialog: the whole modal is the form, so Enter submits (the OK button is its submit button) and
 * Escape cancels. Full width on phones. A refusal keeps it open with what the person typed.
 */
export function FormDialog<Values>({ title, open, form, saving, problems, onSubmit, onCancel, children }: Props<Values>) {
  return (
    <Modal
      title={title}
      open={open}
      okText="Save"
      cancelText="Cancel"
      width={{ xs: '100%', sm: 520 }}
      className="ec-setup-dialog"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" onFinish={onSubmit} clearOnDestroy>
          {dialog}
        </Form>
      )}
    >
      {problems.length > 0 && <Alert type="error" showIcon role="alert" title={problems.join(' ')} className="ec-setup-dialog__problems" />}
      {children}
    </Modal>
  );
}
