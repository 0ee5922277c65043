import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { useWriteAction, type WriteAction } from '../platform/messages/useWriteAction';
import { showRefusalOnForm } from './formRules';

/**
 * What an "Add …" / "Edit …" form dialog holds: its form, filled from `item` (none when adding) each time the
 * dialog opens, and `save`, which writes and reports like every save; on a refusal the server's field errors go
 * on the fields named in `labels` and the other messages into `problems`, and the dialog stays open with what
 * was typed. `valuesOf` must be stable (declared outside the component). `save` resolves true once saved.
 */
export function useDialogForm<Values, Item>(open: boolean, item: Item | undefined, valuesOf: (item: Item | undefined) => Values, labels: Readonly<Record<string, string>>) {
  const [form] = Form.useForm<Values>();
  const { run, pending } = useWriteAction();
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (open) {
      form.setFieldsValue(valuesOf(item) as Parameters<typeof form.setFieldsValue>[0]);
      setProblems([]);
    }
  }, [open, item, valuesOf, form]);

  const save = (action: Omit<WriteAction, 'onRefused'>) => run({ ...action, onRefused: (refusal) => setProblems(showRefusalOnForm(form, refusal, labels)) });
  return { form, saving: pending, problems, save };
}
