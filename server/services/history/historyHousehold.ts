import { sql } from 'kysely';
import type { AccountKind } from '../../../src/shared/schemas/history';
import type { HouseholdScope } from '../../db/scope';
import { currentBalances } from '../balances';

/** One of the household's accounts as the history meets it. */
export interface HouseholdAccount {
  id: number;
  name: string;
  kind: AccountKind;
  opening_date: string;
  opening_balance: number;
  /** Today's balance, with every transaction. */
  balance: number;
  /** Its own transactions dated after its opening date. */
  rows_after_opening: number;
  /** The bank references of rows an earlier history import brought ("YNAB-12", "ACTUAL-…"): those are not brought twice. */
  history_refs: string[];
}

/**
 * What the history is planned against (read on the server's thread, sent to the file reader with the files): the
 * household's accounts, categories and budgets, and its revision, which moves with every change, so an import
 * planned against another state than its preview's is refused.
 */
export interface HistoryHousehold {
  revision: number;
  today: string;
  /** How many transactions the household keeps (every account's). */
  transactions: number;
  accounts: HouseholdAccount[];
  categories: Array<{ id: number; name: string }>;
  budgets: Array<{ start_date: string; end_date: string; allocations: Array<{ id: number; name: string; category_id: number }> }>;
}

export const kindOf = (row: { account_type: string; account_category: string }): AccountKind =>
  row.account_type === 'credit_card' ? 'credit_card' : row.account_category === 'liability' ? 'liability' : row.account_category === 'asset' ? 'asset' : 'current';

/** The columns an account of each kind is stored with. */
const KIND_COLUMNS: Record<AccountKind, { account_type: 'normal' | 'credit_card'; account_category: 'current' | 'asset' | 'liability' }> = {
  current: { account_type: 'normal', account_category: 'current' },
  asset: { account_type: 'normal', account_category: 'asset' },
  credit_card: { account_type: 'credit_card', account_category: 'liability' },
  liability: { account_type: 'normal', account_category: 'liability' },
};
export const columnsOfKind = (kind: AccountKind) => KIND_COLUMNS[kind];

export async function householdRevision(scope: HouseholdScope): Promise<number> {
  const row = await scope.db.selectFrom('households').select('revision').where('id', '=', scope.householdId).executeTakeFirstOrThrow();
  return Number(row.revision);
}

export async function readHistoryHousehold(scope: HouseholdScope, today: string): Promise<HistoryHousehold> {
  const revision = await householdRevision(scope);
  const accounts = await scope
    .selectFrom('bank_accounts')
    .select(['id', 'name', 'account_type', 'account_category', 'opening_date', 'opening_balance'])
    .where('account_type', '!=', 'sink_fund')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const balances = await currentBalances(scope);
  const after = await scope
    .selectFrom('transactions')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'transactions.bank_account_id')
    .select(['transactions.bank_account_id as id', sql<number>`count(*)`.as('n')])
    .whereRef('transactions.transaction_date', '>', 'bank_accounts.opening_date')
    .groupBy('transactions.bank_account_id')
    .execute();
  const rowsAfter = new Map(after.map((row) => [row.id, Number(row.n)]));
  const { n: transactions } = await scope.selectFrom('transactions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const refs = await scope
    .selectFrom('transactions')
    .select(['bank_account_id', 'bank_ref'])
    .where((eb) => eb.or([eb('bank_ref', 'like', 'YNAB-%'), eb('bank_ref', 'like', 'ACTUAL-%')]))
    .execute();
  const historyRefs = new Map<number, string[]>();
  for (const { bank_account_id, bank_ref } of refs) historyRefs.set(bank_account_id, [...(historyRefs.get(bank_account_id) ?? []), bank_ref]);
  const categories = await scope.selectFrom('allocation_categories').select(['id', 'name']).orderBy('name').execute();
  const budgets = await scope.selectFrom('budgets').select(['id', 'start_date', 'end_date']).orderBy('start_date').execute();
  const lines = await scope.selectFrom('allocations').select(['id', 'budget_id', 'name', 'allocation_category_id']).orderBy('id').execute();
  const byBudget = new Map<number, Array<{ id: number; name: string; category_id: number }>>();
  for (const line of lines) {
    const list = byBudget.get(line.budget_id) ?? [];
    list.push({ id: line.id, name: line.name, category_id: line.allocation_category_id });
    byBudget.set(line.budget_id, list);
  }
  // In the person's order of names, the same on both databases.
  accounts.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    revision,
    today,
    transactions: Number(transactions),
    accounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      kind: kindOf(a),
      opening_date: a.opening_date,
      opening_balance: a.opening_balance,
      balance: balances.get(a.id) ?? a.opening_balance,
      rows_after_opening: rowsAfter.get(a.id) ?? 0,
      history_refs: historyRefs.get(a.id) ?? [],
    })),
    categories: categories.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    budgets: budgets.map((b) => ({ start_date: b.start_date, end_date: b.end_date, allocations: byBudget.get(b.id) ?? [] })),
  };
}
