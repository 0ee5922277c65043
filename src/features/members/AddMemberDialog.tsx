import { Form, Input } from 'antd';
import { nameSchema } from '../../shared/schemas/common';
import { addMemberBodySchema, type AddedMember } from '../../shared/schemas/members';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/formRules';
import { useDialogForm } from '../../components/useDialogForm';
import { useAddMemberMutation } from './membersApi';

interface Values {
  name: string;
  email: string;
}

const LABELS = { name: 'Name', email: 'Email' };
const emptyValues = (): Values => ({ name: '', email: '' });

interface Props {
  open: boolean;
  onCancel: () => void;
  /** The new member and their temporary password, which the page shows this once. */
  onAdded: (added: AddedMember) => void;
}

/** "Add Member": a name and an email; the server makes a temporary password. */
export function AddMemberDialog({ open, onCancel, onAdded }: Props) {
  const dialog = useDialogForm(open, undefined, emptyValues, LABELS);
  const [add] = useAddMemberMutation();

  const submit = async (values: Values) => {
    let added: AddedMember | undefined;
    const saved = await dialog.save({
      write: async () => {
        added = await add({ name: values.name.trim(), email: values.email.trim() }).unwrap();
      },
      success: 'Member added.',
      failure: 'Member not added.',
    });
    if (saved && added) onAdded(added);
  };

  return (
    <FormDialog title="Add Member" changesTo="this member" open={open} form={dialog.form} saving={dialog.saving} problems={dialog.problems} onSubmit={submit} onCancel={onCancel}>
      <Form.Item name="name" label="Name" rules={[zodRule(nameSchema, 'Name')]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={[zodRule(addMemberBodySchema.shape.email, 'Email')]}>
        <Input type="email" maxLength={320} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
