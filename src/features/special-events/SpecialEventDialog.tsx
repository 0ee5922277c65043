import { Form, Input } from 'antd';
import { z } from 'zod';
import type { Cents } from '../../shared/money';
import { dateSchema, nameSchema, nonNegativeMoneySchema } from '../../shared/schemas/common';
import type { SpecialEvent, SpecialEventBody } from '../../shared/schemas/specialEvents';
import { BalanceInput } from '../../components/BalanceInput';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/formRules';
import { useDialogForm } from '../../components/useDialogForm';
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
  const [create] = useCreateSpecialEventMutation();
  const [update] = useUpdateSpecialEventMutation();
  const { form, saving, problems, save } = useDialogForm(open, event, valuesOf, LABELS);

  const submit = async (values: Values) => {
    const body = bodyOf(values);
    const write = () => (event ? update({ id: event.id, body }) : create(body)).unwrap();
    if (await save({ write, success: 'Special Event saved.', failure: 'Special Event not saved.' })) onDone();
  };

  return (
    <FormDialog
      title={event ? `Edit Special Event: ${event.name}` : 'Add Special Event'}
      open={open}
      form={form}
      saving={saving}
      problems={problems}
      onSubmit={submit}
      onCancel={onDone}
      changesTo="this special event"
    >
      <Form.Item name="name" label={LABELS.name} rules={[zodRule(nameSchema, LABELS.name)]}>
        <Input maxLength={200} autoComplete="off" />
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
