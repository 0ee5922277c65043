import { useMemo } from 'react';
import { formatShortDate } from '../../shared/dates';
import type { PickerOptions } from './AllocationPicker';
import type { DraftRow } from './draftRows';
import { useGetCarriedForwardQuery } from './transactionsApi';

const NO_ORIGINS: ReadonlyMap<number, string> = new Map();

/**
 * A card window's carried-forward (B/F) rows keep the allocation of an earlier month: the picker and the table name
 * it from the server's answer ("Groceries (Mar 01 - Mar 31, 2026)") instead of its id, and each row says the date of
 * the charge it carries ("from Mar 14, 2026").
 */
export function useCarriedForwardChoices(
  accountId: number,
  budgetId: number,
  isCreditCard: boolean,
  rows: readonly DraftRow[],
  options: PickerOptions,
): { options: PickerOptions; carriedFrom: ReadonlyMap<number, string> } {
  const hasCopies = isCreditCard && rows.some((row) => row.brought_forward_status === 'added');
  const { data } = useGetCarriedForwardQuery({ bankAccountId: accountId, budgetId }, { skip: !hasCopies });
  return useMemo(() => {
    if (!hasCopies || !data || data.length === 0) return { options, carriedFrom: NO_ORIGINS };
    const own = new Set(options.flatMap((item) => ('options' in item ? item.options.map((option) => option.value) : [item.value])));
    const earlier = new Map<number, string>();
    for (const origin of data) {
      if (origin.allocation_id === null || origin.allocation_name === null || own.has(origin.allocation_id)) continue;
      earlier.set(origin.allocation_id, origin.budget_name ? `${origin.allocation_name} (${origin.budget_name})` : origin.allocation_name);
    }
    const carriedFrom = new Map(data.flatMap((origin) => (origin.original_date ? [[origin.transaction_id, formatShortDate(origin.original_date)] as const] : [])));
    const withEarlier: PickerOptions = earlier.size === 0 ? options : [...options, { label: 'Carried forward', options: [...earlier].map(([value, label]) => ({ value, label })) }];
    return { options: withEarlier, carriedFrom };
  }, [hasCopies, data, options]);
}
