import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { nameSchema } from '../../shared/schemas/common';
import { useWriteAction } from '../messages/useWriteAction';
import { FormDialog } from './FormDialog';
import { showRefusalOnForm, zodRule } from './formRules';

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
  const [form] = Form.useForm<{ name: string }>();
  const { run, pending } = useWriteAction();
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ name: item?.name ?? '' });
      setProblems([]);
    }
  }, [open, item, form]);

  const submit = async ({ name }: { name: string }) => {
    const saved = await run({
      write: () => save(name.trim()),
      success: `${thing} saved.`,
      failure: `${thing} not saved.`,
      onRefused: (refusal) => setProblems(showRefusalOnForm(form, refusal, { name: 'Name' })),
    });
    if (saved) onDone();
  };

  return (
    <FormDialog title={`${item ? 'Edit' : 'Add'} ${thing}`} open={open} form={form} saving={pending} problems={problems} onSubmit={submit} onCancel={onDone}>
      <Form.Item name="name" label="Name" rules={[zodRule(nameSchema, 'Name')]}>
        <Input autoFocus maxLength={200} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
