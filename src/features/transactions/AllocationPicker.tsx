import { Select, type RefSelectProps } from 'antd';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { allocationGroups } from '../../shared/allocationGroups';
import type { Allocation } from '../../shared/schemas/budgets';
import type { BankAccount } from '../../shared/schemas/setup';
import type { SinkFundAllocation } from '../../shared/schemas/transactions';
import { useGetSinkFundEnvelopesQuery } from './transactionsApi';

interface PickerOption {
  value: number;
  label: string;
}
interface PickerGroup {
  label: string;
  options: PickerOption[];
}
export type PickerOptions = (PickerGroup | PickerOption)[];

/** A budget's allocations grouped by category (category-name order, names inside a group). */
export const allocationOptions = (allocations: readonly Allocation[]): PickerGroup[] =>
  allocationGroups(allocations).map(({ category, allocations: group }) => ({ label: category, options: group.map((a) => ({ value: a.id, label: a.name })) }));

const envelopeOptions = (envelopes: readonly SinkFundAllocation[]): PickerOption[] =>
  envelopes.map((envelope) => ({ value: envelope.id, label: envelope.name }));

/** What an account's rows are allocated to: its envelopes for a sink-fund account, otherwise `allocationChoices`. */
export function useAccountChoices(account: BankAccount | undefined, allocationChoices: PickerOptions): PickerOptions {
  const isSinkFund = account?.is_sink_fund ?? false;
  const { data: envelopes } = useGetSinkFundEnvelopesQuery(account?.id ?? 0, { skip: !account || !isSinkFund });
  return useMemo(() => (isSinkFund ? envelopeOptions(envelopes ?? []) : allocationChoices), [isSinkFund, envelopes, allocationChoices]);
}

/** The name behind an id, for view mode. */
export function optionLabel(options: PickerOptions, value: number | null): string {
  if (value == null) return '';
  for (const item of options) {
    if ('options' in item) {
      const found = item.options.find((option) => option.value === value);
      if (found) return found.label;
    } else if (item.value === value) return item.label;
  }
  return `#${value}`;
}

const search = { optionFilterProp: 'label' };

/** An allocation (or envelope) picker searchable by typing; clearing it gives null. */
export const AllocationPicker = memo(function AllocationPicker({
  value,
  options,
  onChange,
  ariaLabel,
  placeholder = 'Choose…',
}: {
  value: number | null;
  options: PickerOptions;
  onChange: (value: number | null) => void;
  ariaLabel: string;
  placeholder?: string;
}) {
  const select = useRef<RefSelectProps>(null);
  // The clear button (a mouse convenience) is left out of the Tab order, so Tab goes from the picker to the next
  // field (the row's amount) as in the rest of the grid.
  useLayoutEffect(() => {
    select.current?.nativeElement?.querySelectorAll<HTMLButtonElement>('.ant-select-clear').forEach((button) => (button.tabIndex = -1));
  });
  return (
    <Select<number | null>
      ref={select}
      aria-label={ariaLabel}
      value={value ?? undefined}
      options={options}
      showSearch={search}
      allowClear
      placeholder={placeholder}
      popupMatchSelectWidth={false}
      onChange={(next) => onChange(next ?? null)}
    />
  );
});
