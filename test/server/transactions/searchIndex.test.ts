import fc from 'fast-check';
import { sql } from 'kysely';
import { MAX_TRANSACTIONS_PER_HOUSEHOLD } from '../../../src/shared/money';
import type { ErrorBody } from '../../../src/shared/schemas/common';
import type { SearchResults } from '../../../src/shared/schemas/transactionTools';
import { createBankAccount, createBudget, createTransaction } from '../../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../../support/testServer';

/** Descriptions built from a few syllables, so random substrings often match several rows (and sometimes none). */
const SYLLABLES = ['ma', 'rk', 'et', 'co', 'ff', 'ee', 'ré', ' ', '%', '_'];
const text = fc.array(fc.constantFrom(...SYLLABLES), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

type Step =
  | { op: 'add'; description: string; amount: number; ref: string }
  | { op: 'describe'; pick: number; description: string }
  | { op: 'reference'; pick: number; ref: string }
  | { op: 'delete'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('add' as const), description: text, amount: fc.integer({ min: 1, max: 9_999 }), ref: text }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('describe' as const), pick: fc.nat(), description: text }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reference' as const), pick: fc.nat(), ref: text }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
);

describe.each(testDialects)('the search index and the transaction counter on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  const search = (query: string, who: SignedInUser = ctx.user) => call<SearchResults & ErrorBody>(ctx.server, who, { method: 'GET', url: `/transactions/search?${query}` });
  const counter = async (who: SignedInUser) =>
    Number((await ctx.server.db.selectFrom('households').select('transaction_count').where('id', '=', who.householdId).executeTakeFirstOrThrow()).transaction_count);
  const counted = async (who: SignedInUser) =>
    Number((await who.scope.selectFrom('transactions').select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('finds what a row-by-row comparison finds, and counts what a count finds, after any inserts, edits and deletes', async () => {
    const account = await createBankAccount(ctx.user.scope);
    await createBudget(ctx.user.scope, '2026-01-01');
    const otherAccount = await createBankAccount(ctx.other.scope);
    await createTransaction(ctx.other.scope, otherAccount.id, '2026-01-05', { description: 'market coffee' });
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), text, async (steps, wanted) => {
        // Besides the random text, the last text written into a row: an edit the index missed shows there.
        const searched = [wanted];
        for (const s of steps) {
          const ids = (await ctx.user.scope.selectFrom('transactions').select('id').orderBy('id').execute()).map((row) => row.id);
          const picked = ids.length ? ids[('pick' in s ? s.pick : 0) % ids.length] : undefined;
          if (s.op === 'add') {
            serial += 1;
            await createTransaction(ctx.user.scope, account.id, `2026-01-${String((serial % 28) + 1).padStart(2, '0')}`, {
              description: s.description,
              withdrawal_amount: s.amount,
              bank_ref: `${s.ref}#${serial}`,
            });
          } else if (picked === undefined) {
            continue;
          } else if (s.op === 'describe') {
            await ctx.user.scope.updateTable('transactions').set({ description: s.description }).where('id', '=', picked).execute();
            searched.push(s.description);
          } else if (s.op === 'reference') {
            serial += 1;
            await ctx.user.scope.updateTable('transactions').set({ bank_ref: `${s.ref}#${serial}` }).where('id', '=', picked).execute();
            searched.push(`${s.ref}#${serial}`);
          } else {
            await ctx.user.scope.deleteFrom('transactions').where('id', '=', picked).execute();
          }
        }
        expect(await counter(ctx.user)).toBe(await counted(ctx.user));
        expect(await counter(ctx.other)).toBe(1);

        const rows = await ctx.user.scope
          .selectFrom('transactions')
          .select(['id', 'bank_account_id', 'transaction_date', 'description', 'bank_ref', 'withdrawal_amount', 'deposit_amount'])
          .execute();
        // Unfiltered (or by account only), the totals come from the running totals: they agree with the rows.
        for (const [query, expected] of [
          ['', rows],
          [`bank_account_id=${account.id}`, rows.filter((row) => row.bank_account_id === account.id)],
          [`bank_account_id=${otherAccount.id}`, []],
        ] as const) {
          const found = await search(query);
          expect([found.body.total, found.body.net_total]).toEqual([expected.length, expected.reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, 0)]);
        }
        for (const query of [searched[0], searched[searched.length - 1]]) {
          const needle = query.trim().toLowerCase();
          const expected = rows.filter((row) => !needle || (row.description ?? '').toLowerCase().includes(needle) || row.bank_ref.toLowerCase().includes(needle));
          const found = await search(`q=${encodeURIComponent(query)}`);
          expect(found.status).toBe(200);
          expect(found.body.total).toBe(expected.length);
          expect(found.body.net_total).toBe(expected.reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, 0));
          const newestFirst = [...expected].sort((a, b) => b.transaction_date.localeCompare(a.transaction_date) || b.id - a.id);
          expect(found.body.results.map((row) => row.id)).toEqual(newestFirst.slice(0, 50).map((row) => row.id));
        }
      }),
      { numRuns: 20 },
    );
  });

  it('names the budget of each row found without joining every row to every budget, and none for a date no budget holds', async () => {
    const scope = ctx.user.scope;
    const account = await createBankAccount(scope);
    const march = await createBudget(scope, '2026-03-01');
    const april = await createBudget(scope, '2026-04-01');
    await createTransaction(scope, account.id, '2026-03-31', { description: 'Rates March' });
    await createTransaction(scope, account.id, '2026-04-01', { description: 'Rates April' });
    await createTransaction(scope, account.id, '2025-12-15', { description: 'Rates before any budget' });
    const { body } = await search('q=rates');
    expect(body.results.map((row) => [row.description, row.budget_id, row.budget_name])).toEqual([
      ['Rates April', april.id, april.name],
      ['Rates March', march.id, march.name],
      ['Rates before any budget', null, null],
    ]);
    expect((await search(`q=rates&budget_id=${march.id}`)).body.results.map((row) => row.description)).toEqual(['Rates March']);
    // Another household's budget filters to nothing, as an unknown one does.
    const theirs = await createBudget(ctx.other.scope, '2026-03-01');
    expect((await search(`q=rates&budget_id=${theirs.id}`)).body).toMatchObject({ results: [], total: 0, net_total: 0 });
  });

  it('walks every sort and order by cursor through the same rows as by page number, and ends with no cursor', async () => {
    const account = await createBankAccount(ctx.user.scope);
    // Ties on every key (same day, same amount, same description in another case), so the id must break them.
    for (let i = 0; i < 130; i += 1) {
      await createTransaction(ctx.user.scope, account.id, `2026-0${(i % 3) + 1}-1${i % 2}`, {
        description: i % 4 === 0 ? 'Rent' : i % 4 === 1 ? 'rent' : `Shop ${i % 7}`,
        withdrawal_amount: (i % 5) * 100,
      });
    }
    for (const sort of ['date', 'amount', 'description']) {
      for (const order of ['asc', 'desc']) {
        const byPage: number[] = [];
        const byCursor: number[] = [];
        for (let page = 1; page <= 3; page += 1) byPage.push(...(await search(`sort=${sort}&order=${order}&page=${page}`)).body.results.map((row) => row.id));
        let answer = await search(`sort=${sort}&order=${order}`);
        const pages = [answer.body];
        while (answer.body.next_cursor !== null) {
          answer = await search(`sort=${sort}&order=${order}&cursor=${answer.body.next_cursor}`);
          expect(answer.status).toBe(200);
          pages.push(answer.body);
        }
        for (const body of pages) byCursor.push(...body.results.map((row) => row.id));
        expect({ sort, order, ids: byCursor }).toEqual({ sort, order, ids: byPage });
        expect(pages.map((body) => [body.results.length, body.total])).toEqual([
          [50, 130],
          [50, 130],
          [30, 130],
        ]);
      }
    }
    // With a text filter, the cursor pages within the matches.
    const rent = await search('q=rent');
    const rest = await search(`q=rent&cursor=${rent.body.next_cursor}`);
    expect([rent.body.results.length, rest.body.results.length, rest.body.total, rest.body.next_cursor]).toEqual([50, 16, 66, null]);
    expect(rest.body.results.every((row) => row.description.toLowerCase() === 'rent')).toBe(true);
  });

  it("answers 404 for a cursor naming another household's transaction or one deleted since, and 422 for one that is no id", async () => {
    const mine = await createBankAccount(ctx.user.scope);
    const row = await createTransaction(ctx.user.scope, mine.id, '2026-01-05');
    const theirs = await createTransaction(ctx.other.scope, (await createBankAccount(ctx.other.scope)).id, '2026-01-05');
    const refused = await search(`cursor=${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.errors.join(' ')).toContain('first page');
    expect((await search(`cursor=${row.id}`)).body).toMatchObject({ results: [], total: 1, next_cursor: null });
    await ctx.user.scope.deleteFrom('transactions').where('id', '=', row.id).execute();
    expect((await search(`cursor=${row.id}`)).status).toBe(404);
    expect((await search('cursor=abc')).status).toBe(422);
  });

  if (dialect === 'postgres') {
    it('plans for SSDs on its PostgreSQL connections, so a text search seeks the trigram indexes', async () => {
      const { rows } = await sql<{ random_page_cost: string }>`show random_page_cost`.execute(ctx.server.db);
      expect(rows[0].random_page_cost).toBe('1.1');
    });
  }

  it('keeps the row limit by the counter: a household at the limit may not add one more', async () => {
    const account = await createBankAccount(ctx.user.scope);
    await createBudget(ctx.user.scope, '2026-01-01');
    await ctx.server.db.updateTable('households').set({ transaction_count: MAX_TRANSACTIONS_PER_HOUSEHOLD }).where('id', '=', ctx.user.householdId).execute();
    const refused = await call<ErrorBody>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/transactions/one',
      payload: { bank_account_id: account.id, transaction_date: '2026-01-10', description: 'One too many', withdrawal_amount: 100 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.join(' ')).toContain('at most');
    expect(await counted(ctx.user)).toBe(0);
  });
});
