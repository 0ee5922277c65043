import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { Cents } from '../../shared/money';
import { dateSchema, nameSchema, nonNegativeMoneySchema } from '../../shared/schemas/common';
import type { SpecialEvent, SpecialEventBody } from '../../shared/schemas/specialEvents';
import { useWriteAction } from '../messages/useWriteAction';
import { BalanceInput } from '../setup/BalanceInput';
import { FormDialog } from '../setup/FormDialog';
import { showRefusalOnForm, zodRule } from '../setup/formRules';
import { useCreateSpecialEventMutation, useUpdateSpecialEventMutation } from './specialEventsApi';

interface Values {
  name: string;
  budget_amount: Cents;
  /** '' when the event has no date yet. */
  start_date: string;
}

const LABELS = { name: 'Name', budget_amount: 'Budget Amount', start_date: 'Start Date' } as const satisfies Record<keyof Values, string>;

const valuesOf = (event?: SpecialEvent): Values => ({
  name: event?.name ?? '',
  budget_amount: event?.budget_amount ?? 0,
  start_date: event?.start_date ?? '',
});

const bodyOf = (values: Values): SpecialEventBody => ({
  name: values.name.trim(),
  budget_amount: values.budget_amount,
  start_date: values.start_date === '' ? null : values.start_date,
});

/** An empty date field is "no date yet". */
const optionalDateRule = zodRule(z.preprocess((value) => (value === '' ? undefined : value), dateSchema.optional()), LABELS.start_date);

interface Props {
  open: boolean;
  /** The event being edited; none for "Add Special Event". */
  event?: SpecialEvent;
  onDone: () => void;
}

/** Name, budget amount and start date of an event. A refusal keeps the dialog open with what was typed. */
export function SpecialEventDialog({ open, event, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const [create] = useCreateSpecialEventMutation();
  const [update] = useUpdateSpecialEventMutation();
  const { run, pending } = useWriteAction();
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (open) {
      form.setFieldsValue(valuesOf(event));
      setProblems([]);
    }
  }, [open, event, form]);

  const submit = async (values: Values) => {
    const body = bodyOf(values);
    const saved = await run({
      write: () => (event ? update({ id: event.id, body }) : create(body)).unwrap(),
      success: 'Special Event saved.',
      failure: 'Special Event not saved.',
      onRefused: (refusal) => setProblems(showRefusalOnForm(form, refusal, LABELS)),
    });
    if (saved) onDone();
  };

  return (
    <FormDialog
      title={event ? `Edit Special Event: ${event.name}` : 'Add Special Event'}
      open={open}
      form={form}
      saving={pending}
      problems={problems}
      onSubmit={submit}
      onCancel={onDone}
    >
      <Form.Item name="name" label={LABELS.name} rules={[zodRule(nameSchema, LABELS.name)]}>
        <Input autoFocus maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="budget_amount" label={LABELS.budget_amount} rules={[zodRule(nonNegativeMoneySchema, LABELS.budget_amount)]}>
        <BalanceInput />
      </Form.Item>
      <Form.Item name="start_date" label={LABELS.start_date} rules={[optionalDateRule]}>
        <Input type="date" />
      </Form.Item>
    </FormDialog>
  );
}
