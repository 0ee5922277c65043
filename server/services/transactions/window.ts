import { sql } from 'kysely';
import { BUDGET_CLOSED_MESSAGE, BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import {
  type SaveWindowBody,
  type Transaction as TransactionResponse,
  type TransactionRow,
  WINDOW_CONFLICT_MESSAGE,
  WINDOW_UNREAD_MESSAGE,
} from '../../../src/shared/schemas/transactions';
import { defaultTransactionStatus } from '../../../src/shared/transactionRules';
import { chunked, inChunks } from '../../db/chunks';
import { writeRowSet } from '../../db/rowSet';
import { moveVersion } from '../../db/lockVersions';
import type { HouseholdScope } from '../../db/scope';
import { lastRead, recordRead } from '../../db/sessionReads';
import type { BankAccount, Budget, Transaction } from '../../db/schema';
import { conflict, unprocessable } from '../../errors';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import { checkRows, RowProblems } from './rowRules';
import { TRANSACTION_COLUMNS, type TransactionValues } from './transactionColumns';
import { manualBankRef, refuseBeyondTransactionLimit, toTransactionResponse } from './reads';
import { deleteParts, planParts, withSplits, writeParts } from './splits';

interface TransactionWindow {
  transactions: TransactionResponse[];
  windowLockVersion: number;
}

function windowRows(scope: HouseholdScope, accountId: number, budget: Budget) {
  return scope
    .selectFrom('transactions')
    .selectAll()
    .where('bank_account_id', '=', accountId)
    .where('transaction_date', '>=', budget.start_date)
    .where('transaction_date', '<=', budget.end_date)
    .orderBy('transaction_date')
    .orderBy('id')
    .execute();
}

/** One account's transactions dated inside one budget's period, with the account's window lock version. */
export async function readWindow(scope: HouseholdScope, accountId: number, budgetId: number): Promise<TransactionWindow> {
  // The lock version is read before the rows: a save in between makes the client's next save conflict
  // (safe) rather than overwrite rows it never saw.
  const account = await scope.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
  const budget = await scope.find('budgets', budgetId, BUDGET_NOT_FOUND_MESSAGE);
  const rows = await windowRows(scope, accountId, budget);
  await recordRead(scope, 'window', accountId, account.window_lock_version);
  return { transactions: await withSplits(scope, rows.map(toTransactionResponse)), windowLockVersion: account.window_lock_version };
}

type Values = TransactionValues;

const blank = (text: string | null | undefined) => text == null || text.trim() === '';

/** A sent row over its stored version: what the row omits keeps its stored value. */
function mergeRow(stored: Transaction, row: TransactionRow): Values {
  return {
    transaction_date: row.transaction_date,
    description: row.description ?? stored.description,
    withdrawal_amount: row.withdrawal_amount ?? stored.withdrawal_amount,
    deposit_amount: row.deposit_amount ?? stored.deposit_amount,
    allocation_id: row.allocation_id === undefined ? stored.allocation_id : row.allocation_id,
    sink_fund_allocation_id: row.sink_fund_allocation_id === undefined ? stored.sink_fund_allocation_id : row.sink_fund_allocation_id,
    status: row.status ?? stored.status,
    brought_forward_status: row.brought_forward_status === undefined ? stored.brought_forward_status : row.brought_forward_status,
    bank_ref: blank(row.bank_ref) ? stored.bank_ref : row.bank_ref!.trim(),
    is_manual_adjustment: row.is_manual_adjustment === undefined ? stored.is_manual_adjustment : row.is_manual_adjustment ? 1 : 0,
  };
}

/** A new row: omitted amounts are 0, an omitted status is unpaid for a credit-card withdrawal and paid otherwise. */
export function newRow(row: TransactionRow, isCreditCard: boolean): Values {
  const withdrawal = row.withdrawal_amount ?? 0;
  const deposit = row.deposit_amount ?? 0;
  return {
    transaction_date: row.transaction_date,
    description: row.description ?? '',
    withdrawal_amount: withdrawal,
    deposit_amount: deposit,
    allocation_id: row.allocation_id ?? null,
    sink_fund_allocation_id: row.sink_fund_allocation_id ?? null,
    status: row.status ?? defaultTransactionStatus(isCreditCard, withdrawal, deposit),
    brought_forward_status: row.brought_forward_status ?? null,
    bank_ref: blank(row.bank_ref) ? manualBankRef() : row.bank_ref!.trim(),
    is_manual_adjustment: row.is_manual_adjustment ? 1 : 0,
  };
}

interface Planned {
  index: number;
  stored: Transaction | null;
  values: Values;
}

/**
 * Bank references of this account's rows outside the window, among `refs`. The query names only the columns of
 * the (bank_account_id, bank_ref) unique index, so both databases seek it (at most one row a reference); the
 * window's own rows are set aside here rather than by a date condition that invites a scan of the account.
 */
async function refsOutsideWindow(scope: HouseholdScope, accountId: number, budget: Budget, refs: string[]) {
  const taken = new Map<string, string>();
  for (const part of chunked(refs)) {
    const rows = await scope
      .selectFrom('transactions')
      .select(['bank_ref', 'transaction_date'])
      .where('bank_account_id', '=', accountId)
      .where('bank_ref', 'in', part)
      .execute();
    for (const row of rows) if (row.transaction_date < budget.start_date || row.transaction_date > budget.end_date) taken.set(row.bank_ref, row.transaction_date);
  }
  return taken;
}

/**
 * Saves one account's transactions for one budget period: the list is the truth for that window. Rows with an
 * id are updated (fields they omit keep their stored values), rows without one are created, window rows that
 * are missing from the list or sent with `deleted: true` are deleted. Every refusal names its row and nothing
 * is written; a stale window_lock_version is a 409. Without one, the save is held against the version this
 * session last read (sessionReads.ts), and a session that never read the window may not leave stored rows out.
 */
export function saveWindow(scope: HouseholdScope, body: SaveWindowBody): Promise<TransactionWindow> {
  return scope.transaction(async (trx) => {
    const account = await trx.find('bank_accounts', body.bank_account_id, BANK_ACCOUNT_NOT_FOUND);
    const budget = await trx.find('budgets', body.budget_id, BUDGET_NOT_FOUND_MESSAGE);
    // Closing a budget rolled every account's checkpoint over its window; changing its rows now would
    // silently disagree with those balances.
    if (budget.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE);

    // A save without a version is held against the version this session last read of the window.
    const sent = body.window_lock_version ?? (await lastRead(trx, 'window', account.id));
    const windowLockVersion = await bumpWindowLock(trx, account.id, sent);

    const stored = await windowRows(trx, account.id, budget);
    const storedById = new Map(stored.map((row) => [row.id, row]));
    const problems = new RowProblems();
    const planned: Planned[] = [];
    const listedIds = new Set<number>();

    body.transactions.forEach((row, index) => {
      if (row.id) {
        const original = storedById.get(row.id);
        if (!original) return problems.addFor(index, row, 'id', 'is not a transaction of this account in this budget period');
        if (listedIds.has(row.id)) return problems.addFor(index, row, 'id', 'is listed twice');
        listedIds.add(row.id);
        if (!row.deleted) planned.push({ index, stored: original, values: mergeRow(original, row) });
      } else if (!row.deleted) {
        planned.push({ index, stored: null, values: newRow(row, account.account_type === 'credit_card') });
      }
    });
    const keptIds = new Set(planned.flatMap((p) => p.stored?.id ?? []));
    const deletedIds = stored.filter((row) => !keptIds.has(row.id)).map((row) => row.id);
    if (sent === undefined && stored.some((row) => !listedIds.has(row.id))) throw conflict(WINDOW_UNREAD_MESSAGE);

    await checkWindowRows(trx, account, budget, planned, body.transactions, problems);
    const parts = await planParts(
      trx,
      account,
      budget,
      planned.map(({ index, stored, values }) => ({ index, stored, values, label: body.transactions[index], sent: body.transactions[index].splits ?? undefined })),
      deletedIds,
      problems,
    );
    problems.throwIfAny();
    const inserts = planned.filter((p) => p.stored === null);
    await refuseBeyondTransactionLimit(trx, inserts.length - deletedIds.length);

    const kept = planned.filter((p): p is Planned & { stored: Transaction } => p.stored !== null);
    await parkSwappedRefs(trx, kept.map((p) => ({ id: p.stored.id, from: p.stored.bank_ref, to: p.values.bank_ref })));
    await deleteParts(trx, parts);
    const written = await writeRowSet(trx, 'transactions', TRANSACTION_COLUMNS, {
      deletes: stored.filter((row) => !keptIds.has(row.id)),
      updates: kept.map((p) => ({ before: p.stored, values: p.values })),
      inserts: inserts.map((p) => ({ ...p.values, household_id: trx.householdId, bank_account_id: account.id })),
    });
    const rowIds = new Map([...kept.map((p) => [p.index, p.stored.id] as const), ...inserts.map((p, i) => [p.index, written.inserted[i]] as const)]);
    await writeParts(trx, account.id, parts, rowIds);

    const saved = await windowRows(trx, account.id, budget);
    await recordRead(trx, 'window', account.id, windowLockVersion);
    return { transactions: await withSplits(trx, saved.map(toTransactionResponse)), windowLockVersion };
  });
}

/** The window's rows through the one rule set: a bank reference may be taken only inside the window, by the list itself. */
async function checkWindowRows(
  scope: HouseholdScope,
  account: BankAccount,
  budget: Budget,
  planned: Planned[],
  sent: TransactionRow[],
  problems: RowProblems,
): Promise<void> {
  const takenOutside = await refsOutsideWindow(scope, account.id, budget, [...new Set(planned.map((p) => p.values.bank_ref))]);
  const rows = planned.map(({ index, stored, values }) => ({ index, account, budget, stored, values, label: sent[index], computed: false }));
  await checkRows(scope, rows, problems, (_, ref) => takenOutside.get(ref));
}

/** +1 on every save; with a version sent, only when it is still the stored one (else 409, nothing written). */
async function bumpWindowLock(scope: HouseholdScope, accountId: number, sent: number | undefined): Promise<number> {
  const version = (await moveVersion(scope, 'window', { ids: [accountId], sent })).get(accountId);
  if (version === undefined) throw conflict(WINDOW_CONFLICT_MESSAGE);
  return version;
}

/**
 * Rows swapping bank references would meet the unique index halfway through the update: the changing
 * references are parked on placeholders first.
 */
export async function parkSwappedRefs(scope: HouseholdScope, rows: ReadonlyArray<{ id: number; from: string; to: string }>): Promise<void> {
  const refChanges = rows.filter((r) => r.to !== r.from);
  const storedRefs = new Set(rows.map((r) => r.from));
  if (!refChanges.some((r) => storedRefs.has(r.to))) return;
  await inChunks(refChanges, (part) =>
    scope
      .updateTable('transactions')
      .set({ bank_ref: sql`${'~swap~'} || cast(id as varchar(20))` })
      .where('id', 'in', part.map((r) => r.id))
      .execute(),
  );
}
