import { Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useMemo } from 'react';
import type { Cents } from '../../shared/money';
import { LAST_DAY } from '../../shared/schedules/occurrences';
import type { Schedule, ScheduleInput } from '../../shared/schemas/schedules';
import { BalanceInput } from '../../components/BalanceInput';
import { FormDialog } from '../../components/FormDialog';
import { useDialogForm } from '../../components/useDialogForm';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetSinkFundsQuery } from '../sink-funds/sinkFundsApi';
import { useCreateScheduleMutation, useUpdateScheduleMutation } from './schedulesApi';

/** What a new schedule starts from: nothing, or a transaction "made to repeat". */
export interface ScheduleDraft {
  description?: string;
  amount?: Cents;
  bank_account_id?: number;
  allocation_id?: number;
  start_date?: string;
}

interface Values {
  description: string;
  direction: 'out' | 'in';
  amount: Cents;
  bank_account_id?: number;
  allocation_category_id?: number;
  allocation_name: string;
  sink_fund_allocation_id?: number;
  frequency: Schedule['frequency'];
  every: number;
  day_of_month?: number;
  start_date: string;
  end_date: string;
  times?: number | null;
  auto_enter: boolean;
  tolerance: Cents;
}

const LABELS = {
  description: 'Description',
  amount: 'Amount',
  bank_account_id: 'Bank Account',
  allocation_category_id: 'Allocation Category',
  allocation_name: 'Allocation',
  sink_fund_allocation_id: 'Sink Fund Allocation',
  frequency: 'How Often',
  every: 'Every',
  day_of_month: 'Day of Month',
  start_date: 'Start Date',
  end_date: 'End Date',
  times: 'Number of Times',
  auto_enter: 'Enter automatically on its day',
  tolerance: 'Import Match Tolerance',
} as const;

type Item = { schedule?: Schedule; draft?: ScheduleDraft };

const valuesOf = (item: Item | undefined): Values => {
  const schedule = item?.schedule;
  const draft = item?.draft;
  const amount = schedule?.amount ?? draft?.amount ?? 0;
  return {
    description: schedule?.description ?? draft?.description ?? '',
    direction: amount > 0 ? 'in' : 'out',
    amount: Math.abs(amount),
    bank_account_id: schedule?.bank_account_id ?? draft?.bank_account_id,
    allocation_category_id: schedule?.allocation_category_id ?? undefined,
    allocation_name: schedule?.allocation_name ?? '',
    sink_fund_allocation_id: schedule?.sink_fund_allocation_id ?? undefined,
    frequency: schedule?.frequency ?? 'monthly',
    every: schedule?.every ?? 1,
    day_of_month: schedule?.day_of_month ?? undefined,
    start_date: schedule?.start_date ?? draft?.start_date ?? '',
    end_date: schedule?.end_date ?? '',
    times: schedule?.times ?? null,
    auto_enter: schedule?.auto_enter ?? false,
    tolerance: schedule?.tolerance ?? 0,
  };
};

/** What the schedule pays: an envelope of a sink fund, or an allocation (by category and name, or the draft's line). */
function paysInto(values: Values, envelopes: boolean, draft?: ScheduleDraft): Partial<ScheduleInput> {
  if (envelopes && values.sink_fund_allocation_id) return { sink_fund_allocation_id: values.sink_fund_allocation_id, allocation_category_id: null, allocation_name: null };
  const named = values.allocation_category_id && values.allocation_name.trim() !== '';
  if (named) return { allocation_category_id: values.allocation_category_id, allocation_name: values.allocation_name.trim(), sink_fund_allocation_id: null };
  // A transaction made to repeat keeps its allocation unless the person named another.
  if (draft?.allocation_id && !values.allocation_category_id) return { allocation_id: draft.allocation_id, sink_fund_allocation_id: null };
  return { allocation_category_id: values.allocation_category_id ?? null, allocation_name: values.allocation_name.trim() || null, sink_fund_allocation_id: null };
}

function bodyOf(values: Values, envelopes: boolean, draft?: ScheduleDraft): ScheduleInput {
  return {
    description: values.description,
    amount: values.direction === 'out' ? -values.amount : values.amount,
    bank_account_id: values.bank_account_id ?? 0,
    ...paysInto(values, envelopes, draft),
    frequency: values.frequency,
    every: values.every,
    day_of_month: values.frequency === 'monthly' ? (values.day_of_month ?? null) : null,
    start_date: values.start_date,
    end_date: values.end_date === '' ? null : values.end_date,
    times: values.times ?? null,
    auto_enter: values.auto_enter,
    tolerance: values.tolerance,
  };
}

