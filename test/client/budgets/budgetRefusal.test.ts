import { readServerRefusal } from '../../../src/platform/apiErrors';
import { describeBudgetRefusal } from '../../../src/features/budgets/budgetRefusal';
import type { UpdateBudgetBody } from '../../../src/shared/schemas/budgets';

const body: UpdateBudgetBody = {
  lock_version: 3,
  incomes: [{ id: 11, name: 'Salary', amount: 1, bank_account_id: 99, comment: '', deleted: false }],
  allocations: [
    { id: 21, name: 'Rent', amount: 1, allocation_category_id: 1, allocation_class: 'need', is_fixed_amount: false, comment: '', special_event_id: null, deleted: false },
    { id: 0, name: '  ', amount: 1, allocation_category_id: 0, allocation_class: 'want', is_fixed_amount: false, comment: '', special_event_id: null, deleted: false },
  ],
};
const keys = { incomes: [11], allocations: [21, -1] };
const refused = (errors: string[], fieldErrors: Record<string, string[]>) => readServerRefusal({ status: 422, data: { success: false, errors, field_errors: fieldErrors } });

describe('a refused budget save in the person\'s words, each reason its own sentence', () => {
  it('names each row by its name (or as new), the field in words, and keeps reasons about the whole budget', () => {
    const result = describeBudgetRefusal(
      refused(["Bank account doesn't exist", 'allocations.1.allocation_category_id is required', "Allocation 'Food' has 2 transactions and cannot be deleted"], {
        'incomes.0.bank_account_id': ["Bank account doesn't exist"],
        'allocations.1.allocation_category_id': ['allocations.1.allocation_category_id is required'],
      }),
      body,
      keys,
    );
    expect(result.reasons).toEqual([
      "Salary: Bank account doesn't exist.",
      'New allocation: allocation category is required.',
      "Allocation 'Food' has 2 transactions and cannot be deleted.",
    ]);
    expect(result.rows).toEqual({ incomes: { 11: ['bank_account_id'] }, allocations: { [-1]: ['allocation_category_id'] } });
  });

  it('a refusal naming no row is its messages, and marks nothing', () => {
    const result = describeBudgetRefusal(refused(['A budget holds at most 5,000 allocations'], {}), body, keys);
    expect(result).toEqual({ reasons: ['A budget holds at most 5,000 allocations.'], rows: { incomes: {}, allocations: {} } });
  });
});
