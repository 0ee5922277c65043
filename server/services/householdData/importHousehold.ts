import { type Insertable, sql } from 'kysely';
import { HOUSEHOLD_DATA_OWNERS_ONLY, type ImportCounts, type RowKind } from '../../../src/shared/schemas/householdData';
import { countsAsSpending } from '../../../src/shared/transactionRules';
import { inChunks } from '../../db/chunks';
import { isPostgres } from '../../db/dialect';
import { reserveIds } from '../../db/reservedIds';
import type { Database, HouseholdTable } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { requireOwner } from '../members/members';
import type { ExportRows } from './checkExport';
import { refuseBeyondTransactionLimit } from '../transactions/reads';

const NOT_EMPTY_MESSAGE = 'This household already has data: an export can only be imported into an empty household.';

/** The tables whose rows make a household not empty (settings and history alone do not). */
const CONTENT_TABLES = ['budgets', 'allocation_categories', 'institutions', 'bank_accounts', 'special_events', 'transactions', 'sink_fund_allocations', 'schedules'] as const;

export async function isEmptyHousehold(scope: HouseholdScope): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    if (await scope.selectFrom(table).select(sql<number>`1`.as('found')).limit(1).executeTakeFirst()) return false;
  }
  return true;
}

/** SQLite keeps CURRENT_TIMESTAMP's "YYYY-MM-DD HH:MM:SS" (UTC); PostgreSQL reads the ISO text itself. */
const storedStamp = (iso: string, postgres: boolean) => (postgres ? iso : new Date(iso).toISOString().slice(0, 19).replace('T', ' '));

type IdMap = Map<number, number>;

/** Each row of the file paired with its new id (reserveIds), in the file's order, so every kind keeps its order. */
async function newIds(scope: HouseholdScope, table: HouseholdTable, rows: ReadonlyArray<{ id: number }>): Promise<IdMap> {
  const ids = await reserveIds(scope, table, rows.length);
  return new Map(rows.map((row, i) => [row.id, ids[i]]));
}

/** Writes `rows` of `table` a batch at a time: a statement per ROWS_PER_STATEMENT rows (chunks.ts), not per row. */
export async function insertRows<T extends HouseholdTable>(scope: HouseholdScope, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  await inChunks(rows, (chunk) => scope.insertInto(table).values(chunk).execute());
}

/**
 * Writes a checked export (checkExport.ts, read by the file reader) into the scope's household, which must be
 * empty, in one transaction, by an owner: each row gets a new id and every reference follows it. Members are not
 * created (the file has no passwords): history keeps their names, and an entry by a member of the same email here
 * is linked to that member.
 */
export async function importHousehold(scope: HouseholdScope, data: ExportRows): Promise<ImportCounts> {
  return scope.transaction(async (trx) => {
    if (trx.actor) await requireOwner(trx, HOUSEHOLD_DATA_OWNERS_ONLY);
    if (!(await isEmptyHousehold(trx))) throw unprocessable(NOT_EMPTY_MESSAGE);
    await refuseBeyondTransactionLimit(trx, data.transactions.length);
    return writeExport(trx, data);
  });
}

/**
 * Each kind takes its new ids first (reserveIds) and is then written in batches with them, parents before the
 * rows that refer to them: which new id is which row of the file is decided before the insert, never read back.
 */
