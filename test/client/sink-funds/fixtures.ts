import type { SinkFund, SinkFundEnvelope } from '../../../src/shared/schemas/sinkFunds';
import { outstandingOf } from '../../../src/shared/sinkFundMath';

export const envelope = (id: number, name: string, balance: number, target: number, overrides: Partial<SinkFundEnvelope> = {}): SinkFundEnvelope => ({
  id,
  bank_account_id: 5,
  name,
  amount: target,
  target,
  current_balance: balance,
  outstanding: outstandingOf(balance, target),
  comment: null,
  status: 'open',
  transaction_count: balance === 0 ? 0 : 2,
  ...overrides,
});

/**
 * Savings (id 5): balance 1,550.00 = Car 300.00 (target 500.00) + Christmas 50.00 (no target) + a closed Insurance
 * envelope holding 20.00 + Unassigned Money 1,180.00.
 */
export function savingsFund(overrides: Partial<SinkFund> = {}): SinkFund {
  const envelopes = [
    envelope(11, 'Car', 30_000, 50_000, { comment: 'service in May' }),
    envelope(12, 'Christmas', 5_000, 0),
    envelope(13, 'Insurance', 2_000, 20_000, { status: 'closed' }),
  ];
  return {
    id: 5,
    name: 'Savings',
    status: 'open',
    current_balance: 155_000,
    assigned_balance: 37_000,
    unassigned_balance: 118_000,
    lock_version: 4,
    sink_fund_allocations: envelopes,
    ...overrides,
  };
}

export const billsFund = (): SinkFund => ({
  id: 6,
  name: 'Bills',
  status: 'open',
  current_balance: 0,
  assigned_balance: 0,
  unassigned_balance: 0,
  lock_version: 0,
  sink_fund_allocations: [],
});
