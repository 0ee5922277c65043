import { type Insertable, sql } from 'kysely';
import { HOUSEHOLD_DATA_OWNERS_ONLY, type ImportCounts, type ImportedPerson, type ImportPreview, type ImportResult, type RowKind } from '../../../src/shared/schemas/householdData';
import { type AddMemberBody, addMemberBodySchema } from '../../../src/shared/schemas/members';
import { countsAsSpending } from '../../../src/shared/transactionRules';
import { inChunks } from '../../db/chunks';
import { isPostgres } from '../../db/dialect';
import { reserveIds } from '../../db/reservedIds';
import type { Database, HouseholdTable } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { normaliseEmail } from '../households';
import { insertMember, newTemporaryPassword, requireOwner } from '../members/members';
import { issueText } from '../untrustedFiles/issues';
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

/** What the import writes, by kind: the file's rows, each kind whole (the preview says it, the import answers it). */
export const countsOf = (data: ExportRows): ImportCounts => ({
  allocation_categories: data.allocation_categories.length,
  institutions: data.institutions.length,
  bank_accounts: data.bank_accounts.length,
  special_events: data.special_events.length,
  budgets: data.budgets.length,
  incomes: data.incomes.length,
  allocations: data.allocations.length,
  sink_fund_allocations: data.sink_fund_allocations.length,
  transactions: data.transactions.length,
  schedules: (data.schedules ?? []).length,
  activities: data.activities.length,
});

/** The people the file names, each marked `here` when a member of this household has their email. */
async function peopleOf(scope: HouseholdScope, data: ExportRows): Promise<ImportedPerson[]> {
  const members = await scope.db.selectFrom('users').select('email').where('household_id', '=', scope.householdId).execute();
  const here = new Set(members.map((m) => normaliseEmail(m.email)));
  return data.members.map((m) => ({ id: m.id, name: m.name, email: m.email, role_in_file: m.role, here: here.has(normaliseEmail(m.email)) }));
}

/** The household's name after the import: the file's, unless the file's is blank. */
const importedName = (data: ExportRows, current: string) => data.household.name.trim() || current;

async function currentName(scope: HouseholdScope): Promise<string> {
  const row = await scope.db.selectFrom('households').select('name').where('id', '=', scope.householdId).executeTakeFirstOrThrow();
  return row.name;
}

/**
 * What importing the file would do, written by nothing: the household's new name, the rows by kind, and the
 * people the file names (here already, or to be invited). Refused as the import would be (not empty).
 */
export async function previewImport(scope: HouseholdScope, data: ExportRows): Promise<ImportPreview> {
  if (!(await isEmptyHousehold(scope))) throw unprocessable(NOT_EMPTY_MESSAGE);
  const current = await currentName(scope);
  return { household: { name: importedName(data, current), current_name: current }, counts: countsOf(data), members: await peopleOf(scope, data) };
}

/**
 * The people of the file `invite` names (their ids in the file), each checked as Settings › Members checks a
 * new member's name and email: an id the file lacks, or a person the form would refuse, refuses the import.
 */
function invitations(data: ExportRows, invite: readonly number[]): Array<ExportRows['members'][number] & { body: AddMemberBody }> {
  return [...new Set(invite)].map((id) => {
    const person = data.members.find((m) => m.id === id);
    if (!person) throw unprocessable(`The file names no person ${id} to invite; nothing was imported.`);
    const body = addMemberBodySchema.safeParse({ name: person.name, email: person.email });
    if (!body.success) throw unprocessable(`${person.name || person.email} cannot be invited (${issueText(body.error.issues[0])}); nothing was imported.`);
    return { ...person, body: body.data };
  });
}

export interface ImportOptions {
  /** The file's ids of the people to add as members (the preview lists them); none by default. */
  invite?: readonly number[];
  /**
   * Keep the household's own name. The command line does: it names the household to import into (`--household`)
   * and finds households by name, which a second household taking the same name would make ambiguous.
   */
  keepName?: boolean;
}

/**
 * Writes a checked export (checkExport.ts, read by the file reader) into the scope's household, which must be
 * empty, in one transaction, by an owner: the household takes the file's name, each row gets a new id and every
 * reference follows it. The people `invite` names are added exactly as Settings › Members adds a person (a
 * member with a temporary password, answered once); no password travels. History keeps every person's name, and
 * an entry by someone of the same email here (invited or already a member) is linked to them.
 */
export async function importHousehold(scope: HouseholdScope, data: ExportRows, { invite = [], keepName = false }: ImportOptions = {}): Promise<ImportResult> {
  const invited = invitations(data, invite);
  // scrypt is slow: every temporary password is hashed before the transaction, which must not wait on it.
  const passwords = await Promise.all(invited.map(() => newTemporaryPassword()));
  return scope.transaction(async (trx) => {
    if (trx.actor) await requireOwner(trx, HOUSEHOLD_DATA_OWNERS_ONLY);
    if (!(await isEmptyHousehold(trx))) throw unprocessable(NOT_EMPTY_MESSAGE);
    await refuseBeyondTransactionLimit(trx, data.transactions.length);
    const current = await currentName(trx);
    const household_name = keepName ? current : importedName(data, current);
    await trx.db.updateTable('households').set({ name: household_name, updated_at: sql<string>`CURRENT_TIMESTAMP` }).where('id', '=', trx.householdId).execute();
    const people = await peopleOf(trx, data);
    const added: ImportResult['invited'] = [];
    for (const [i, person] of invited.entries()) {
      if (people.find((p) => p.id === person.id)?.here) continue;
      await insertMember(trx, person.body, passwords[i].hash);
      added.push({ name: person.body.name, email: normaliseEmail(person.body.email), role_in_file: person.role, temporary_password: passwords[i].password });
    }
    const chosen = new Set(invited.map((p) => p.id));
    await writeExport(trx, data);
    return {
      imported: countsOf(data),
      household_name,
      invited: added,
      not_added: people.filter((p) => !p.here && !chosen.has(p.id)).map(({ name, email }) => ({ name, email })),
    };
  });
}

/**
 * Each kind takes its new ids first (reserveIds) and is then written in batches with them, parents before the
 * rows that refer to them: which new id is which row of the file is decided before the insert, never read back.
 */
async function writeExport(scope: HouseholdScope, data: ExportRows): Promise<void> {
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
  await writeHistory(scope, data, maps, stamps);
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
): Promise<void> {
  const household_id = scope.householdId;
  const members = await scope.db.selectFrom('users').select(['id', 'email']).where('household_id', '=', household_id).execute();
  const memberByEmail = new Map(members.map((m) => [normaliseEmail(m.email), m.id]));
  const emailOf = new Map(data.members.map((m) => [m.id, normaliseEmail(m.email)]));
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
}
