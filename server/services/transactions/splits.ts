import { sql } from 'kysely';
import { SPLIT_BOTH_TARGETS, SPLIT_ROW_HAS_TARGET, splitDifference, splitDifferenceMessage } from '../../../src/shared/splits';
import type { SplitPart, SplitPartRow, Transaction as TransactionResponse } from '../../../src/shared/schemas/transactions';
import { countsAsSpending } from '../../../src/shared/transactionRules';
import type { ColumnTypes } from '../../db/batchUpdate';
import { chunked, inChunks } from '../../db/chunks';
import { writeRowSet } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import type { BankAccount, Budget, Transaction, TransactionSplit } from '../../db/schema';
import type { RowProblems } from './rowRules';
import type { TransactionValues } from './transactionColumns';

/**
 * The parts of split rows (api-and-domain §5.1, docs/splits.md, migration 0024): read with their rows, checked
 * and written with a window save (or a close's copies, an import, an undo) through the one row-set writer, so an
 * undo puts them back exactly. The sums the database keeps follow them from their own triggers.
 */

/** The columns a part's update sets (`counted` follows its row, from a trigger). */
export const SPLIT_COLUMNS: ColumnTypes<'amount' | 'allocation_id' | 'sink_fund_allocation_id' | 'memo' | 'position'> = {
  amount: 'bigint',
  allocation_id: 'integer',
  sink_fund_allocation_id: 'integer',
  memo: 'varchar',
  position: 'integer',
};

export type SplitValues = Pick<TransactionSplit, keyof typeof SPLIT_COLUMNS>;

export const toSplitPart = (part: TransactionSplit): SplitPart => ({
  id: part.id,
  amount: part.amount,
  allocation_id: part.allocation_id,
  sink_fund_allocation_id: part.sink_fund_allocation_id,
  memo: part.memo,
});

/** The stored parts of each of `transactionIds` that has any, in their order. */
export async function partsOf(scope: HouseholdScope, transactionIds: readonly number[]): Promise<Map<number, TransactionSplit[]>> {
  const parts = new Map<number, TransactionSplit[]>();
  for (const part of chunked([...new Set(transactionIds)])) {
    const rows = await scope.selectFrom('transaction_splits').selectAll().where('transaction_id', 'in', part).orderBy('position').orderBy('id').execute();
    for (const row of rows) parts.set(row.transaction_id, [...(parts.get(row.transaction_id) ?? []), row]);
  }
  return parts;
}

/** Rows as the API sends them, each split one with its parts (a row without parts is unchanged). */
export async function withSplits(scope: HouseholdScope, rows: TransactionResponse[]): Promise<TransactionResponse[]> {
  if (rows.length === 0) return rows;
  const parts = await partsOf(scope, rows.map((row) => row.id));
  return rows.map((row) => {
    const own = parts.get(row.id);
    return own ? { ...row, splits: own.map(toSplitPart) } : row;
  });
}

/** One row of a save and what it says of its parts: `sent` undefined keeps the stored parts. */
export interface RowParts {
  index: number;
  label: { description?: string | null; transaction_date: string };
  stored: Transaction | null;
  values: TransactionValues;
  sent: readonly SplitPartRow[] | undefined;
}

/** What a save does to the parts: deletions first, then (once the rows exist) updates and inserts. */
export interface PartsPlan {
  deletes: TransactionSplit[];
  updates: Array<{ before: TransactionSplit; values: SplitValues }>;
  /** New parts by the index of their row in the save (a new row's id is known only once it is written). */
  inserts: Array<{ index: number; values: SplitValues; counted: number }>;
}

/**
 * Checks the parts a save sends against the rows and the stored parts, adding a problem (named by its row) for
 * each: parts that do not add up to their row (the difference named), a part with both an allocation and an
 * envelope, an allocation not of the row's budget or another household's (as a missing one), an envelope not of
 * the account, money into a closed envelope, a part id not of that row, and a split row with an allocation or
 * envelope of its own. Rows that keep their stored parts are checked too: their amount must still add up.
 */