async function writeExport(scope: HouseholdScope, data: ExportRows): Promise<ImportCounts> {
  const household_id = scope.householdId;
  const postgres = isPostgres(scope.db);
  const stamps = (row: { created_at: string; updated_at: string }) => ({ created_at: storedStamp(row.created_at, postgres), updated_at: storedStamp(row.updated_at, postgres) });
  const mapped = (map: IdMap, id: number | null) => (id === null ? null : (map.get(id) ?? null));
  const must = (map: IdMap, id: number) => map.get(id)!;

  const categories = await newIds(scope, 'allocation_categories', data.allocation_categories);
  await insertRows(scope, 'allocation_categories', data.allocation_categories.map(({ id, name, ...rest }) => ({ id: must(categories, id), household_id, name, ...stamps(rest) })));
  const institutions = await newIds(scope, 'institutions', data.institutions);
  await insertRows(scope, 'institutions', data.institutions.map(({ id, name, ...rest }) => ({ id: must(institutions, id), household_id, name, ...stamps(rest) })));
  const accounts = await newIds(scope, 'bank_accounts', data.bank_accounts);
  await insertRows(
    scope,
    'bank_accounts',
    data.bank_accounts.map(({ id, institution_id, created_at, updated_at, ...account }) => ({
      ...account,
      id: must(accounts, id),
      household_id,
      institution_id: mapped(institutions, institution_id),
      ...stamps({ created_at, updated_at }),
    })),
  );
  const events = await newIds(scope, 'special_events', data.special_events);
  await insertRows(scope, 'special_events', data.special_events.map(({ id, created_at, updated_at, ...event }) => ({ ...event, id: must(events, id), household_id, ...stamps({ created_at, updated_at }) })));
  const budgets = await newIds(scope, 'budgets', data.budgets);
  await insertRows(
    scope,
    'budgets',
    data.budgets.map(({ id, created_at, updated_at, ...budget }) => ({ ...budget, id: must(budgets, id), household_id, ...stamps({ created_at, updated_at }) })),
  );
  const incomes = await newIds(scope, 'incomes', data.incomes);
  await insertRows(
    scope,
    'incomes',
    data.incomes.map(({ id, budget_id, bank_account_id, created_at, updated_at, ...income }) => ({
      ...income,
      id: must(incomes, id),
      household_id,
      budget_id: must(budgets, budget_id),
      bank_account_id: mapped(accounts, bank_account_id),
      ...stamps({ created_at, updated_at }),
    })),
  );
  const allocations = await newIds(scope, 'allocations', data.allocations);
  await insertRows(
    scope,
    'allocations',
    data.allocations.map(({ id, budget_id, allocation_category_id, special_event_id, created_at, updated_at, ...allocation }) => ({
      ...allocation,
      id: must(allocations, id),
      household_id,
      budget_id: must(budgets, budget_id),
      allocation_category_id: must(categories, allocation_category_id),
      special_event_id: mapped(events, special_event_id),
      ...stamps({ created_at, updated_at }),
    })),
  );
  const envelopes = await newIds(scope, 'sink_fund_allocations', data.sink_fund_allocations);
  await insertRows(
    scope,
    'sink_fund_allocations',
    data.sink_fund_allocations.map(({ id, bank_account_id, created_at, updated_at, ...envelope }) => ({
      ...envelope,
      id: must(envelopes, id),
      household_id,
      bank_account_id: must(accounts, bank_account_id),
      ...stamps({ created_at, updated_at }),
    })),
  );
  const transactions = await newIds(scope, 'transactions', data.transactions);
  await insertRows(
    scope,
    'transactions',
    data.transactions.map(({ id, bank_account_id, allocation_id, sink_fund_allocation_id, created_at, updated_at, splits: _splits, ...transaction }) => ({
      ...transaction,
      id: must(transactions, id),
      household_id,
      bank_account_id: must(accounts, bank_account_id),
      allocation_id: mapped(allocations, allocation_id),
      sink_fund_allocation_id: mapped(envelopes, sink_fund_allocation_id),
      ...stamps({ created_at, updated_at }),
    })),
  );
  const exportedParts = data.transactions.flatMap((t) =>
    (t.splits ?? []).map((part, position) => ({ ...part, position, transaction: t })),
  );
  const parts = await newIds(scope, 'transaction_splits', exportedParts);
  await insertRows(
    scope,
    'transaction_splits',
    exportedParts.map(({ id, transaction, allocation_id, sink_fund_allocation_id, created_at, updated_at, ...part }) => ({
      ...part,
      id: must(parts, id),
      household_id,
      transaction_id: must(transactions, transaction.id),
      bank_account_id: must(accounts, transaction.bank_account_id),
      allocation_id: mapped(allocations, allocation_id),
      sink_fund_allocation_id: mapped(envelopes, sink_fund_allocation_id),
      counted: countsAsSpending(transaction.brought_forward_status) ? 1 : 0,
      ...stamps({ created_at, updated_at }),
    })),
  );
  if (data.settings) await writeSettings(scope, data.settings, accounts, categories);
  const exportedSchedules = data.schedules ?? [];
  const schedules = await newIds(scope, 'schedules', exportedSchedules);
  await insertRows(
    scope,
    'schedules',
    exportedSchedules.map(({ id, bank_account_id, allocation_category_id, sink_fund_allocation_id, occurrences: _occurrences, created_at, updated_at, ...schedule }) => ({
      ...schedule,
      id: must(schedules, id),
      household_id,
      bank_account_id: must(accounts, bank_account_id),
      allocation_category_id: mapped(categories, allocation_category_id),
      sink_fund_allocation_id: mapped(envelopes, sink_fund_allocation_id),
      ...stamps({ created_at, updated_at }),
    })),
  );
  const exportedOccurrences = exportedSchedules.flatMap((schedule) => schedule.occurrences.map((o) => ({ ...o, schedule_id: schedule.id })));
  const occurrences = await newIds(scope, 'schedule_occurrences', exportedOccurrences);
  await insertRows(
    scope,
    'schedule_occurrences',
    exportedOccurrences.map(({ id, schedule_id, created_at, updated_at, ...occurrence }) => ({
      ...occurrence,
      id: must(occurrences, id),
      household_id,
      schedule_id: must(schedules, schedule_id),
      ...stamps({ created_at, updated_at }),
    })),
  );

  // Every kind a row key may name (the schema refused any other): where its new ids are.
  const maps: Record<RowKind, IdMap> = {
    transaction: transactions,
    income: incomes,
    allocation: allocations,
    envelope: envelopes,
    special_event: events,
    budget: budgets,
    bank_account: accounts,
    sink_fund: accounts,
    allocation_category: categories,
    institution: institutions,
    schedule: schedules,
    schedule_occurrence: occurrences,
    transaction_split: parts,
  };
  const activities = await writeHistory(scope, data, maps, stamps);
  return {
    allocation_categories: categories.size,
    institutions: institutions.size,
    bank_accounts: accounts.size,
    special_events: events.size,
    budgets: budgets.size,
    incomes: incomes.size,
    allocations: allocations.size,
    sink_fund_allocations: envelopes.size,
    transactions: transactions.size,
    schedules: schedules.size,
    activities,
  };
}

