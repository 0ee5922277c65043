import { Alert, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { confirmCloseWithoutSaving } from './closeWithoutSaving';
import { Dialog } from './Dialog';
import './formDialog.css';

interface Props<Values> {
  title: string;
  open: boolean;
  form: FormInstance<Values>;
  saving: boolean;
  /** Messages from the server that belong to no single field. */
  problems: string[];
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  /** What the edits belong to, for "Close without saving?": "this bank account". */
  changesTo: string;
  children: ReactNode;
}

/**
 * A setup dialog: the whole modal is the form, so Enter submits (the OK button is its submit button) and
 * Escape cancels, asking "Close without saving?" once something was typed. Full width on phones. A refusal keeps it
 * open with what the person typed.
 */
export function FormDialog<Values>({ title, open, form, saving, problems, onSubmit, onCancel, changesTo, children }: Props<Values>) {
  const cancel = async () => {
    if (form.isFieldsTouched() && !(await confirmCloseWithoutSaving(changesTo))) return;
    onCancel();
  };
  return (
    <Dialog
      title={title}
      open={open}
      okText="Save"
      cancelText="Cancel"
      width={{ xs: '100%', sm: 520 }}
      className="ec-form-dialog"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={() => void cancel()}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" onFinish={onSubmit} clearOnDestroy>
          {dialog}
        </Form>
      )}
    >
      {problems.length > 0 && <Alert type="error" showIcon role="alert" title={problems.join(' ')} className="ec-form-dialog__problems" />}
      {children}
    </Dialog>
  );
}
