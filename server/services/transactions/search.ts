import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DateOnly } from '../../../src/shared/dates';
import { parseMoney } from '../../../src/shared/money';
import { SEARCH_CURSOR_NOT_FOUND, SEARCH_PAGE_SIZE, type SearchQuery, type SearchResults } from '../../../src/shared/schemas/transactionTools';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { notFound } from '../../errors';
import { toTransactionResponse } from './reads';
import { withSplits } from './splits';
import type { SplitPart } from '../../../src/shared/schemas/transactions';

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The trigram index answers only for three characters or more; shorter text is compared row by row. */
const TRIGRAM = 3;

/** The text as one FTS5 phrase: a substring of the column, whatever characters it holds. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** "45.20", "-45.20" or "1,500": the text as an amount in cents, when it is one. */
function amountIn(text: string): number | null {
  if (!/^[-+]?[\d,]*\.?\d+$/.test(text.trim())) return null;
  return Math.abs(parseMoney(text));
}

type Matches = ExpressionBuilder<Database, 'transactions'>;

/**
 * `q` in the description or the bank reference (case-insensitive, anywhere in it), served by the trigram index
 * of migration 0012: the FTS5 table on SQLite, the `pg_trgm` GIN indexes on PostgreSQL (which serve this LIKE).
 */
function textMatches(eb: Matches, scope: HouseholdScope, text: string): Expression<SqlBool> {
  const amount = amountIn(text);
  const byAmount = amount ? [eb('transactions.withdrawal_amount', '=', amount), eb('transactions.deposit_amount', '=', amount)] : [];
  // A split row is found by any part's memo too (the household's parts: few, next to its rows).
  byAmount.push(
    eb(
      'transactions.id',
      'in',
      scope
        .selectFrom('transaction_splits')
        .select('transaction_splits.transaction_id')
        .where(sql<SqlBool>`lower(transaction_splits.memo) like ${likeContaining(text)} escape '\\'`),
    ),
  );
  if (!isPostgres(scope.db) && [...text].length >= TRIGRAM) {
    return eb.or([eb('transactions.id', 'in', sql<number>`(select rowid from transactions_search where transactions_search match ${ftsPhrase(text)})`), ...byAmount]);
  }
  const pattern = likeContaining(text);
  return eb.or([
    eb(sql`lower(transactions.description)`, 'like', sql`${pattern} escape '\\'`),
    eb(sql`lower(transactions.bank_ref)`, 'like', sql`${pattern} escape '\\'`),
    ...byAmount,
  ]);
}

interface BudgetPeriod {
  id: number;
  name: string;
  start_date: DateOnly;
  end_date: DateOnly;
}

/** The budgets whose periods hold the page's dates: one seek for the page, not a range join for every match. */
async function budgetsOfDates(scope: HouseholdScope, dates: DateOnly[]): Promise<(date: DateOnly) => BudgetPeriod | undefined> {
  if (dates.length === 0) return () => undefined;
  const sorted = [...dates].sort();
  const budgets = await scope
    .selectFrom('budgets')
    .select(['id', 'name', 'start_date', 'end_date'])
    .where('start_date', '<=', sorted[sorted.length - 1])
    .where('end_date', '>=', sorted[0])
    .execute();
  return (date) => budgets.find((b) => b.start_date <= date && b.end_date >= date);
}

/** What each sort orders by (then the id); each is served by one of the household's indexes (migration 0012). */
const SORT_KEYS = {
  date: sql<string | number>`transactions.transaction_date`,
  amount: sql<string | number>`(transactions.deposit_amount - transactions.withdrawal_amount)`,
  description: sql<string | number>`lower(transactions.description)`,
};

/**
 * The rows after the cursor's row in this order, written as a range on the sort key (an index seek) with the id
 * breaking ties: `key <= k and (key < k or id < i)` newest first, mirrored oldest first.
 */
function after(sortKey: RawBuilder<string | number>, direction: 'asc' | 'desc', key: string | number, id: number): RawBuilder<SqlBool> {
  const [beyond, beyondOrAt] = direction === 'desc' ? ['<', '<='] : ['>', '>='];
  return sql<SqlBool>`${sortKey} ${sql.raw(beyondOrAt)} ${key} and (${sortKey} ${sql.raw(beyond)} ${key} or transactions.id ${sql.raw(beyond)} ${id})`;
}

/**
 * With no filter but the account, every row of the household (or of the account) matches: the count and the net
 * are the running totals kept by the database (migration 0015), a row per account and envelope, not a pass over
 * the history.
 */
function everyRowTotals(scope: HouseholdScope, bankAccountId: number | undefined) {
  let totals = scope
    .selectFrom('bank_accounts')
    .innerJoin('transaction_totals', 'transaction_totals.bank_account_id', 'bank_accounts.id')
    .select([sql<number>`coalesce(sum(transaction_totals.row_count), 0)`.as('total'), sql<number | null>`sum(transaction_totals.net)`.as('net')]);
  if (bankAccountId !== undefined) totals = totals.where('bank_accounts.id', '=', bankAccountId);
  return totals.executeTakeFirstOrThrow();
}

const EMPTY = (page: number): SearchResults => ({ results: [], total: 0, page, per_page: SEARCH_PAGE_SIZE, net_total: 0, next_cursor: null });

