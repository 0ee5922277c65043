import type { HistoryImportResult } from '../../../src/shared/schemas/history';
import { HOUSEHOLD_DATA_OWNERS_ONLY } from '../../../src/shared/schemas/householdData';
import { counted } from '../../../src/shared/wording';
import { moveVersion } from '../../db/lockVersions';
import { recorded } from '../activity/record';
import { reserveIds } from '../../db/reservedIds';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { lastClosingDate } from '../bankAccounts';
import { settleCheckpoints } from '../budgets/accountCheckpoints';
import { insertRows } from '../householdData/importHousehold';
import { requireOwner } from '../members/members';
import { refuseBeyondTransactionLimit } from '../transactions/reads';
import { columnsOfKind, householdRevision } from './historyHousehold';
import { writeRowSet } from '../../db/rowSet';
import { SPLIT_COLUMNS } from '../transactions/splits';
import type { HistoryPlan, PlacedAllocation } from './historyPlan';

const HOUSEHOLD_CHANGED = 'This household changed since these files were read (someone saved something meanwhile): preview again, then import.';
/** Before any account's opening date: settling there leaves every checkpoint at its account's opening. */
const BEFORE_ANY_OPENING = '1900-01-01';

/**
 * Writes what the plan (and so the preview) says, in one transaction, by an owner, into the household as it was
 * when the plan was made (its revision unchanged): new categories and accounts, the matched accounts' opening
 * moved back, the budgets of the months before the household's first, and the rows.
 */
type Imported = HistoryImportResult['imported'] & { upcoming: number };

export async function writeHistory(scope: HouseholdScope, plan: HistoryPlan): Promise<{ result: HistoryImportResult['imported']; activityId: number | null }> {
  const { result, activityId } = await recorded(scope, (trx) => writePlan(trx, plan), (imported) => ({ kind: 'history_import', summary: historySummary(plan, imported) }));
  const { upcoming: _upcoming, ...imported } = result;
  return { result: imported, activityId };
}

/** "brought in history from YNAB: 3 accounts (1 joined an existing one), 24 budgets, 1,234 transactions, 2 new categories". */
function historySummary(plan: HistoryPlan, imported: Imported): string {
  const parts = [
    `${counted(imported.bank_accounts + imported.matched_accounts, 'account')}${imported.matched_accounts > 0 ? ` (${imported.matched_accounts} joined ${imported.matched_accounts === 1 ? 'an existing one' : 'existing ones'})` : ''}`,
    counted(imported.budgets, 'budget'),
    counted(imported.transactions, 'transaction'),
  ];
  if (imported.allocation_categories > 0) parts.push(counted(imported.allocation_categories, 'new category', 'new categories'));
  if (imported.upcoming > 0) parts.push(counted(imported.upcoming, 'scheduled row') + ' as upcoming bills');
  return `brought in history from ${plan.source === 'actual' ? 'Actual Budget' : 'YNAB'}: ${parts.join(', ')}`;
}

