import { rowsOfRefusal } from '../../../src/platform/editing/fieldErrors';
import { rowsToSave } from '../../../src/features/transactions/draftRows';
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

  it("puts the server's field errors on the rows they name, each reason as the server worded it (it names the row)", () => {
    const refusal = rowsOfRefusal(
      {
        messages: [],
        fieldErrors: { 'transactions.1.transaction_date': ['Row 2 (Rent): date is outside the budget period'], 'transactions.1.allocation_id': ['Row 2 (Rent): allocation not in this budget'], name: ['ignored'] },
      },
      { transactions: { keys: ['a', 'b'], names: [], unnamed: '' } },
    );
    expect([...refusal.said.transactions.entries()]).toEqual([['b', ['Row 2 (Rent): date is outside the budget period', 'Row 2 (Rent): allocation not in this budget']]]);
    expect(refusal.reasons).toEqual(['Row 2 (Rent): date is outside the budget period.', 'Row 2 (Rent): allocation not in this budget.']);
  });
});
