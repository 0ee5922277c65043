import type { HouseholdExport } from '../../../src/shared/schemas/householdData';
import type { CategorySpendingReport } from '../../../src/shared/schemas/reports';
import { call, type SignedInUser, type TestServer } from '../../support/testServer';

type Kind = 'budget' | 'income' | 'allocation' | 'category' | 'institution' | 'account' | 'event' | 'envelope' | 'transaction' | 'activity' | 'schedule' | 'occurrence';
export type IdMaps = Record<Kind, Map<number, number>>;

/** Each kind's ids in the first export paired with the second's: the import keeps every kind's order. */
export function idMapsBetween(from: HouseholdExport, to: HouseholdExport): IdMaps {
  const pair = (a: Array<{ id: number }>, b: Array<{ id: number }>) => {
    expect(b).toHaveLength(a.length);
    return new Map(a.map((row, i) => [row.id, b[i].id]));
  };
  return {
    budget: pair(from.budgets, to.budgets),
    income: pair(from.budgets.flatMap((b) => b.incomes), to.budgets.flatMap((b) => b.incomes)),
    allocation: pair(from.budgets.flatMap((b) => b.allocations), to.budgets.flatMap((b) => b.allocations)),
    category: pair(from.allocation_categories, to.allocation_categories),
    institution: pair(from.institutions, to.institutions),
    account: pair(from.bank_accounts, to.bank_accounts),
    event: pair(from.special_events, to.special_events),
    envelope: pair(from.sink_fund_allocations, to.sink_fund_allocations),
    transaction: pair(from.transactions, to.transactions),
    activity: pair(from.activities, to.activities),
    schedule: pair(from.schedules ?? [], to.schedules ?? []),
    occurrence: pair((from.schedules ?? []).flatMap((s) => s.occurrences), (to.schedules ?? []).flatMap((s) => s.occurrences)),
  };
}

const KIND_OF_KEY: Record<string, Kind> = {
  budget_id: 'budget',
  bank_account_id: 'account',
  primary_budget_account_id: 'account',
  allocation_id: 'allocation',
  allocation_category_id: 'category',
  default_allocation_category_id_for_special_events: 'category',
  institution_id: 'institution',
  sink_fund_allocation_id: 'envelope',
  special_event_id: 'event',
  undone_by_id: 'activity',
  undoes_id: 'activity',
};

/** The kind of the objects found under a key (their `id`). */
const KIND_UNDER_KEY: Record<string, Kind> = {
  budgets: 'budget',
  incomes: 'income',
  allocations: 'allocation',
  allocation_categories: 'category',
  allocation_category: 'category',
  institutions: 'institution',
  institution: 'institution',
  bank_accounts: 'account',
  bank_account: 'account',
  special_events: 'event',
  special_event: 'event',
  sink_fund_allocations: 'envelope',
  transactions: 'transaction',
  activities: 'activity',
  schedules: 'schedule',
  occurrences: 'occurrence',
};

/** The kind named by each prefix of an activity's row keys (`transaction:5`). */
const KIND_OF_ROW_KEY: Record<string, Kind> = {
  transaction: 'transaction',
  income: 'income',
  allocation: 'allocation',
  envelope: 'envelope',
  special_event: 'event',
  budget: 'budget',
  bank_account: 'account',
  sink_fund: 'account',
  allocation_category: 'category',
  institution: 'institution',
  schedule: 'schedule',
  schedule_occurrence: 'occurrence',
};

/** An activity's row key under the other install's id; a key of unknown kind fails the test. */
function remapRowKey(key: string, maps: IdMaps, where: string): string {
  const [prefix, id] = key.split(':');
  const mapped = KIND_OF_ROW_KEY[prefix] && maps[KIND_OF_ROW_KEY[prefix]].get(Number(id));
  if (mapped === undefined) throw new Error(`row key ${key} at ${where} is not in the export`);
  return `${prefix}:${mapped}`;
}

