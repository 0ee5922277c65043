import { sql } from 'kysely';
import { parseMoney } from '../../../src/shared/money';
import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResults } from '../../../src/shared/schemas/transactionTools';
import type { HouseholdScope } from '../../db/scope';
import { toTransactionResponse } from './reads';

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** "45.20", "-45.20" or "1,500": the text as an amount in cents, when it is one. */
function amountIn(text: string): number | null {
  if (!/^[-+]?[\d,]*\.?\d+$/.test(text.trim())) return null;
  return Math.abs(parseMoney(text));
}

/**
 * Finds the household's transactions across every account and budget: `q` matches the description or the bank
 * reference (case-insensitive, anywhere in it) or, when it is an amount, the withdrawal or the deposit; filters by
 * account, budget period, allocation and paid/unpaid; sorted and paginated. Each result names its account, the
 * budget whose period holds it (to open its window) and its allocation. Two statements: the page and the count
 * with the net total, both driven by the household's (household_id, transaction_date) index.
 */
export async function searchTransactions(scope: HouseholdScope, query: SearchQuery): Promise<SearchResults> {
  const page = query.page ?? 1;
  let matches = scope
    .selectFrom('transactions')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'transactions.bank_account_id')
    .leftJoin('allocations', 'allocations.id', 'transactions.allocation_id')
    .leftJoin('budgets', (join) =>
      join
        .on('budgets.household_id', '=', scope.householdId)
        .onRef('budgets.start_date', '<=', 'transactions.transaction_date')
        .onRef('budgets.end_date', '>=', 'transactions.transaction_date'),
    );
  const text = query.q?.trim();
  if (text) {
    const pattern = likeContaining(text);
    const amount = amountIn(text);
    matches = matches.where((eb) =>
      eb.or([
        eb(sql`lower(transactions.description)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(transactions.bank_ref)`, 'like', sql`${pattern} escape '\\'`),
        ...(amount ? [eb('transactions.withdrawal_amount', '=', amount), eb('transactions.deposit_amount', '=', amount)] : []),
      ]),
    );
  }
  if (query.bank_account_id !== undefined) matches = matches.where('transactions.bank_account_id', '=', query.bank_account_id);
  if (query.budget_id !== undefined) matches = matches.where('budgets.id', '=', query.budget_id);
  if (query.allocation_id !== undefined) matches = matches.where('transactions.allocation_id', '=', query.allocation_id);
  if (query.status) matches = matches.where('transactions.status', '=', query.status);

  const direction = query.order ?? (query.sort === 'description' ? 'asc' : 'desc');
  const sortColumn = {
    date: sql`transactions.transaction_date`,
    amount: sql`(transactions.deposit_amount - transactions.withdrawal_amount)`,
    description: sql`lower(transactions.description)`,
  }[query.sort ?? 'date'];

  const [rows, totals] = await Promise.all([
    matches
      .selectAll('transactions')
      .select(['bank_accounts.name as bank_account_name', 'budgets.id as window_budget_id', 'budgets.name as budget_name', 'allocations.name as allocation_name'])
      .orderBy(sortColumn, direction)
      .orderBy('transactions.id', direction)
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE)
      .execute(),
    matches
      .select([sql<number | string>`count(*)`.as('total'), sql<number | string | null>`sum(transactions.deposit_amount - transactions.withdrawal_amount)`.as('net')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    results: rows.map((row) => ({
      ...toTransactionResponse(row),
      bank_account_name: row.bank_account_name,
      budget_id: row.window_budget_id,
      budget_name: row.budget_name,
      allocation_name: row.allocation_name,
    })),
    total: Number(totals.total),
    page,
    per_page: SEARCH_PAGE_SIZE,
    net_total: Number(totals.net ?? 0),
  };
}
