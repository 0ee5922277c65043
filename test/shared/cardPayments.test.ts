import { isCardPayment, markableAsPaid, oldestChargesCovering, totalOwed } from '../../src/shared/cardPayments';
import type { CardRow } from '../../src/shared/cardPayments';

const row = (id: number, date: string, withdrawal: number, deposit = 0, extra: Partial<CardRow> = {}): CardRow => ({
  id,
  transaction_date: date,
  withdrawal_amount: withdrawal,
  deposit_amount: deposit,
  status: 'unpaid',
  ...extra,
});

describe('card payments', () => {
  it('proposes the oldest unpaid charges that add up to the payment, an unpaid refund included', () => {
    const rows = [row(3, '2026-03-09', 9_000), row(1, '2026-03-02', 4_000), row(2, '2026-03-05', 6_000), row(4, '2026-03-06', 0, 1_000)];
    expect(oldestChargesCovering(rows, 10_000).map((r) => r.id)).toEqual([1, 2]);
    expect(oldestChargesCovering(rows, 18_000).map((r) => r.id)).toEqual([1, 2, 4, 3]);
    // Nothing adds up exactly: every oldest charge that fits, and the refund (the person ticks the rest).
    expect(totalOwed(oldestChargesCovering(rows, 5_000))).toBe(3_000);
  });

  it('never proposes a paid row, a deleted one or the balancing row a close wrote', () => {
    const rows = [row(1, '2026-03-01', 100, 0, { status: 'paid' }), row(2, '2026-03-01', 100, 0, { deleted: true }), row(3, '2026-03-01', -100, 0, { brought_forward_status: 'adjustment' })];
    expect(rows.filter(markableAsPaid)).toEqual([]);
    expect(oldestChargesCovering(rows, 1_000)).toEqual([]);
  });

  it('counts a deposit as a payment, but not a close’s rows', () => {
    expect(isCardPayment(row(1, '2026-03-20', 0, 10_000, { status: 'paid' }))).toBe(true);
    expect(isCardPayment(row(2, '2026-03-20', 500))).toBe(false);
    expect(isCardPayment(row(3, '2026-04-01', 0, 10_000, { brought_forward_status: 'added' }))).toBe(false);
  });
});