async function writePlan(scope: HouseholdScope, plan: HistoryPlan): Promise<Imported> {
  return scope.transaction(async (trx) => {
    // The role as it stands under the household's write lock (the route checked it before reading the files).
    if (trx.actor) await requireOwner(trx, HOUSEHOLD_DATA_OWNERS_ONLY);
    if ((await householdRevision(trx)) !== plan.revision) throw unprocessable(HOUSEHOLD_CHANGED);
    await refuseBeyondTransactionLimit(trx, plan.placed.length);
    const household_id = trx.householdId;
    const categories = new Map<string, number>();
    let createdCategories = 0;
    for (const group of plan.groups) {
      if (group.existing) {
        categories.set(group.name, group.existing.id);
        continue;
      }
      const row = await trx.insertInto('allocation_categories').values({ household_id, name: group.name }).returning('id').executeTakeFirstOrThrow();
      categories.set(group.name, row.id);
      createdCategories++;
    }
    const accounts = new Map<string, number>();
    const matched: number[] = [];
    for (const account of plan.accounts) {
      if (account.existing) {
        accounts.set(account.name, account.existing.id);
        matched.push(account.existing.id);
        if (account.openingDate !== account.existing.opening_date || account.openingBalance !== account.existing.opening_balance) {
          await trx.updateTable('bank_accounts').set({ opening_date: account.openingDate, opening_balance: account.openingBalance }).where('id', '=', account.existing.id).execute();
        }
        continue;
      }
      const row = await trx
        .insertInto('bank_accounts')
        .values({
          household_id,
          name: account.name,
          opening_balance: account.openingBalance,
          opening_date: account.openingDate,
          closing_balance: account.openingBalance,
          closing_date: account.openingDate,
          ...columnsOfKind(account.kind),
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
      lines.map(({ budget_id, line }, i) => ({
        id: lineIds[i],
        household_id,
        budget_id,
        allocation_category_id: categories.get(line.group)!,
        name: line.name,
        amount: line.amount,
        allocation_class: line.allocationClass,
      })),
    );
    const allocations = new Map(lines.map(({ month, line }, i) => [`${month}\u0000${line.group}\u0000${line.name}`, lineIds[i]]));
    const incomes = plan.budgets.flatMap((budget, i) =>
      budget.incomes.map((income) => ({ household_id, budget_id: budgetIds[i], name: income.name, amount: income.amount, bank_account_id: accounts.get(income.account) ?? null })),
    );
    await insertRows(trx, 'incomes', incomes);
    const lineOf = (date: string, allocation: PlacedAllocation) =>
      allocation === null ? null : 'existing' in allocation ? allocation.existing : (allocations.get(`${date.slice(0, 7)}\u0000${allocation.line}`) ?? null);
    // Ids taken first: a split row's parts are written with their row's id.
    const rowIds = await reserveIds(trx, 'transactions', plan.placed.length);
    const rows = plan.placed.map(({ transaction, allocation, status }, i) => ({
      id: rowIds[i],
      household_id,
      bank_account_id: accounts.get(transaction.account)!,
      transaction_date: transaction.date,
      description: transaction.description,
      withdrawal_amount: transaction.withdrawal,
      deposit_amount: transaction.deposit,
      allocation_id: lineOf(transaction.date, allocation),
      bank_ref: transaction.reference,
      status,
    }));
    await insertRows(trx, 'transactions', rows);
    // YNAB's split rows: their parts through the parts' own writer, as a window save writes them (docs/splits.md).
    await writeRowSet(trx, 'transaction_splits', SPLIT_COLUMNS, {
      inserts: plan.placed.flatMap(({ transaction, parts }, i) =>
        (parts ?? []).map((part, position) => ({
          amount: part.amount,
          allocation_id: lineOf(transaction.date, part.allocation),
          sink_fund_allocation_id: null,
          memo: part.memo,
          position,
          counted: 1,
          household_id,
          bank_account_id: rows[i].bank_account_id,
          transaction_id: rowIds[i],
        })),
      ),
    });
    // YNAB's scheduled rows: each an upcoming bill, a schedule of one occurrence on its date, waiting to be entered.
    await insertRows(
      trx,
      'schedules',
      plan.upcoming.map((u) => {
        const categoryId = u.category ? (categories.get(u.category.group) ?? null) : null;
        return {
          household_id,
          bank_account_id: accounts.get(u.account)!,
          description: u.description,
          amount: u.amount,
          allocation_category_id: categoryId,
          allocation_name: categoryId === null ? null : u.category!.name,
          sink_fund_allocation_id: null,
          frequency: 'monthly' as const,
          day_of_month: Number(u.date.slice(8, 10)),
          start_date: u.date,
          end_date: null,
          times: 1,
          auto_enter: 0 as const,
        };
      }),
    );
    // Every account the history touched is settled again, and a joined account's rows changed outside any window a
    // screen holds: its window version moves.
    await settleCheckpoints(trx, (await lastClosingDate(trx)) ?? BEFORE_ANY_OPENING, [...accounts.values()]);
    await moveVersion(trx, 'window', { ids: matched });
    return {
      allocation_categories: createdCategories,
      budgets: plan.budgets.length,
      allocations: lines.length,
      incomes: incomes.length,
      bank_accounts: accounts.size - matched.length,
      matched_accounts: matched.length,
      transactions: rows.length,
      upcoming: plan.upcoming.length,
    };
  });
}
