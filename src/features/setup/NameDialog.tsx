import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { nameSchema } from '../../shared/schemas/common';
import { errorShown, infoShown } from '../messages/messagesSlice';
import { FormDialog } from './FormDialog';
import { showRefusalOnForm, zodRule } from './formRules';
import { failureText, readServerRefusal } from './serverRefusal';

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

/** "Add …" / "Edit …" dialog for things that are only a name (allocation categories, institutions). */
export function NameDialog({ thing, open, item, save, onDone }: Props) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ name: item?.name ?? '' });
      setProblems([]);
    }
  }, [open, item, form]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await save(name.trim());
      dispatch(infoShown(`${thing} saved.`));
      onDone();
    } catch (error) {
      const refusal = readServerRefusal(error);
      setProblems(showRefusalOnForm(form, refusal, { name: 'Name' }));
      dispatch(errorShown(failureText(`${thing} not saved.`, refusal)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog title={`${item ? 'Edit' : 'Add'} ${thing}`} open={open} form={form} saving={saving} problems={problems} onSubmit={submit} onCancel={onDone}>
      <Form.Item name="name" label="Name" rules={[zodRule(nameSchema, 'Name')]}>
        <Input autoFocus maxLength={200} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