async function writeSettings(scope: HouseholdScope, settings: NonNullable<ExportRows['settings']>, accounts: IdMap, categories: IdMap) {
  const values = {
    ...settings,
    primary_budget_account_id: settings.primary_budget_account_id === null ? null : accounts.get(settings.primary_budget_account_id)!,
    default_allocation_category_id_for_special_events:
      settings.default_allocation_category_id_for_special_events === null ? null : categories.get(settings.default_allocation_category_id_for_special_events)!,
  };
  const existing = await scope.selectFrom('settings').select('id').executeTakeFirst();
  if (existing) await scope.updateTable('settings').set(values).execute();
  else await scope.insertInto('settings').values({ ...values, household_id: scope.householdId }).execute();
}

/**
 * Activity comes in as history: who did what, when, linked to the rows it touched under their new ids. Its
 * undo data stayed behind (it names rows by the old install's ids), so none of it offers Undo here.
 */
async function writeHistory(
  scope: HouseholdScope,
  data: ExportRows,
  maps: Record<RowKind, IdMap>,
  stamps: (row: { created_at: string; updated_at: string }) => { created_at: string; updated_at: string },
): Promise<number> {
  const household_id = scope.householdId;
  const members = await scope.db.selectFrom('users').select(['id', 'email']).where('household_id', '=', household_id).execute();
  const memberByEmail = new Map(members.map((m) => [m.email, m.id]));
  const emailOf = new Map(data.members.map((m) => [m.id, m.email.toLowerCase()]));
  const newKey = (key: string): string | null => {
    const match = /^([a-z_]+):(\d+)$/.exec(key);
    if (!match || !Object.hasOwn(maps, match[1])) return key;
    const id = maps[match[1] as RowKind].get(Number(match[2]));
    return id === undefined ? null : `${match[1]}:${id}`;
  };
  // Every undo link names an entry of the file (checkExport), and each entry's new id is known before any is
  // written, so the links go in with the entries (they are not foreign keys: an entry may name a later one).
  const activities = await newIds(scope, 'activities', data.activities);
  const linked = (id: number | null) => (id === null ? null : activities.get(id)!);
  await insertRows(
    scope,
    'activities',
    data.activities.map((entry) => {
      const userEmail = entry.user_id === null ? undefined : emailOf.get(entry.user_id);
      return {
        id: activities.get(entry.id)!,
        household_id,
        user_id: userEmail === undefined ? null : (memberByEmail.get(userEmail) ?? null),
        actor_name: entry.actor_name,
        kind: entry.kind,
        summary: entry.summary,
        budget_id: entry.budget_id === null ? null : (maps.budget.get(entry.budget_id) ?? null),
        bank_account_id: entry.bank_account_id === null ? null : (maps.bank_account.get(entry.bank_account_id) ?? null),
        undo: null,
        undone_by_id: linked(entry.undone_by_id),
        undoes_id: linked(entry.undoes_id),
        ...stamps(entry),
      };
    }),
  );
  const keys = new Set<string>();
  const rows: Array<{ household_id: number; activity_id: number; row_key: string }> = [];
  for (const { activity_id, row_key } of data.activity_rows) {
    const key = newKey(row_key);
    const activity = activities.get(activity_id)!;
    if (key === null || keys.has(`${activity}\u0000${key}`)) continue;
    keys.add(`${activity}\u0000${key}`);
    rows.push({ household_id, activity_id: activity, row_key: key });
  }
  await insertRows(scope, 'activity_rows', rows);
  return activities.size;
}
