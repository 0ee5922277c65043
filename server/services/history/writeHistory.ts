import type { HistoryImportResult } from '../../../src/shared/schemas/history';
import { HOUSEHOLD_DATA_OWNERS_ONLY } from '../../../src/shared/schemas/householdData';
import { requireOwner } from '../members/members';
import { reserveIds } from '../../db/reservedIds';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { insertRows, isEmptyHousehold } from '../householdData/importHousehold';
import { refuseBeyondTransactionLimit } from '../transactions/reads';
import { allocationKey, type HistoryPlan } from './historyPlan';

const HISTORY_NOT_EMPTY_MESSAGE = 'This household already has data: history can only be brought into an empty household.';

/** Creates what the plan (and so the preview) says, in one transaction, into an empty household, by an owner. */
export async function writeHistory(scope: HouseholdScope, plan: HistoryPlan): Promise<HistoryImportResult['imported']> {
  return scope.transaction(async (trx) => {
    // The role as it stands under the household's write lock (the route checked it before reading the files).
    if (trx.actor) await requireOwner(trx, HOUSEHOLD_DATA_OWNERS_ONLY);
    if (!(await isEmptyHousehold(trx))) throw unprocessable(HISTORY_NOT_EMPTY_MESSAGE);
    await refuseBeyondTransactionLimit(trx, plan.placed.length);
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
    // Budgets and their lines a batch at a time, with ids taken first (reserveIds): fifteen years are 180 budgets
    // and some 10,000 lines, which a statement each made minutes on PostgreSQL.
    const budgetIds = await reserveIds(trx, 'budgets', plan.budgets.length);
    await insertRows(
      trx,
      'budgets',
      plan.budgets.map((budget, i) => ({ id: budgetIds[i], household_id, name: budget.name, start_date: budget.start, end_date: budget.end })),
    );
    const lines = plan.budgets.flatMap((budget, i) => budget.allocations.map((line) => ({ month: budget.month, budget_id: budgetIds[i], line })));
    const lineIds = await reserveIds(trx, 'allocations', lines.length);
    await insertRows(
      trx,
      'allocations',
      lines.map(({ budget_id, line }, i) => ({ id: lineIds[i], household_id, budget_id, allocation_category_id: categories.get(line.group)!, name: line.name, amount: line.amount })),
    );
    const allocations = new Map(lines.map(({ month, line }, i) => [`${month}\u0000${allocationKey(line.group, line.name)}`, lineIds[i]]));
    const incomes = plan.budgets.flatMap((budget, i) =>
      budget.incomes.map((income) => ({ household_id, budget_id: budgetIds[i], name: income.name, amount: income.amount, bank_account_id: accounts.get(income.account) ?? null })),
    );
    await insertRows(trx, 'incomes', incomes);
    const rows = plan.placed.map(({ transaction, allocation }) => ({
      household_id,
      bank_account_id: accounts.get(transaction.account)!,
      transaction_date: transaction.date,
      description: transaction.description,
      withdrawal_amount: transaction.withdrawal,
      deposit_amount: transaction.deposit,
      allocation_id: allocation === null ? null : (allocations.get(`${transaction.date.slice(0, 7)}\u0000${allocation}`) ?? null),
      bank_ref: transaction.reference,
      status: 'paid' as const,
    }));
    await insertRows(trx, 'transactions', rows);
    return {
      allocation_categories: categories.size,
      budgets: plan.budgets.length,
      allocations: lines.length,
      incomes: incomes.length,
      bank_accounts: accounts.size,
      transactions: rows.length,
    };
  });
}