/**
 * Finds the household's transactions across every account and budget: `q` matches the description or the bank
 * reference (case-insensitive, anywhere in it) or, when it is an amount, the withdrawal or the deposit; filters by
 * account, budget period, allocation and paid/unpaid; sorted and paginated. Each result names its account, the
 * budget whose period holds it (to open its window) and its allocation. The page and the totals read only the
 * matches (index seeks within the household, migration 0012), or, unfiltered, the running totals; the budgets
 * are looked up for the page's rows.
 * Pages by number (an offset along the ordered index) or, with `cursor`, after a row (a keyset seek).
 */
export async function searchTransactions(scope: HouseholdScope, query: SearchQuery): Promise<SearchResults> {
  const page = query.page ?? 1;
  let matches = scope.selectFrom('transactions');
  if (query.budget_id !== undefined) {
    const budget = await scope.selectFrom('budgets').select(['start_date', 'end_date']).where('id', '=', query.budget_id).executeTakeFirst();
    if (!budget) return EMPTY(page);
    matches = matches.where('transactions.transaction_date', '>=', budget.start_date).where('transactions.transaction_date', '<=', budget.end_date);
  }
  const text = query.q?.trim();
  if (text) matches = matches.where((eb) => textMatches(eb, scope, text));
  if (query.bank_account_id !== undefined) matches = matches.where('transactions.bank_account_id', '=', query.bank_account_id);
  const allocationId = query.allocation_id;
  if (allocationId !== undefined) {
    // A split row is found by any part's allocation.
    const parts = scope.selectFrom('transaction_splits').select('transaction_splits.transaction_id').where('transaction_splits.allocation_id', '=', allocationId);
    matches = matches.where((eb) => eb.or([eb('transactions.allocation_id', '=', allocationId), eb('transactions.id', 'in', parts)]));
  }
  if (query.status) matches = matches.where('transactions.status', '=', query.status);

  const direction = query.order ?? (query.sort === 'description' ? 'asc' : 'desc');
  const sortColumn = SORT_KEYS[query.sort ?? 'date'];

  let pageRows = matches.selectAll('transactions');
  if (query.cursor === undefined) pageRows = pageRows.offset((page - 1) * SEARCH_PAGE_SIZE);
  else {
    const last = await scope.selectFrom('transactions').select(sortColumn.as('sort_key')).where('id', '=', query.cursor).executeTakeFirst();
    if (!last) throw notFound(SEARCH_CURSOR_NOT_FOUND);
    pageRows = pageRows.where(after(sortColumn, direction, last.sort_key, query.cursor));
  }
  // One row beyond the page says whether a next page exists.
  const [found, totals] = await Promise.all([
    pageRows
      .orderBy(sortColumn, direction)
      .orderBy('transactions.id', direction)
      .limit(SEARCH_PAGE_SIZE + 1)
      .execute(),
    !text && query.budget_id === undefined && query.allocation_id === undefined && !query.status
      ? everyRowTotals(scope, query.bank_account_id)
      : matches
          .select([sql<number>`count(*)`.as('total'), sql<number | null>`sum(transactions.deposit_amount - transactions.withdrawal_amount)`.as('net')])
          .executeTakeFirstOrThrow(),
  ]);
  const rows = found.slice(0, SEARCH_PAGE_SIZE);
  const accountIds = [...new Set(rows.map((row) => row.bank_account_id))];
  const withParts = await withSplits(scope, rows.map(toTransactionResponse));
  const allocationIds = [...new Set(withParts.flatMap((row) => [row.allocation_id, ...(row.splits ?? []).map((part) => part.allocation_id)]).filter((id) => id !== null))];
  const envelopeIds = [...new Set(withParts.flatMap((row) => (row.splits ?? []).map((part) => part.sink_fund_allocation_id)).filter((id) => id !== null))];
  const [budgetOf, accounts, allocations, envelopes] = await Promise.all([
    budgetsOfDates(
      scope,
      rows.map((row) => row.transaction_date),
    ),
    accountIds.length ? scope.selectFrom('bank_accounts').select(['id', 'name']).where('id', 'in', accountIds).execute() : [],
    allocationIds.length ? scope.selectFrom('allocations').select(['id', 'name']).where('id', 'in', allocationIds).execute() : [],
    envelopeIds.length ? scope.selectFrom('sink_fund_allocations').select(['id', 'name']).where('id', 'in', envelopeIds).execute() : [],
  ]);
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  const allocationName = new Map(allocations.map((a) => [a.id, a.name]));
  const envelopeName = new Map(envelopes.map((e) => [e.id, e.name]));
  /** A part's allocation or envelope by name; a part without either is "Unallocated". */
  const partName = (part: SplitPart) =>
    part.allocation_id !== null ? (allocationName.get(part.allocation_id) ?? '') : part.sink_fund_allocation_id !== null ? (envelopeName.get(part.sink_fund_allocation_id) ?? '') : 'Unallocated';
  return {
    results: withParts.map(({ splits, ...row }) => {
      const budget = budgetOf(row.transaction_date);
      return {
        ...row,
        ...(splits ? { splits: splits.map((part) => ({ ...part, allocation_name: partName(part) })) } : {}),
        bank_account_name: accountName.get(row.bank_account_id) ?? '',
        budget_id: budget?.id ?? null,
        budget_name: budget?.name ?? null,
        // A split row names its parts' allocations (or envelopes), in order (a part without either is "Unallocated").
        allocation_name: splits
          ? splits.map(partName).join(', ')
          : row.allocation_id === null
            ? null
            : (allocationName.get(row.allocation_id) ?? null),
      };
    }),
    total: totals.total,
    page,
    per_page: SEARCH_PAGE_SIZE,
    net_total: totals.net ?? 0,
    next_cursor: found.length > SEARCH_PAGE_SIZE ? rows[rows.length - 1].id : null,
  };
}
