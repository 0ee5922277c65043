import { BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import type { CarriedForwardOrigin } from '../../../src/shared/schemas/cardPayments';
import { inChunks } from '../../db/chunks';
import type { HouseholdScope } from '../../db/scope';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import { CARRIED_REF_SUFFIX } from '../budgets/creditCardCarryForward';

/** The bank reference of the charge a copy was first made from: a copy carried again has one "-BF" per close. */
const originalRef = (ref: string) => {
  let original = ref;
  while (original.endsWith(CARRIED_REF_SUFFIX)) original = original.slice(0, -CARRIED_REF_SUFFIX.length);
  return original;
};

/**
 * Where each carried-forward (B/F) row of a card window came from: the allocation it still counts in (by name, with
 * its budget: it belongs to an earlier month, so the window's own allocations do not name it) and the date of the
 * charge as it was entered.
 */
export async function carriedForwardOrigins(scope: HouseholdScope, accountId: number, budgetId: number): Promise<CarriedForwardOrigin[]> {
  const account = await scope.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
  const budget = await scope.find('budgets', budgetId, BUDGET_NOT_FOUND_MESSAGE);
  const copies = await scope
    .selectFrom('transactions')
    .leftJoin('allocations', 'allocations.id', 'transactions.allocation_id')
    .leftJoin('budgets', 'budgets.id', 'allocations.budget_id')
    .select(['transactions.id', 'transactions.bank_ref', 'transactions.allocation_id', 'allocations.name as allocation_name', 'budgets.name as budget_name'])
    .where('transactions.bank_account_id', '=', account.id)
    .where('transactions.transaction_date', '>=', budget.start_date)
    .where('transactions.transaction_date', '<=', budget.end_date)
    .where('transactions.brought_forward_status', '=', 'added')
    .orderBy('transactions.id')
    .execute();
  const dates = new Map<string, string>();
  await inChunks([...new Set(copies.map((copy) => originalRef(copy.bank_ref)))], async (refs) => {
    const originals = await scope
      .selectFrom('transactions')
      .select(['bank_ref', 'transaction_date'])
      .where('bank_account_id', '=', account.id)
      .where('bank_ref', 'in', refs)
      .execute();
    for (const row of originals) dates.set(row.bank_ref, row.transaction_date);
  });
  return copies.map((copy) => ({
    transaction_id: copy.id,
    original_date: dates.get(originalRef(copy.bank_ref)) ?? null,
    allocation_id: copy.allocation_id,
    allocation_name: copy.allocation_name ?? null,
    budget_name: copy.budget_name ?? null,
  }));
}
