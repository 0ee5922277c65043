import { draftReducer, rowErrorsFromFieldErrors, rowsToSave } from '../../../src/features/transactions/draftRows';
import {
  DATE_OUT_OF_RANGE,
  DATE_REQUIRED,
  defaultRowDate,
  importedRowStatus,
  NEGATIVE_AMOUNT,
  newRowStatus,
  rowProblems,
  statusAfterAllocationChange,
  windowDateMessage,
  windowDateProblem,
} from '../../../src/features/transactions/rules';
import { draftRow, MARCH } from './builders';

describe('paid and unpaid', () => {
  it('choosing an allocation marks a row paid; clearing it marks it unpaid', () => {
    expect(statusAfterAllocationChange(12)).toBe('paid');
    expect(statusAfterAllocationChange(null)).toBe('unpaid');
    expect(statusAfterAllocationChange(undefined)).toBe('unpaid');
  });

  it('a new row is unpaid on a credit card and paid elsewhere', () => {
    expect(newRowStatus(true)).toBe('unpaid');
    expect(newRowStatus(false)).toBe('paid');
  });

  it('an imported credit-card charge is unpaid; a payment to the card is paid', () => {
    expect(importedRowStatus(true, 500)).toBe('unpaid');
    expect(importedRowStatus(true, 0)).toBe('paid');
    expect(importedRowStatus(false, 500)).toBe('paid');
  });
});

describe('dates inside the budget window', () => {
  it('accepts the first and last day and everything between', () => {
    expect(windowDateProblem('2026-03-01', MARCH)).toBeNull();
    expect(windowDateProblem('2026-03-31', MARCH)).toBeNull();
  });

  it('refuses days before or after the window with the product message', () => {
    expect(windowDateProblem('2026-02-28', MARCH)).toBe('before');
    expect(windowDateProblem('2026-04-01', MARCH)).toBe('after');
    expect(windowDateMessage('before')).toBe('Date is outside of budget range');
    expect(windowDateMessage('after')).toBe(DATE_OUT_OF_RANGE);
  });

  it('requires a date, and checks nothing more without a budget', () => {
    expect(windowDateProblem('', MARCH)).toBe('required');
    expect(windowDateProblem('2026-02-30', MARCH)).toBe('required');
    expect(windowDateMessage('required')).toBe(DATE_REQUIRED);
    expect(windowDateProblem('2020-01-01', null)).toBeNull();
  });

  it('dates a new row today when today is in the window, else on its first day', () => {
    expect(defaultRowDate(MARCH, '2026-03-17')).toBe('2026-03-17');
    expect(defaultRowDate(MARCH, '2026-05-02')).toBe('2026-03-01');
  });

  it('lists what stops a row from being saved, ignoring rows toggled deleted', () => {
    expect(rowProblems(draftRow({ transaction_date: '2026-04-02' }), MARCH)).toEqual([DATE_OUT_OF_RANGE]);
    expect(rowProblems(draftRow({ withdrawal_amount: -5 }), MARCH)).toEqual([NEGATIVE_AMOUNT]);
    expect(rowProblems(draftRow({ withdrawal_amount: -5, brought_forward_status: 'adjustment' }), MARCH)).toEqual([]);
    expect(rowProblems(draftRow({ transaction_date: '2026-04-02', deleted: true }), MARCH)).toEqual([]);
  });
});

describe('the save body', () => {
  it('sends saved rows (deleted ones flagged), new rows, and leaves out new rows toggled deleted', () => {
    const saved = draftRow({ id: 5, key: 't5' });
    const savedDeleted = draftRow({ id: 6, key: 't6', deleted: true });
    const fresh = draftRow({ key: 'n1', description: 'New' });
    const freshDeleted = draftRow({ key: 'n2', deleted: true });
    const { transactions, keys } = rowsToSave([saved, savedDeleted, freshDeleted, fresh]);
    expect(keys).toEqual(['t5', 't6', 'n1']);
    expect(transactions.map((row) => [row.id, row.deleted ?? false, row.description])).toEqual([
      [5, false, 'Groceries'],
      [6, true, 'Groceries'],
      [null, false, 'New'],
    ]);
  });

  it("puts the server's field errors on the rows they name", () => {
    const errors = rowErrorsFromFieldErrors(
      { 'transactions.1.transaction_date': ['Row 2 (Rent): date is outside the budget period'], 'transactions.1.allocation_id': ['Row 2 (Rent): allocation not in this budget'], name: ['ignored'] },
      ['a', 'b'],
    );
    expect([...errors.entries()]).toEqual([['b', ['Row 2 (Rent): date is outside the budget period', 'Row 2 (Rent): allocation not in this budget']]]);
  });
});

describe('the draft', () => {
  it('replaces only the row an edit touches', () => {
    const rows = [draftRow(), draftRow(), draftRow()];
    const next = draftReducer(rows, { type: 'rowChanged', key: rows[1].key, changes: { description: 'Bakery' } });
    expect(next[0]).toBe(rows[0]);
    expect(next[2]).toBe(rows[2]);
    expect(next[1]).toMatchObject({ description: 'Bakery' });
  });

  it('toggles deletion back and forth', () => {
    const rows = [draftRow()];
    const once = draftReducer(rows, { type: 'rowDeleteToggled', key: rows[0].key });
    expect(once[0].deleted).toBe(true);
    expect(draftReducer(once, { type: 'rowDeleteToggled', key: rows[0].key })[0].deleted).toBe(false);
  });
});
