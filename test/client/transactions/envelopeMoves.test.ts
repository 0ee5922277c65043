import { envelopeMoves } from '../../../src/features/transactions/envelopeMoves';
import { columnTotals } from '../../../src/features/transactions/summary';
import { ALLOCATION_TRANSFER_DESCRIPTION } from '../../../src/shared/schemas/sinkFunds';

const names: Record<number, string> = { 1: 'Car', 2: 'Trip' };
const nameOf = (id: number | null) => (id === null ? 'Unassigned Money' : names[id]);
const half = (id: number, envelope: number | null, withdrawal: number, deposit: number, date = '2026-03-05') => ({
  key: `t${id}`,
  id,
  transaction_date: date,
  description: ALLOCATION_TRANSFER_DESCRIPTION,
  withdrawal_amount: withdrawal,
  deposit_amount: deposit,
  sink_fund_allocation_id: envelope,
});

describe('moves between envelopes in an account list', () => {
  it('names both rows of one move alike, whatever order the list shows them in', () => {
    const moves = envelopeMoves([half(11, 2, 0, 5000), half(10, 1, 5000, 0)], nameOf);
    expect(moves.get('t10')).toEqual({ text: 'Moved from Car to Trip', part: 'from' });
    expect(moves.get('t11')).toEqual({ text: 'Moved from Car to Trip', part: 'to' });
  });

  it('says Unassigned Money for the side with no envelope', () => {
    const moves = envelopeMoves([half(20, null, 700, 0), half(21, 1, 0, 700)], nameOf);
    expect(moves.get('t21')?.text).toBe('Moved from Unassigned Money to Car');
  });

  it('pairs nothing that is not one move: another amount, another day, a lone half, another description', () => {
    const other = { ...half(31, 2, 0, 100), description: 'Interest' };
    expect(
      envelopeMoves([half(1, 1, 500, 0), half(2, 2, 0, 400), half(5, 1, 500, 0), half(6, 2, 0, 500, '2026-03-06'), half(8, 1, 300, 0), half(30, 1, 100, 0), other], nameOf).size,
    ).toBe(0);
  });
});

// Issue 42: a move's two rows inflated the sink fund's Withdrawn and Deposited totals; they cancel out.
describe("the window's totals of a sink fund", () => {
  const row = (id: number, withdrawal: number, deposit: number, deleted = false) => ({
    ...half(id, 1, withdrawal, deposit),
    description: 'Insurance',
    status: 'paid' as const,
    allocation_id: null,
    brought_forward_status: null,
    deleted,
  });
  const move = (id: number, envelope: number | null, withdrawal: number, deposit: number) => ({ ...row(id, withdrawal, deposit), ...half(id, envelope, withdrawal, deposit) });

  it('leave out the moves between envelopes and count every other row', () => {
    const rows = [row(1, 0, 20_000), move(10, 1, 12_500, 0), move(11, 2, 0, 12_500), row(12, 3_000, 0), row(13, 999, 0, true)];
    const moveKeys = new Set(envelopeMoves(rows, nameOf).keys());
    expect(columnTotals(rows, moveKeys)).toEqual({ withdrawn: 3_000, deposited: 20_000, movesLeftOut: 1 });
    // Without the moves named (any other account), every live row counts.
    expect(columnTotals(rows)).toEqual({ withdrawn: 15_500, deposited: 32_500, movesLeftOut: 0 });
  });
});
