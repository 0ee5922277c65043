import type { ColumnTypes } from '../../db/batchUpdate';
import { chunked } from '../../db/chunks';
import { collectChanges, type RowChanges, type StoredRow, type TableChanges, type VersionedTable, writeRowSet } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import { HttpError } from '../../errors';
import { ALLOCATION_COLUMNS, INCOME_COLUMNS } from '../budgets/budgetEdits';
import { refuseDeletingUsedAllocations } from '../budgets/lines';
import { Refusals } from '../refusals';
import { SPLIT_COLUMNS } from '../transactions/splits';
import { TRANSACTION_COLUMNS } from '../transactions/transactionColumns';
import { parkSwappedRefs } from '../transactions/window';
import type { ChangeSet } from './changeSet';

/**
 * An undo that can never succeed: something it would restore is gone (an account, an allocation, an envelope,
 * a special event, a budget) or its bank reference is taken. The entry then stops offering Undo.
 */
export class UndoImpossible extends HttpError {
  constructor(messages: string[]) {
    super(422, messages.map((message) => `This change cannot be undone: ${message}.`));
  }
}

/** The tables an undo restores, children first (deleted in this order, written back in the reverse one). */
const RESTORED: ReadonlyArray<{ table: VersionedTable; columns: ColumnTypes<string> }> = [
  { table: 'transaction_splits', columns: SPLIT_COLUMNS },
  { table: 'transactions', columns: TRANSACTION_COLUMNS },
  { table: 'incomes', columns: INCOME_COLUMNS },
  { table: 'allocations', columns: ALLOCATION_COLUMNS },
];

const none: RowChanges = { inserted: [], updated: [], deleted: [] };

async function currentRows(scope: HouseholdScope, table: VersionedTable, ids: number[]): Promise<Map<number, StoredRow>> {
  const rows = new Map<number, StoredRow>();
  for (const part of chunked(ids)) {
    // kysely cannot follow a generic table name: every versioned table has `id`.
    const found = (await scope
      .selectFrom(table as 'transactions')
      .selectAll()
      .where('id', 'in', part)
      .execute()) as unknown as StoredRow[];
    for (const row of found) rows.set(row.id, row);
  }
  return rows;
}

const idsOf = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);
const referenced = (rows: StoredRow[], column: string) => rows.map((row) => row[column] as number | null);
const missing = (rows: StoredRow[], column: string, present: Set<number>) =>
  rows.filter((row) => row[column] !== null && !present.has(row[column] as number));
const transactionWords = (row: StoredRow) => `'${String(row.description)}' of ${String(row.transaction_date)}`;

/** The transactions an undo writes back pass the rules of any transaction write (what is gone is `impossible`). */
async function checkTransactions(scope: HouseholdScope, restored: StoredRow[], current: Map<number, StoredRow>, dropped: number[], impossible: string[], refusals: Refusals) {
  if (restored.length === 0) return;
  const accounts = await scope.ownedIds('bank_accounts', referenced(restored, 'bank_account_id'));
  for (const row of missing(restored, 'bank_account_id', accounts)) impossible.push(`the account of ${transactionWords(row)} was deleted`);
  const allocations = await scope.ownedIds('allocations', referenced(restored, 'allocation_id'));
  for (const row of missing(restored, 'allocation_id', allocations)) impossible.push(`the allocation of ${transactionWords(row)} was deleted`);
  const envelopeIds = [...new Set(referenced(restored, 'sink_fund_allocation_id').filter((id): id is number => id !== null))];
  const envelopes = new Map<number, { name: string; status: string }>();
  for (const part of chunked(envelopeIds)) {
    for (const envelope of await scope.selectFrom('sink_fund_allocations').select(['id', 'name', 'status']).where('id', 'in', part).execute()) envelopes.set(envelope.id, envelope);
  }
  for (const row of restored) {
    const envelopeId = row.sink_fund_allocation_id as number | null;
    if (envelopeId === null) continue;
    const envelope = envelopes.get(envelopeId);
    if (!envelope) {
      impossible.push(`the envelope of ${transactionWords(row)} was deleted`);
      continue;
    }
    // Money may leave a closed envelope, never arrive in one: a deposit it does not hold already is refused.
    const now = current.get(row.id);
    const arriving = now?.sink_fund_allocation_id === envelopeId ? (row.deposit_amount as number) - (now.deposit_amount as number) : (row.deposit_amount as number);
    if (envelope.status === 'closed' && arriving > 0) {
      refusals.add(`This change cannot be undone: sink fund allocation '${envelope.name}' is closed since; reopen it to move money into it`);
    }
  }
  // A bank reference is unique in its account: one taken since by a row the undo keeps cannot come back.
  const ownIds = new Set([...idsOf(restored), ...dropped]);
  const refs = [...new Set(restored.map((row) => String(row.bank_ref)))];
  for (const part of chunked(refs)) {
    const taken = await scope
      .selectFrom('transactions')
      .select(['id', 'bank_account_id', 'bank_ref'])
      .where('bank_ref', 'in', part)
      .where('bank_account_id', 'in', [...new Set(referenced(restored, 'bank_account_id') as number[])])
      .execute();
    for (const other of taken) {
      if (ownIds.has(other.id)) continue;
      const row = restored.find((r) => r.bank_ref === other.bank_ref && r.bank_account_id === other.bank_account_id);
      if (row) impossible.push(`the bank reference '${other.bank_ref}' of ${transactionWords(row)} is used by another transaction since`);
    }
  }
}

