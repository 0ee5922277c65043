import type { HistoryImportResult } from '../../../src/shared/schemas/history';
import { chunked } from '../../db/chunks';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { isEmptyHousehold } from '../householdData/importHousehold';
import { allocationKey, type HistoryPlan } from './historyPlan';

const HISTORY_NOT_EMPTY_MESSAGE = 'This household already has data: history can only be brought into an empty household.';

/** Creates what the plan (and so the preview) says, in one transaction, into an empty household. */
export async function writeHistory(scope: HouseholdScope, plan: HistoryPlan): Promise<HistoryImportResult['imported']> {
  return scope.transaction(async (trx) => {
    if (!(await isEmptyHousehold(trx))) throw unprocessable(HISTORY_NOT_EMPTY_MESSAGE);
    const household_id = trx.householdId;
    const categories = new Map<string, number>();
    for (const name of plan.groups) {
      const row = await trx.insertInto('allocation_categories').values({ household_id, name }).returning('id').executeTakeFirstOrThrow();
      categories.set(name, row.id);
    }
    const accounts = new Map<string, number>();
    for (const account of plan.accounts) {
      const row = await trx
        .insertInto('bank_accounts')
        .values({
          household_id,
          name: account.name,
          opening_balance: account.openingBalance,
          opening_date: account.openingDate,
          account_category: account.offBudget ? 'asset' : 'current',
          status: account.closed ? 'closed' : 'open',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      accounts.set(account.name, row.id);
    }
    const allocations = new Map<string, number>();
    let allocationCount = 0;
    let incomeCount = 0;
    for (const budget of plan.budgets) {
      const made = await trx
        .insertInto('budgets')
        .values({ household_id, name: budget.name, start_date: budget.start, end_date: budget.end })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const line of budget.allocations) {
        const row = await trx
          .insertInto('allocations')
          .values({ household_id, budget_id: made.id, allocation_category_id: categories.get(line.group)!, name: line.name, amount: line.amount })
          .returning('id')
          .executeTakeFirstOrThrow();
        allocations.set(`${budget.month}\u0000${allocationKey(line.group, line.name)}`, row.id);
        allocationCount += 1;
      }
      for (const income of budget.incomes) {
        await trx
          .insertInto('incomes')
          .values({ household_id, budget_id: made.id, name: income.name, amount: income.amount, bank_account_id: accounts.get(income.account) ?? null })
          .execute();
        incomeCount += 1;
      }
    }
    const rows = plan.placed.map(({ transaction, allocation }) => ({
      household_id,
      bank_account_id: accounts.get(transaction.account)!,
      transaction_date: transaction.date,
      description: transaction.description.slice(0, 500),
      withdrawal_amount: transaction.withdrawal,
      deposit_amount: transaction.deposit,
      allocation_id: allocation === null ? null : (allocations.get(`${transaction.date.slice(0, 7)}\u0000${allocation}`) ?? null),
      bank_ref: transaction.reference,
      status: 'paid' as const,
    }));
    for (const chunk of chunked(rows)) await trx.insertInto('transactions').values(chunk).execute();
    return {
      allocation_categories: categories.size,
      budgets: plan.budgets.length,
      allocations: allocationCount,
      incomes: incomeCount,
      bank_accounts: accounts.size,
      transactions: rows.length,
    };
  });
}
