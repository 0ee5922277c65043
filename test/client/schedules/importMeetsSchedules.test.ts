import { newDraftRow } from '../../../src/features/transactions/draftRows';
import { importSummaryText, mergeImported } from '../../../src/features/transactions/import/merge';

const window = { start_date: '2026-12-01', end_date: '2026-12-31' };
const bill = { schedule_id: 4, date: '2026-12-01', amount: -120_000, description: 'Rent', tolerance: 500, allocation_id: 9, sink_fund_allocation_id: null };
const imported = (date: string, description: string, withdrawal: number) => ({ transaction_date: date, description, withdrawal_amount: withdrawal, deposit_amount: 0, bank_ref: `B-${date}-${withdrawal}` });

describe('an import meeting scheduled bills', () => {
  it('marks the row paying an upcoming bill, gives it the bill allocation and says which row is which bill', () => {
    const outcome = mergeImported([], [imported('2026-12-02', 'RENT PAYMENT DEC', 120_300), imported('2026-12-02', 'Coffee', 400)], window, false, {
      upcoming: [bill],
      tolerances: new Map([[4, 500]]),
    });
    expect(outcome.rows.map((row) => [row.description, row.importFlag ?? null, row.allocation_id])).toEqual([
      ['RENT PAYMENT DEC', 'scheduled', 9],
      ['Coffee', null, null],
    ]);
    expect(outcome.matched).toEqual(["'RENT PAYMENT DEC' is Rent of Dec 01, 2026"]);
    expect(importSummaryText(outcome)).toBe('2 rows read: 2 added, 0 outside the budget period, 0 duplicates, 1 scheduled bill matched.');
  });

  it('replaces a row the schedule already entered instead of doubling it, and leaves a row beyond the tolerance alone', () => {
    const entered = { ...newDraftRow('2026-12-01', 'paid'), id: 31, description: 'Rent', withdrawal_amount: 120_000, allocation_id: 9, bank_ref: 'SCH-4-2026-12-01' };
    const outcome = mergeImported([entered], [imported('2026-12-03', 'RENT', 120_000)], window, false, { upcoming: [], tolerances: new Map([[4, 0]]) });
    expect(outcome.replacedKeys).toEqual([entered.key]);
    expect(outcome.rows[0]).toMatchObject({ importFlag: 'scheduled', allocation_id: 9 });
    expect(outcome.matched).toEqual(["'RENT' is Rent of Dec 01, 2026 (replaces the row entered for it)"]);

    const beyond = mergeImported([entered], [imported('2026-12-03', 'RENT', 120_001)], window, false, { upcoming: [], tolerances: new Map([[4, 0]]) });
    expect(beyond.replacedKeys).toEqual([]);
    expect(beyond.rows[0].importFlag).toBeUndefined();
  });
});