const DAYS = [
  ...Array.from({ length: 30 }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
  { value: LAST_DAY, label: 'Last day of the month' },
];

interface Props {
  open: boolean;
  schedule?: Schedule;
  draft?: ScheduleDraft;
  onDone: () => void;
}

/** Add or edit a schedule. A refusal keeps the dialog open with what was typed. */
export function ScheduleDialog({ open, schedule, draft, onDone }: Props) {
  const [create] = useCreateScheduleMutation();
  const [update] = useUpdateScheduleMutation();
  const { data: accounts = [] } = useGetBankAccountsQuery();
  const { data: categories = [] } = useGetAllocationCategoriesQuery();
  // One object per schedule or draft: the form is filled again whenever it changes (useDialogForm).
  const item = useMemo(() => (schedule || draft ? { schedule, draft } : undefined), [schedule, draft]);
  const { form, saving, problems, save } = useDialogForm(open, item, valuesOf, LABELS);
  const frequency = Form.useWatch('frequency', form);
  const accountId = Form.useWatch('bank_account_id', form);
  const envelopeId = Form.useWatch('sink_fund_allocation_id', form);
  const sinkFund = accounts.find((a) => a.id === accountId)?.account_type === 'sink_fund';
  const { data: funds = [] } = useGetSinkFundsQuery(undefined, { skip: !open || !sinkFund });
  // Open envelopes, and the one the schedule pays into even if it was closed since (to keep it or change it).
  const envelopes = sinkFund ? (funds.find((f) => f.id === accountId)?.sink_fund_allocations ?? []).filter((e) => e.status === 'open' || e.id === schedule?.sink_fund_allocation_id) : [];
  const intoEnvelope = sinkFund && Boolean(envelopeId);

  const submit = async (values: Values) => {
    const body = bodyOf(values, sinkFund, draft);
    const write = () => (schedule ? update({ id: schedule.id, body }) : create(body)).unwrap();
    if (await save({ write, success: 'Schedule saved.', failure: 'Schedule not saved.' })) onDone();
  };

  return (
    <FormDialog
      title={schedule ? `Edit Schedule: ${schedule.description}` : 'Add Schedule'}
      open={open}
      form={form}
      saving={saving}
      problems={problems}
      onSubmit={submit}
      onCancel={onDone}
      changesTo="this schedule"
    >
      <Form.Item name="description" label={LABELS.description} rules={[{ required: true, whitespace: true, message: "Description can't be blank" }]}>
        <Input maxLength={500} autoComplete="off" />
      </Form.Item>
      <Form.Item name="direction" label="Money">
        <Radio.Group
          options={[
            { value: 'out', label: 'Out (a bill)' },
            { value: 'in', label: 'In' },
          ]}
        />
      </Form.Item>
      <Form.Item name="amount" label={LABELS.amount}>
        <BalanceInput />
      </Form.Item>
      <Form.Item name="bank_account_id" label={LABELS.bank_account_id} rules={[{ required: true, message: 'Choose a bank account' }]}>
        <Select options={accounts.map((a) => ({ value: a.id, label: a.name }))} showSearch optionFilterProp="label" />
      </Form.Item>
      {sinkFund && (
        <Form.Item name="sink_fund_allocation_id" label={LABELS.sink_fund_allocation_id} extra="The envelope of this sink fund the money goes into or comes out of; or an allocation below.">
          <Select allowClear options={envelopes.map((e) => ({ value: e.id, label: e.name }))} showSearch optionFilterProp="label" />
        </Form.Item>
      )}
      {!intoEnvelope && (
        <>
          <Form.Item name="allocation_category_id" label={LABELS.allocation_category_id}>
            <Select allowClear options={categories.map((c) => ({ value: c.id, label: c.name }))} showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="allocation_name" label={LABELS.allocation_name} extra="The allocation of this name in the budget of each occurrence's date.">
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </>
      )}
      <Form.Item name="frequency" label={LABELS.frequency}>
        <Select
          options={[
            { value: 'monthly', label: 'Every month' },
            { value: 'weekly', label: 'Every week' },
            { value: 'yearly', label: 'Every year' },
          ]}
        />
      </Form.Item>
      <Form.Item name="every" label={`${LABELS.every} (${frequency === 'weekly' ? 'weeks' : frequency === 'yearly' ? 'years' : 'months'})`}>
        <InputNumber min={1} max={99} precision={0} />
      </Form.Item>
      {frequency === 'monthly' && (
        <Form.Item name="day_of_month" label={LABELS.day_of_month} extra="Left empty: the start date's day. A day a month lacks is its last day.">
          {/* Every day listed, not a virtual window of ten: "Last day of the month" is found by reading on, or by its first letters. */}
          <Select allowClear options={DAYS} virtual={false} showSearch optionFilterProp="label" />
        </Form.Item>
      )}
      <Form.Item name="start_date" label={LABELS.start_date} rules={[{ required: true, message: 'Choose the first date' }]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="end_date" label={LABELS.end_date}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="times" label={LABELS.times} extra="Optional: ends after this many times.">
        <InputNumber min={1} precision={0} />
      </Form.Item>
      <Form.Item name="auto_enter" valuePropName="checked">
        <Checkbox>{LABELS.auto_enter}</Checkbox>
      </Form.Item>
      <Form.Item name="tolerance" label={LABELS.tolerance} extra="An imported bank row may differ from the amount by this much and still be this bill.">
        <BalanceInput />
      </Form.Item>
    </FormDialog>
  );
}
