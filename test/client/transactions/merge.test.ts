import { importSummaryText, mergeImported } from '../../../src/features/transactions/import/merge';
import type { ImportedRow } from '../../../src/features/transactions/import/types';
import { draftRow, MARCH } from './builders';

const imported = (overrides: Partial<ImportedRow> = {}): ImportedRow => ({
  transaction_date: '2026-03-12',
  description: 'Coffee Shop',
  withdrawal_amount: 450,
  deposit_amount: 0,
  ...overrides,
});

describe('importing rows into a window', () => {
  it('appends rows inside the window as new, live rows', () => {
    const outcome = mergeImported([], [imported(), imported({ description: 'Salary', withdrawal_amount: 0, deposit_amount: 500000 })], MARCH, false);
    expect(outcome).toMatchObject({ added: 2, outsideWindow: 0, duplicates: 0 });
    expect(outcome.rows.map((row) => [row.id, row.deleted, row.status, row.importFlag])).toEqual([
      [null, false, 'paid', undefined],
      [null, false, 'paid', undefined],
    ]);
    expect(new Set(outcome.rows.map((row) => row.key)).size).toBe(2);
  });

  it('marks rows outside the window deleted', () => {
    const outcome = mergeImported([], [imported({ transaction_date: '2026-02-28' }), imported({ transaction_date: '2026-04-01' }), imported({ transaction_date: '2026-03-31' })], MARCH, false);
    expect(outcome).toMatchObject({ added: 1, outsideWindow: 2, duplicates: 0 });
    expect(outcome.rows.map((row) => [row.deleted, row.importFlag ?? null])).toEqual([
      [true, 'outside'],
      [true, 'outside'],
      [false, null],
    ]);
  });

  it('flags rows with a bank reference already in the window, even with other details', () => {
    const existing = [draftRow({ bank_ref: 'FIT-1', description: 'Something else', transaction_date: '2026-03-02' })];
    const outcome = mergeImported(existing, [imported({ bank_ref: 'FIT-1' }), imported({ bank_ref: 'FIT-2' })], MARCH, false);
    expect(outcome).toMatchObject({ added: 1, duplicates: 1 });
    expect(outcome.rows[0]).toMatchObject({ deleted: true, importFlag: 'duplicate' });
    expect(outcome.rows[1]).toMatchObject({ deleted: false, bank_ref: 'FIT-2' });
  });

  it('unticks rows with the same date, amount and description (ignoring case and spacing) as possible duplicates', () => {
    const existing = [draftRow({ transaction_date: '2026-03-12', description: 'coffee  shop', withdrawal_amount: 450 })];
    const outcome = mergeImported(existing, [imported(), imported({ withdrawal_amount: 451 }), imported({ transaction_date: '2026-03-13' })], MARCH, false);
    expect(outcome.rows.map((row) => [row.importFlag ?? null, row.deleted])).toEqual([
      ['possible-duplicate', true],
      [null, false],
      [null, false],
    ]);
    expect(outcome).toMatchObject({ added: 2, duplicates: 0, possibleDuplicates: 1 });
  });

  it('keeps a row whose own bank reference differs from the one already there: two coffees on one day are real', () => {
    const existing = [draftRow({ transaction_date: '2026-03-12', description: 'Coffee Shop', withdrawal_amount: 450, bank_ref: 'FIT-1' })];
    const outcome = mergeImported(existing, [imported({ bank_ref: 'FIT-2' })], MARCH, false);
    expect(outcome.rows.map((row) => [row.importFlag ?? null, row.deleted])).toEqual([[null, false]]);
  });

  it('ignores rows toggled deleted when looking for duplicates', () => {
    const existing = [draftRow({ transaction_date: '2026-03-12', description: 'Coffee Shop', withdrawal_amount: 450, deleted: true })];
    expect(mergeImported(existing, [imported()], MARCH, false).duplicates).toBe(0);
  });

  it('catches the same file imported twice', () => {
    const file = [imported({ bank_ref: 'A' }), imported({ bank_ref: 'B', description: 'Bakery' })];
    const first = mergeImported([], file, MARCH, false);
    const second = mergeImported(first.rows, file, MARCH, false);
    expect(second).toMatchObject({ added: 0, duplicates: 2 });
  });

  it('leaves credit-card charges unpaid and card payments paid', () => {
    const outcome = mergeImported([], [imported(), imported({ withdrawal_amount: 0, deposit_amount: 10000, description: 'Payment' })], MARCH, true);
    expect(outcome.rows.map((row) => row.status)).toEqual(['unpaid', 'paid']);
  });

  it('checks 500 rows against a 2,000-row window by set lookups', () => {
    const existing = Array.from({ length: 2000 }, (_, i) => draftRow({ bank_ref: `E${i}`, description: `Existing ${i}`, withdrawal_amount: i + 1 }));
    const file = Array.from({ length: 500 }, (_, i) => imported({ bank_ref: i % 5 === 0 ? `E${i}` : `N${i}`, description: `Imported ${i}` }));
    const outcome = mergeImported(existing, file, MARCH, false);
    expect(outcome).toMatchObject({ added: 400, duplicates: 100, outsideWindow: 0 });
  });

  it('sums up what happened', () => {
    const outcome = mergeImported([draftRow({ bank_ref: 'X' })], [imported(), imported({ bank_ref: 'X' }), imported({ transaction_date: '2026-05-01' })], MARCH, false);
    expect(importSummaryText(outcome)).toBe('3 rows read: 1 added, 1 outside the budget period, 1 duplicate.');
    expect(importSummaryText(outcome, 2)).toBe('5 rows read: 1 added, 1 outside the budget period, 1 duplicate, 2 unreadable.');
    const possible = mergeImported([draftRow({ transaction_date: '2026-03-12', description: 'Coffee Shop', withdrawal_amount: 450 })], [imported()], MARCH, false);
    expect(importSummaryText(possible)).toBe('1 row read: 0 added, 0 outside the budget period, 0 duplicates, 1 possible duplicate (unticked).');
  });
});
