import { isWithin } from '../../../src/shared/dates';
import { chunked, inChunks } from '../../db/chunks';
import { moveVersion } from '../../db/lockVersions';
import { writeRowSet } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import type { Budget, Transaction } from '../../db/schema';
import { unprocessable } from '../../errors';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import { checkRows, RowProblems, type RowToCheck } from './rowRules';
import { refuseBeyondTransactionLimit } from './reads';
import { storedValues, TRANSACTION_COLUMNS, type TransactionValues } from './transactionColumns';

/** A row to create, complete: every route outside the window decides each of its values itself. */
export type NewRowOutsideWindow = TransactionValues & { bank_account_id: number };

export interface RowsOutsideWindow {
  inserts?: NewRowOutsideWindow[];
  /** Stored rows and the values that change (the others keep theirs). */
  updates?: Array<{ stored: Transaction; values: Partial<TransactionValues> }>;
  deletes?: Transaction[];
}


/** The budgets whose periods hold any of the dates (budgets never overlap). */
async function budgetsHolding(scope: HouseholdScope, dates: string[]): Promise<Budget[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  return scope.selectFrom('budgets').selectAll().where('start_date', '<=', sorted[sorted.length - 1]).where('end_date', '>=', sorted[0]).execute();
}

/** Where each (account, bank reference) among the rows is already used by a row this write does not touch. */
async function refsTaken(scope: HouseholdScope, rows: Array<{ accountId: number; values: TransactionValues }>, touched: Set<number>) {
  const taken = new Map<string, string>();
  const accountIds = [...new Set(rows.map((row) => row.accountId))];
  for (const part of chunked([...new Set(rows.map((row) => row.values.bank_ref))])) {
    const found = await scope
      .selectFrom('transactions')
      .select(['id', 'bank_account_id', 'bank_ref', 'transaction_date'])
      .where('bank_account_id', 'in', accountIds)
      .where('bank_ref', 'in', part)
      .execute();
    for (const row of found) if (!touched.has(row.id)) taken.set(`${row.bank_account_id}:${row.bank_ref}`, row.transaction_date);
  }
  return taken;
}

/**
 * The one place where transaction rows are written outside a transactions window save: a transfer, an envelope
 * move, a balance adjustment, a quick add, a close's carried-forward and balancing rows. Every row passes the
 * window's rule set (transactionRowRules.ts) and the household's transaction limit, or nothing is written
 * (422). Then each account touched has its window version moved, as a write nobody's draft has seen: any
 * window draft read before, the writer's own included, is a 409 rather than a save that deletes these rows.
 * Answers the inserted rows, in the order given.
 */
export async function writeOutsideWindow(scope: HouseholdScope, rows: RowsOutsideWindow, problems = new RowProblems('named')): Promise<Transaction[]> {
  const { inserts = [], updates = [], deletes = [] } = rows;
  const planned = [
    ...updates.map(({ stored, values }) => ({ stored, accountId: stored.bank_account_id, values: { ...storedValues(stored), ...values } })),
    ...inserts.map(({ bank_account_id: accountId, ...values }) => ({ stored: null, accountId, values })),
  ];
  const accountIds = [...new Set([...planned.map((row) => row.accountId), ...deletes.map((row) => row.bank_account_id)])];
  if (accountIds.length === 0) return [];

  const accounts = new Map<number, RowToCheck['account']>();
  for (const part of chunked(accountIds)) {
    for (const account of await scope.selectFrom('bank_accounts').select(['id', 'status', 'name', 'opening_date']).where('id', 'in', part).execute()) accounts.set(account.id, account);
  }
  if (accounts.size !== accountIds.length) throw unprocessable(BANK_ACCOUNT_NOT_FOUND);
  const budgets = await budgetsHolding(scope, [...new Set(planned.map((row) => row.values.transaction_date))]);
  const budgetOf = (date: string) => budgets.find((budget) => isWithin(date, budget.start_date, budget.end_date)) ?? null;
  const touched = new Set([...updates.map((row) => row.stored.id), ...deletes.map((row) => row.id)]);
  const taken = await refsTaken(scope, planned, touched);

  const checked: RowToCheck[] = planned.map(({ stored, accountId, values }, index) => ({
    index,
    account: accounts.get(accountId)!,
    budget: budgetOf(values.transaction_date),
    stored,
    values,
    label: values,
    computed: true,
  }));
  await checkRows(scope, checked, problems, (accountId, ref) => taken.get(`${accountId}:${ref}`));
  problems.throwIfAny();
  await refuseBeyondTransactionLimit(scope, inserts.length - deletes.length);

  const changed = planned.flatMap((row) => (row.stored ? [{ before: row.stored, values: row.values }] : []));
  const { inserted } = await writeRowSet(scope, 'transactions', TRANSACTION_COLUMNS, {
    deletes,
    updates: changed,
    inserts: inserts.map((row) => ({ ...row, household_id: scope.householdId })),
  });
  // Ids grow in insert order: the rows come back in the order given.
  const saved = new Map<number, Transaction>();
  await inChunks(inserted, async (part) => {
    for (const row of await scope.selectFrom('transactions').selectAll().where('id', 'in', part).execute()) saved.set(row.id, row);
  });
  await moveVersion(scope, 'window', { ids: accountIds });
  return [...inserted].sort((a, b) => a - b).map((id) => saved.get(id)!);
}