export async function planParts(
  scope: HouseholdScope,
  account: Pick<BankAccount, 'id'>,
  budget: Pick<Budget, 'id'>,
  rows: readonly RowParts[],
  deletedRowIds: readonly number[],
  problems: RowProblems,
): Promise<PartsPlan> {
  const stored = await partsOf(scope, [...rows.flatMap((row) => row.stored?.id ?? []), ...deletedRowIds]);
  const plan: PartsPlan = { deletes: deletedRowIds.flatMap((id) => stored.get(id) ?? []), updates: [], inserts: [] };
  const sentParts = rows.flatMap((row) => row.sent ?? []);
  const allocations = new Map<number, number>();
  const envelopes = new Map<number, { bank_account_id: number; status: string }>();
  for (const part of chunked([...new Set(sentParts.flatMap((p) => p.allocation_id ?? []))])) {
    for (const row of await scope.selectFrom('allocations').select(['id', 'budget_id']).where('id', 'in', part).execute()) allocations.set(row.id, row.budget_id);
  }
  for (const part of chunked([...new Set(sentParts.flatMap((p) => p.sink_fund_allocation_id ?? []))])) {
    for (const row of await scope.selectFrom('sink_fund_allocations').select(['id', 'bank_account_id', 'status']).where('id', 'in', part).execute()) {
      envelopes.set(row.id, row);
    }
  }

  for (const row of rows) {
    const problem = (text: string) => problems.addFor(row.index, row.label, 'splits', text);
    const kept = row.stored ? (stored.get(row.stored.id) ?? []) : [];
    const parts = row.sent ?? kept;
    if (parts.length === 0) {
      plan.deletes.push(...kept);
      continue;
    }
    if (row.values.allocation_id !== null || row.values.sink_fund_allocation_id !== null) problem(SPLIT_ROW_HAS_TARGET);
    if (splitDifference(row.values, parts) !== 0) problem(splitDifferenceMessage(row.values, parts));
    if (row.sent === undefined) continue;

    const keptById = new Map(kept.map((part) => [part.id, part]));
    const listed = new Set<number>();
    const counted = countsAsSpending(row.values.brought_forward_status) ? 1 : 0;
    row.sent.forEach((part, position) => {
      const before = part.id ? keptById.get(part.id) : undefined;
      if (part.id && !before) return problem(`part ${position + 1} is not a part of this row`);
      if (before) {
        if (listed.has(before.id)) return problem(`part ${position + 1} is listed twice`);
        listed.add(before.id);
      }
      const values: SplitValues = {
        amount: part.amount,
        allocation_id: part.allocation_id ?? null,
        sink_fund_allocation_id: part.sink_fund_allocation_id ?? null,
        memo: part.memo?.trim() ? part.memo.trim() : null,
        position,
      };
      if (values.allocation_id !== null && values.sink_fund_allocation_id !== null) problem(`part ${position + 1}: ${SPLIT_BOTH_TARGETS}`);
      // A part keeping its allocation stands (a carried-forward copy keeps the one of the budget it came from).
      if (values.allocation_id !== null && values.allocation_id !== before?.allocation_id && allocations.get(values.allocation_id) !== budget.id) {
        problem(`part ${position + 1}: the allocation is not part of this budget`);
      }
      const envelopeId = values.sink_fund_allocation_id;
      const envelope = envelopeId === null ? undefined : envelopes.get(envelopeId);
      const envelopeChanged = envelopeId !== null && envelopeId !== before?.sink_fund_allocation_id;
      if (envelopeChanged && envelope?.bank_account_id !== account.id) {
        problem(`part ${position + 1}: the sink fund allocation does not belong to this account`);
      } else if (envelope?.status === 'closed' && values.amount > 0 && (envelopeChanged || values.amount > (before?.amount ?? 0))) {
        problem(`part ${position + 1}: the sink fund allocation is closed: reopen it to put money into it`);
      }
      if (before) plan.updates.push({ before, values });
      else plan.inserts.push({ index: row.index, values, counted });
    });
    plan.deletes.push(...kept.filter((part) => !listed.has(part.id)));
  }
  return plan;
}

/** Writes a plan's deletions (before its rows are deleted or rewritten). */
export async function deleteParts(scope: HouseholdScope, plan: PartsPlan): Promise<void> {
  await writeRowSet(scope, 'transaction_splits', SPLIT_COLUMNS, { deletes: plan.deletes });
}

/** Writes a plan's updates and inserts, once every row has its id (`rowIds` by the row's index in the save). */
export async function writeParts(scope: HouseholdScope, accountId: number, plan: PartsPlan, rowIds: ReadonlyMap<number, number>): Promise<number[]> {
  const written = await writeRowSet(scope, 'transaction_splits', SPLIT_COLUMNS, {
    updates: plan.updates,
    inserts: plan.inserts.map(({ index, values, counted }) => ({
      ...values,
      counted,
      household_id: scope.householdId,
      bank_account_id: accountId,
      transaction_id: rowIds.get(index)!,
    })),
  });
  return written.inserted;
}

/** Copies of `parts` onto other rows (a close's carried-forward copies): `copyOf` maps a row's id to its copy's. */
export async function copyParts(scope: HouseholdScope, parts: readonly TransactionSplit[], copyOf: ReadonlyMap<number, { id: number; counted: number }>): Promise<void> {
  await writeRowSet(scope, 'transaction_splits', SPLIT_COLUMNS, {
    inserts: parts.map((part) => ({
      amount: part.amount,
      allocation_id: part.allocation_id,
      sink_fund_allocation_id: part.sink_fund_allocation_id,
      memo: part.memo,
      position: part.position,
      counted: copyOf.get(part.transaction_id)!.counted,
      household_id: scope.householdId,
      bank_account_id: part.bank_account_id,
      transaction_id: copyOf.get(part.transaction_id)!.id,
    })),
  });
}

/** How many parts each of `ids` (allocations or envelopes) has, for the refusals to delete one in use. */
export async function partCounts(scope: HouseholdScope, column: 'allocation_id' | 'sink_fund_allocation_id', ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  await inChunks([...ids], async (part) => {
    const rows = await scope
      .selectFrom('transaction_splits')
      .select([sql.ref<number>(`transaction_splits.${column}`).as('id'), sql<number>`count(*)`.as('n')])
      .where(column, 'in', part)
      .groupBy(column)
      .execute();
    for (const row of rows) counts.set(Number(row.id), Number(row.n));
  });
  return counts;
}
