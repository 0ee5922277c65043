import type { DraftRow } from '../../../src/features/transactions/draftRows';
import type { Transaction } from '../../../src/shared/schemas/transactions';

let nextKey = 0;

/** A draft row with sensible defaults: a paid, saved withdrawal inside March 2026. */
export const draftRow = (overrides: Partial<DraftRow> = {}): DraftRow => ({
  key: `k${++nextKey}`,
  id: null,
  transaction_date: '2026-03-10',
  description: 'Groceries',
  withdrawal_amount: 1000,
  deposit_amount: 0,
  allocation_id: null,
  sink_fund_allocation_id: null,
  status: 'paid',
  brought_forward_status: null,
  bank_ref: null,
  is_manual_adjustment: false,
  deleted: false,
  ...overrides,
});

/** A transaction as `GET /transactions` returns it. */
export const transaction = (overrides: Partial<Transaction> & { id: number }): Transaction => {
  const withdrawal = overrides.withdrawal_amount ?? 0;
  const deposit = overrides.deposit_amount ?? 0;
  const status = overrides.status ?? 'paid';
  return {
    transaction_date: '2026-03-10',
    description: `Row ${overrides.id}`,
    withdrawal_amount: withdrawal,
    deposit_amount: deposit,
    net_amount: deposit - withdrawal,
    allocation_id: null,
    sink_fund_allocation_id: null,
    status,
    paid: status === 'paid',
    brought_forward_status: null,
    bank_ref: `REF-${overrides.id}`,
    is_manual_adjustment: false,
    bank_account_id: 1,
    ...overrides,
  };
};

export const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };
