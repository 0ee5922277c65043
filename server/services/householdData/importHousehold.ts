import { sql } from 'kysely';
import type { HouseholdExport, ImportCounts } from '../../../src/shared/schemas/householdData';
import { isPostgres } from '../../db/dialect';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { checkExport } from './checkExport';

const NOT_EMPTY_MESSAGE = 'This household already has data: an export can only be imported into an empty household.';

/** The tables whose rows make a household not empty (settings and history alone do not). */
const CONTENT_TABLES = ['budgets', 'allocation_categories', 'institutions', 'bank_accounts', 'special_events', 'transactions', 'sink_fund_allocations'] as const;

export async function isEmptyHousehold(scope: HouseholdScope): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    if (await scope.selectFrom(table).select(sql<number>`1`.as('found')).limit(1).executeTakeFirst()) return false;
  }
  return true;
}

/** SQLite keeps CURRENT_TIMESTAMP's "YYYY-MM-DD HH:MM:SS" (UTC); PostgreSQL reads the ISO text itself. */
const storedStamp = (iso: string, postgres: boolean) => (postgres ? iso : new Date(iso).toISOString().slice(0, 19).replace('T', ' '));

type IdMap = Map<number, number>;

/**
 * Writes an export into the scope's household, which must be empty, in one transaction: each row gets a new
 * id and every reference follows it. Members are not created (the file has no passwords): history keeps their
 * names, and an entry by a member of the same email here is linked to that member.
 */
export async function importHousehold(scope: HouseholdScope, document: unknown): Promise<ImportCounts> {
  const data = checkExport(document);
  return scope.transaction(async (trx) => {
    if (!(await isEmptyHousehold(trx))) throw unprocessable(NOT_EMPTY_MESSAGE);
    return writeExport(trx, data);
  });
}

async function writeExport(scope: HouseholdScope, data: HouseholdExport): Promise<ImportCounts> {
  const household_id = scope.householdId;
  const postgres = isPostgres(scope.db);
  const stamps = (row: { created_at: string; updated_at: string }) => ({ created_at: storedStamp(row.created_at, postgres), updated_at: storedStamp(row.updated_at, postgres) });
  const mapped = (map: IdMap, id: number | null) => (id === null ? null : (map.get(id) ?? null));
  const must = (map: IdMap, id: number) => map.get(id)!;

  const categories: IdMap = new Map();
  for (const { id, name, ...rest } of data.allocation_categories) {
    const row = await scope.insertInto('allocation_categories').values({ household_id, name, ...stamps(rest) }).returning('id').executeTakeFirstOrThrow();
    categories.set(id, row.id);
  }
  const institutions: IdMap = new Map();
  for (const { id, name, ...rest } of data.institutions) {
    const row = await scope.insertInto('institutions').values({ household_id, name, ...stamps(rest) }).returning('id').executeTakeFirstOrThrow();
    institutions.set(id, row.id);
  }
  const accounts: IdMap = new Map();
  for (const { id, institution_id, created_at, updated_at, ...account } of data.bank_accounts) {
    const row = await scope
      .insertInto('bank_accounts')
      .values({ ...account, household_id, institution_id: mapped(institutions, institution_id), ...stamps({ created_at, updated_at }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    accounts.set(id, row.id);
  }
  const events: IdMap = new Map();
  for (const { id, created_at, updated_at, ...event } of data.special_events) {
    const row = await scope.insertInto('special_events').values({ ...event, household_id, ...stamps({ created_at, updated_at }) }).returning('id').executeTakeFirstOrThrow();
    events.set(id, row.id);
  }
  const budgets: IdMap = new Map();
  const incomes: IdMap = new Map();
  const allocations: IdMap = new Map();
  for (const { id, incomes: budgetIncomes, allocations: budgetAllocations, created_at, updated_at, ...budget } of data.budgets) {
    const row = await scope.insertInto('budgets').values({ ...budget, household_id, ...stamps({ created_at, updated_at }) }).returning('id').executeTakeFirstOrThrow();
    budgets.set(id, row.id);
    for (const { id: incomeId, bank_account_id, created_at: c, updated_at: u, ...income } of budgetIncomes) {
      const made = await scope
        .insertInto('incomes')
        .values({ ...income, household_id, budget_id: row.id, bank_account_id: mapped(accounts, bank_account_id), ...stamps({ created_at: c, updated_at: u }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      incomes.set(incomeId, made.id);
    }
    for (const { id: allocationId, allocation_category_id, special_event_id, created_at: c, updated_at: u, ...allocation } of budgetAllocations) {
      const made = await scope
        .insertInto('allocations')
        .values({
          ...allocation,
          household_id,
          budget_id: row.id,
          allocation_category_id: must(categories, allocation_category_id),
          special_event_id: mapped(events, special_event_id),
          ...stamps({ created_at: c, updated_at: u }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      allocations.set(allocationId, made.id);
    }
  }
  const envelopes: IdMap = new Map();
  for (const { id, bank_account_id, created_at, updated_at, ...envelope } of data.sink_fund_allocations) {
    const row = await scope
      .insertInto('sink_fund_allocations')
      .values({ ...envelope, household_id, bank_account_id: must(accounts, bank_account_id), ...stamps({ created_at, updated_at }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    envelopes.set(id, row.id);
  }
  const transactions: IdMap = new Map();
  for (const { id, bank_account_id, allocation_id, sink_fund_allocation_id, created_at, updated_at, ...transaction } of data.transactions) {
    const row = await scope
      .insertInto('transactions')
      .values({
        ...transaction,
        household_id,
        bank_account_id: must(accounts, bank_account_id),
        allocation_id: mapped(allocations, allocation_id),
        sink_fund_allocation_id: mapped(envelopes, sink_fund_allocation_id),
        ...stamps({ created_at, updated_at }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    transactions.set(id, row.id);
  }
  if (data.settings) await writeSettings(scope, data.settings, accounts, categories);

  const maps: Record<string, IdMap> = {
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
    activities,
  };
}

async function writeSettings(scope: HouseholdScope, settings: NonNullable<HouseholdExport['settings']>, accounts: IdMap, categories: IdMap) {
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
  data: HouseholdExport,
  maps: Record<string, IdMap>,
  stamps: (row: { created_at: string; updated_at: string }) => { created_at: string; updated_at: string },
): Promise<number> {
  const household_id = scope.householdId;
  const members = await scope.db.selectFrom('users').select(['id', 'email']).where('household_id', '=', household_id).execute();
  const memberByEmail = new Map(members.map((m) => [m.email, m.id]));
  const emailOf = new Map(data.members.map((m) => [m.id, m.email.toLowerCase()]));
  const activities: IdMap = new Map();
  const newKey = (key: string): string | null => {
    const match = /^([a-z_]+):(\d+)$/.exec(key);
    if (!match) return key;
    const id = maps[match[1]]?.get(Number(match[2]));
    return id === undefined ? null : `${match[1]}:${id}`;
  };
  for (const entry of data.activities) {
    const userEmail = entry.user_id === null ? undefined : emailOf.get(entry.user_id);
    const row = await scope
      .insertInto('activities')
      .values({
        household_id,
        user_id: userEmail === undefined ? null : (memberByEmail.get(userEmail) ?? null),
        actor_name: entry.actor_name,
        kind: entry.kind,
        summary: entry.summary,
        budget_id: entry.budget_id === null ? null : (maps.budget.get(entry.budget_id) ?? null),
        bank_account_id: entry.bank_account_id === null ? null : (maps.bank_account.get(entry.bank_account_id) ?? null),
        undo: null,
        undoes_id: entry.undoes_id === null ? null : (activities.get(entry.undoes_id) ?? null),
        ...stamps(entry),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    activities.set(entry.id, row.id);
    const keys = [...new Set(entry.row_keys.map(newKey).filter((k): k is string => k !== null))];
    if (keys.length > 0) await scope.insertInto('activity_rows').values(keys.map((row_key) => ({ household_id, activity_id: row.id, row_key }))).execute();
  }
  for (const entry of data.activities) {
    if (entry.undone_by_id === null && entry.undoes_id === null) continue;
    await scope
      .updateTable('activities')
      .set({
        undone_by_id: entry.undone_by_id === null ? null : activities.get(entry.undone_by_id)!,
        undoes_id: entry.undoes_id === null ? null : activities.get(entry.undoes_id)!,
      })
      .where('activities.id', '=', activities.get(entry.id)!)
      .execute();
  }
  return activities.size;
}
