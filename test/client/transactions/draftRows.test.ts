import { rowErrorsFromFieldErrors, rowsToSave } from '../../../src/features/transactions/draftRows';
import { draftRow } from './builders';

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