/** Parts written back need their allocation and envelope (their row is written back with them or still there). */
async function checkParts(scope: HouseholdScope, restored: StoredRow[], impossible: string[]) {
  if (restored.length === 0) return;
  const allocations = await scope.ownedIds('allocations', referenced(restored, 'allocation_id'));
  for (const _ of missing(restored, 'allocation_id', allocations)) impossible.push('the allocation of a part of a split transaction was deleted');
  const envelopes = await scope.ownedIds('sink_fund_allocations', referenced(restored, 'sink_fund_allocation_id'));
  for (const _ of missing(restored, 'sink_fund_allocation_id', envelopes)) impossible.push('the envelope of a part of a split transaction was deleted');
}

/** Budget lines written back need their budget, category, account and special event. */
async function checkLines(scope: HouseholdScope, incomes: StoredRow[], allocations: StoredRow[], impossible: string[]) {
  const lines = [...incomes, ...allocations];
  if (lines.length === 0) return;
  const budgets = await scope.ownedIds('budgets', referenced(lines, 'budget_id'));
  for (const row of missing(lines, 'budget_id', budgets)) impossible.push(`the budget of '${String(row.name)}' was deleted`);
  const accounts = await scope.ownedIds('bank_accounts', referenced(incomes, 'bank_account_id'));
  for (const row of missing(incomes, 'bank_account_id', accounts)) impossible.push(`the account of the income '${String(row.name)}' was deleted`);
  const categories = await scope.ownedIds('allocation_categories', referenced(allocations, 'allocation_category_id'));
  for (const row of missing(allocations, 'allocation_category_id', categories)) impossible.push(`the category of '${String(row.name)}' was deleted`);
  const events = await scope.ownedIds('special_events', referenced(allocations, 'special_event_id'));
  for (const row of missing(allocations, 'special_event_id', events)) impossible.push(`the special event of '${String(row.name)}' was deleted`);
}

const strip = ({ created_at: _c, updated_at: _u, row_version: _v, ...row }: StoredRow) => row;
const valuesOf = (row: StoredRow, columns: ColumnTypes<string>) => Object.fromEntries(Object.keys(columns).map((column) => [column, row[column]]));

/**
 * Puts back what a change set changed: rows it inserted are deleted, rows it updated get their before-image,
 * rows it deleted are written again with their ids. Every row written back passes the checks of a normal write
 * first; nothing is written when one fails. Returns the undo's own change set.
 */
export async function restoreChanges(scope: HouseholdScope, set: ChangeSet): Promise<TableChanges> {
  const of = (table: VersionedTable) => set.tables[table] ?? none;
  const current = new Map<VersionedTable, Map<number, StoredRow>>();
  for (const { table } of RESTORED) current.set(table, await currentRows(scope, table, [...of(table).inserted, ...idsOf(of(table).updated)]));
  const restored = (table: VersionedTable) => [...of(table).updated, ...of(table).deleted];

  const impossible: string[] = [];
  const refusals = new Refusals();
  await checkTransactions(scope, restored('transactions'), current.get('transactions')!, of('transactions').inserted, impossible, refusals);
  await checkParts(scope, restored('transaction_splits'), impossible);
  await checkLines(scope, restored('incomes'), restored('allocations'), impossible);
  if (impossible.length > 0) throw new UndoImpossible(impossible);
  await refuseDeletingUsedAllocations(scope, of('allocations').inserted, refusals);
  refusals.throwIfAny();

  const { changes } = await collectChanges(scope, async () => {
    for (const { table, columns } of RESTORED) {
      const rows = current.get(table)!;
      await writeRowSet(scope, table, columns, { deletes: of(table).inserted.flatMap((id) => rows.get(id) ?? []) });
    }
    for (const { table, columns } of [...RESTORED].reverse()) {
      const rows = current.get(table)!;
      const updates = of(table).updated.map((before) => ({ before: rows.get(before.id)!, values: valuesOf(before, columns) }));
      if (table === 'transactions') {
        await parkSwappedRefs(scope, updates.map(({ before, values }) => ({ id: before.id, from: String(before.bank_ref), to: String(values.bank_ref) })));
      }
      // The before-images are whole rows of this very table; the writer types its inserts per table name.
      await writeRowSet(scope, table, columns, { updates, inserts: of(table).deleted.map(strip) as never[] });
    }
  });
  return changes;
}