/** Ids that are not the household's rows' (left as they are). */
const NOT_ROW_IDS = new Set(['user_id']);

/** `value` with every id of a household row replaced by its id in the other install; an id of unknown kind fails the test. */
export function remapIds<T>(value: T, maps: IdMaps, kind: Kind | null = null, path = ''): T {
  if (Array.isArray(value)) return value.map((item, i) => remapIds(item, maps, kind, `${path}[${i}]`)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const where = `${path}.${key}`;
    const idKind = key === 'id' ? kind : KIND_OF_KEY[key];
    if ((key === 'id' || key in KIND_OF_KEY || key.endsWith('_id')) && !NOT_ROW_IDS.has(key) && typeof inner === 'number') {
      if (!idKind) throw new Error(`no kind known for the id at ${where}`);
      const mapped = maps[idKind].get(inner);
      if (mapped === undefined) throw new Error(`${idKind} ${inner} at ${where} is not in the export`);
      result[key] = mapped;
    } else if (key === 'row_keys' && Array.isArray(inner)) {
      result[key] = inner.map((rowKey: string, i) => remapRowKey(rowKey, maps, `${where}[${i}]`));
    } else {
      result[key] = remapIds(inner, maps, KIND_UNDER_KEY[key] ?? (typeof inner === 'object' ? null : kind), where);
    }
  }
  return result as T;
}

export interface RouteRead {
  kind: Kind | null;
  body: unknown;
}

/**
 * What every read route answers for the household: lists, each budget, each account's transactions in each
 * open budget, each sink fund, each special event, the reports and settings. Keyed by position (budget #3), not
 * id, so two installs' reads line up.
 */
export async function readEveryRoute(server: TestServer, user: SignedInUser, data: HouseholdExport): Promise<Record<string, RouteRead>> {
  const reads: Record<string, RouteRead> = {};
  const read = async (label: string, url: string, kind: Kind | null) => {
    const answer = await call(server, user, { method: 'GET', url });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    reads[label] = { kind, body: answer.body };
  };
  await read('budgets', '/budgets', 'budget');
  await read('future budgets', '/budgets/future', 'budget');
  await read('current budget', '/budgets/current', 'budget');
  await read('settings', '/settings', null);
  await read('allocation categories', '/allocation_categories', 'category');
  await read('institutions', '/institutions', 'institution');
  await read('bank accounts', '/bank_accounts?include_current_balance=true&include_closed=true', 'account');
  await read('account balances', '/account_balances?include_closed=true', 'account');
  await read('sink funds', '/sink_funds', 'account');
  await read('special events', '/special_events', 'event');
  await read('net worth', '/reports/net_worth', null);
  await read('needs vs wants', '/reports/needs_vs_wants', null);
  for (const [i, category] of data.allocation_categories.entries()) {
    await read(`category spending #${i}`, `/reports/category_spending?category_id=${category.id}`, null);
    // Each read is that category's report alone, so the comparison is per category, not the whole report again.
    const { data: rows } = reads[`category spending #${i}`].body as CategorySpendingReport;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.allocation_category_id !== category.id)).toEqual([]);
  }
  for (const [i, budget] of data.budgets.entries()) {
    await read(`budget #${i}`, `/budgets/${budget.id}`, 'budget');
    for (const [j, account] of data.bank_accounts.entries()) {
      if (budget.status === 'open') await read(`transactions of account #${j} in budget #${i}`, `/transactions?bank_account_id=${account.id}&budget_id=${budget.id}`, 'transaction');
    }
  }
  for (const [j, account] of data.bank_accounts.entries()) {
    if (account.account_type === 'sink_fund') await read(`sink fund #${j}`, `/sink_funds/${account.id}`, 'account');
  }
  for (const [k, event] of data.special_events.entries()) await read(`special event #${k}`, `/special_events/${event.id}`, 'event');
  return reads;
}
