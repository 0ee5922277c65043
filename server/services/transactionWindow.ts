import { sql } from 'kysely';
import { BUDGET_CLOSED_MESSAGE, BUDGET_NOT_FOUND_MESSAGE } from '../../src/shared/schemas/budgets';
import {
  type SaveWindowBody,
  type Transaction as TransactionResponse,
  type TransactionRow,
  WINDOW_CONFLICT_MESSAGE,
} from '../../src/shared/schemas/transactions';
import { openingDateProblem } from '../../src/shared/openingBalance';
import { defaultTransactionStatus, negativeAmountFields, windowDateProblem } from '../../src/shared/transactionRules';
import { type ColumnTypes, updateRows } from '../db/batchUpdate';
import { chunked, inChunks } from '../db/chunks';
import { moveVersion } from '../db/lockVersions';
import type { HouseholdScope } from '../db/scope';
import type { Budget, NewTransaction, Transaction } from '../db/schema';
import { conflict, unprocessable } from '../errors';
import { BANK_ACCOUNT_NOT_FOUND } from './bankAccounts';
import { Refusals } from './refusals';
import { manualBankRef, refuseBeyondTransactionLimit, toTransactionResponse } from './transactions';

export interface TransactionWindow {
  transactions: TransactionResponse[];
  windowLockVersion: number;
}

export function windowRows(scope: HouseholdScope, accountId: number, budget: Budget) {
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
  return { transactions: rows.map(toTransactionResponse), windowLockVersion: account.window_lock_version };
}

/** The columns a window save writes, in the database's terms. */
type Values = Pick<
  Transaction,
  | 'transaction_date'
  | 'description'
  | 'withdrawal_amount'
  | 'deposit_amount'
  | 'allocation_id'
  | 'sink_fund_allocation_id'
  | 'status'
  | 'brought_forward_status'
  | 'bank_ref'
  | 'is_manual_adjustment'
>;
export const TRANSACTION_COLUMNS: ColumnTypes<keyof Values> = {
  transaction_date: 'date',
  description: 'varchar',
  withdrawal_amount: 'bigint',
  deposit_amount: 'bigint',
  allocation_id: 'integer',
  sink_fund_allocation_id: 'integer',
  status: 'varchar',
  brought_forward_status: 'varchar',
  bank_ref: 'varchar',
  is_manual_adjustment: 'integer',
};
const COLUMN_NAMES = Object.keys(TRANSACTION_COLUMNS) as (keyof Values)[];

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

export interface Planned {
  index: number;
  stored: Transaction | null;
  values: Values;
}

/** Every refusal names its row ("Row 3 (Rent, 2026-03-01): …") and its field, so one 422 lists them all. */
export class RowProblems extends Refusals {
  /** `single`: the request is one row (a quick add): problems name the body's own fields, without "Row 1". */
  constructor(private readonly single = false) {
    super();
  }

  addFor(index: number, row: TransactionRow, field: string, problem: string) {
    if (this.single) return this.add(problem.charAt(0).toUpperCase() + problem.slice(1), field);
    const what = [row.description?.trim(), row.transaction_date].filter(Boolean).join(', ');
    this.add(`Row ${index + 1} (${what}): ${problem}`, `transactions.${index}.${field}`);
  }
}

/** Bank references of this account's rows outside the window, among `refs`. */
async function refsOutsideWindow(scope: HouseholdScope, accountId: number, budget: Budget, refs: string[]) {
  const taken = new Map<string, string>();
  for (const part of chunked(refs)) {
    const rows = await scope
      .selectFrom('transactions')
      .select(['bank_ref', 'transaction_date'])
      .where('bank_account_id', '=', accountId)
      .where('bank_ref', 'in', part)
      .where((eb) => eb.or([eb('transaction_date', '<', budget.start_date), eb('transaction_date', '>', budget.end_date)]))
      .execute();
    for (const row of rows) taken.set(row.bank_ref, row.transaction_date);
  }
  return taken;
}

/**
 * Saves one account's transactions for one budget period: the list is the truth for that window. Rows with an
 * id are updated (fields they omit keep their stored values), rows without one are created, window rows that
 * are missing from the list or sent with `deleted: true` are deleted. Every refusal names its row and nothing
 * is written; a stale window_lock_version is a 409.
 */
export function saveWindow(scope: HouseholdScope, body: SaveWindowBody): Promise<TransactionWindow> {
  return scope.transaction(async (trx) => {
    const account = await trx.find('bank_accounts', body.bank_account_id, BANK_ACCOUNT_NOT_FOUND);
    const budget = await trx.find('budgets', body.budget_id, BUDGET_NOT_FOUND_MESSAGE);
    // Closing a budget rolled every account's checkpoint over its window; changing its rows now would
    // silently disagree with those balances.
    if (budget.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE);

    const windowLockVersion = await bumpWindowLock(trx, account.id, body.window_lock_version);

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

    await checkRows(trx, account.id, budget, planned, body.transactions, problems);
    problems.throwIfAny();
    const inserts = planned.filter((p) => p.stored === null);
    await refuseBeyondTransactionLimit(trx, inserts.length - deletedIds.length);

    await deleteRows(trx, deletedIds);
    const changed = planned.filter(
      (p): p is Planned & { stored: Transaction } => p.stored !== null && COLUMN_NAMES.some((c) => p.values[c] !== p.stored?.[c]),
    );
    await updateChangedRows(trx, changed);
    await insertRows(
      trx,
      inserts.map((p) => ({ ...p.values, household_id: trx.householdId, bank_account_id: account.id })),
    );

    const saved = await windowRows(trx, account.id, budget);
    return { transactions: saved.map(toTransactionResponse), windowLockVersion };
  });
}

