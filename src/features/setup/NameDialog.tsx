import { Form, Input } from 'antd';
import { nameSchema } from '../../shared/schemas/common';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/formRules';
import { useDialogForm } from '../../components/useDialogForm';

export interface NamedItem {
  id: number;
  name: string;
}

interface Props {
  /** The thing's name in messages: "Allocation Category" → "Allocation Category saved." */
  thing: string;
  open: boolean;
  /** The item being edited; none for "Add …". */
  item?: NamedItem;
  save: (name: string) => Promise<unknown>;
  onDone: () => void;
}

const valuesOf = (item?: NamedItem) => ({ name: item?.name ?? '' });
const LABELS = { name: 'Name' };

/** "Add …" / "Edit …" dialog for things that are only a name (allocation categories, institutions). */
export function NameDialog({ thing, open, item, save, onDone }: Props) {
  const dialog = useDialogForm(open, item, valuesOf, LABELS);

  const submit = async ({ name }: { name: string }) => {
    if (await dialog.save({ write: () => save(name.trim()), success: `${thing} saved.`, failure: `${thing} not saved.` })) onDone();
  };

  return (
    <FormDialog title={`${item ? 'Edit' : 'Add'} ${thing}`} open={open} form={dialog.form} saving={dialog.saving} problems={dialog.problems} onSubmit={submit} onCancel={onDone} changesTo={`this ${thing.toLowerCase()}`}>
      <Form.Item name="name" label="Name" rules={[zodRule(nameSchema, 'Name')]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