/**
 * The checks every row to be written passes, for a window save and for a quick add alike: its date in the
 * budget's period and after the account's opening date (a stored row keeping its date stands), no negative amounts, an allocation of this budget or an envelope of this account (not
 * both), a bank reference not used twice in the account. Problems are added, not thrown.
 */
export async function checkRows(
  scope: HouseholdScope,
  accountId: number,
  budget: Budget,
  planned: Planned[],
  sent: TransactionRow[],
  problems: RowProblems,
): Promise<void> {
  const account = await scope.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
  const allocations = await scope.ownedIds('allocations', planned.map((p) => p.values.allocation_id), { column: 'budget_id', id: budget.id });
  const envelopes = await scope.ownedIds('sink_fund_allocations', planned.map((p) => p.values.sink_fund_allocation_id), { column: 'bank_account_id', id: accountId });
  const takenOutside = await refsOutsideWindow(scope, accountId, budget, [...new Set(planned.map((p) => p.values.bank_ref))]);
  const refsInWindow = new Map<string, number>();

  for (const { index, stored: original, values } of planned) {
    const row = sent[index];
    if (windowDateProblem(values.transaction_date, budget) !== null) {
      problems.addFor(index, row, 'transaction_date', 'date is outside the budget period');
    }
    const beforeOpening = values.transaction_date === original?.transaction_date ? null : openingDateProblem(values.transaction_date, account);
    if (beforeOpening !== null) problems.addFor(index, row, 'transaction_date', beforeOpening);
    // The negative amounts of a close's balancing row are allowed only on the stored row, never on a sent one.
    const checked = { ...values, brought_forward_status: original?.brought_forward_status ?? null };
    for (const field of negativeAmountFields(checked)) {
      problems.addFor(index, row, field, `${field === 'withdrawal_amount' ? 'withdrawal' : 'deposit'} amount must not be negative`);
    }
    if (values.allocation_id !== null && values.sink_fund_allocation_id !== null) {
      problems.addFor(index, row, 'allocation_id', 'can have an allocation or a sink fund allocation, not both');
    }
    // A carried-forward copy keeps the allocation of the budget it came from: unchanged references stand.
    if (values.allocation_id !== null && values.allocation_id !== original?.allocation_id && !allocations.has(values.allocation_id)) {
      problems.addFor(index, row, 'allocation_id', 'the allocation is not part of this budget');
    }
    if (
      values.sink_fund_allocation_id !== null &&
      values.sink_fund_allocation_id !== original?.sink_fund_allocation_id &&
      !envelopes.has(values.sink_fund_allocation_id)
    ) {
      problems.addFor(index, row, 'sink_fund_allocation_id', 'the sink fund allocation does not belong to this account');
    }
    const sameRef = refsInWindow.get(values.bank_ref);
    if (sameRef !== undefined) {
      problems.addFor(index, row, 'bank_ref', `bank reference '${values.bank_ref}' is already used by row ${sameRef + 1}`);
    } else {
      refsInWindow.set(values.bank_ref, index);
      if (takenOutside.has(values.bank_ref)) {
        problems.addFor(index, row, 'bank_ref', `bank reference '${values.bank_ref}' already exists in this account (${takenOutside.get(values.bank_ref)})`);
      }
    }
  }
}

/** +1 on every save; with a version sent, only when it is still the stored one (else 409, nothing written). */
async function bumpWindowLock(scope: HouseholdScope, accountId: number, sent: number | undefined): Promise<number> {
  const version = (await moveVersion(scope, 'window', { ids: [accountId], sent })).get(accountId);
  if (version === undefined) throw conflict(WINDOW_CONFLICT_MESSAGE);
  return version;
}

async function deleteRows(scope: HouseholdScope, ids: number[]) {
  await inChunks(ids, (part) => scope.deleteFrom('transactions').where('id', 'in', part).execute());
}

async function insertRows(scope: HouseholdScope, rows: NewTransaction[]) {
  await inChunks(rows, (part) => scope.insertInto('transactions').values(part).execute());
}

async function updateChangedRows(scope: HouseholdScope, rows: (Planned & { stored: Transaction })[]) {
  // Rows swapping bank references would meet the unique index halfway through the statement:
  // park the changing references on placeholders first.
  const refChanges = rows.filter((r) => r.values.bank_ref !== r.stored.bank_ref);
  const storedRefs = new Set(rows.map((r) => r.stored.bank_ref));
  if (refChanges.some((r) => storedRefs.has(r.values.bank_ref))) {
    await inChunks(refChanges, (part) =>
      scope
        .updateTable('transactions')
        .set({ bank_ref: sql`${'~swap~'} || cast(id as varchar(20))` })
        .where('id', 'in', part.map((r) => r.stored.id))
        .execute(),
    );
  }
  await updateRows(scope, 'transactions', TRANSACTION_COLUMNS, rows.map((r) => ({ id: r.stored.id, values: r.values })));
}
