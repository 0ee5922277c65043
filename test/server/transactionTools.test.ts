import type { ErrorBody } from '../../src/shared/schemas/common';
import type { SearchResults, Suggestions } from '../../src/shared/schemas/transactionTools';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../support/builders';
import { suggestAllocations } from '../../server/services/transactions/suggestions';
import { countingScope } from '../support/statementCounter';
import { call, type SignedInUser, testDialects, useTestServer } from '../support/testServer';

describe.each(testDialects)('finding transactions and suggesting allocations on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  /** January's history and February's budget, whose lines have the same names (and other ids). */
  async function history(who: SignedInUser = ctx.user) {
    const scope = who.scope;
    const food = await createCategory(scope, { name: 'Food' });
    const home = await createCategory(scope, { name: 'Home' });
    const fun = await createCategory(scope, { name: 'Fun' });
    const account = await createBankAccount(scope, { name: 'Joint Current' });
    const january = await createBudget(scope, '2026-01-01');
    const february = await createBudget(scope, '2026-02-01');
    const jan = {
      groceries: await createAllocation(scope, january.id, food.id, { name: 'Groceries' }),
      rent: await createAllocation(scope, january.id, home.id, { name: 'Rent' }),
      gifts: await createAllocation(scope, january.id, fun.id, { name: 'Gifts' }),
      gym: await createAllocation(scope, january.id, fun.id, { name: 'Gym' }),
    };
    const feb = {
      groceries: await createAllocation(scope, february.id, food.id, { name: 'Groceries' }),
      rent: await createAllocation(scope, february.id, home.id, { name: 'Rent' }),
      gifts: await createAllocation(scope, february.id, fun.id, { name: 'Gifts' }),
    };
    let day = 1;
    const spend = (description: string, allocationId: number, withdrawal = 1000, extra = {}) =>
      createTransaction(scope, account.id, `2026-01-${String(day++).padStart(2, '0')}`, { description, withdrawal_amount: withdrawal, allocation_id: allocationId, ...extra });
    await spend('TESCO STORES 3271', jan.groceries.id, 4520, { bank_ref: 'REF-TESCO-1' });
    await spend('TESCO STORES 3271', jan.groceries.id);
    await spend('Tesco Stores 0012', jan.groceries.id);
    await spend('LANDLORD LTD', jan.rent.id, 150000);
    await spend('AMAZON MKTPLACE', jan.gifts.id);
    await spend('AMAZON MKTPLACE', jan.groceries.id);
    await spend('PUREGYM', jan.gym.id, 2999);
    await spend('Save 50% sale', jan.gifts.id);
    return { account, january, february, jan, feb };
  }

  describe('POST /transactions/suggestions', () => {
    const suggest = (budgetId: number, descriptions: string[], who: SignedInUser = ctx.user) =>
      call<Suggestions & ErrorBody>(ctx.server, who, { method: 'POST', url: '/transactions/suggestions', payload: { budget_id: budgetId, descriptions } });

    it("suggests the allocation this budget has for what the household chose before, by description, then by merchant", async () => {
      const { february, feb } = await history();
      const response = await suggest(february.id, ['Tesco Stores 0044 LONDON', 'TESCO EXPRESS', 'landlord ltd', 'Corner shop', 'AMAZON MKTPLACE', 'PUREGYM']);
      expect(response.status).toBe(200);
      expect(response.body.suggestions.map((s) => [s.description, s.allocation_id, s.votes, s.of])).toEqual([
        ['Tesco Stores 0044 LONDON', feb.groceries.id, 3, 3],
        ['TESCO EXPRESS', feb.groceries.id, 3, 3],
        ['landlord ltd', feb.rent.id, 1, 1],
        // Never seen: no suggestion.
        ['Corner shop', null, 0, 0],
        // As often a gift as groceries: a tie is no suggestion.
        ['AMAZON MKTPLACE', null, 0, 0],
        // Gym has no line in February: nothing to suggest there.
        ['PUREGYM', null, 0, 0],
      ]);
    });

    it("never learns from another household and refuses another household's budget", async () => {
      const mine = await history();
      const theirs = await history(ctx.other);
      const response = await suggest(theirs.february.id, ['TESCO STORES']);
      expect(response.status).toBe(404);
      // Their history says Tesco is groceries too, but only my own rows count: remove mine and nothing is left.
      await ctx.user.scope.deleteFrom('transactions').execute();
      expect((await suggest(mine.february.id, ['TESCO STORES'])).body.suggestions[0].allocation_id).toBeNull();
    });
  });

  it('suggests for a long import in the same two statements as for one row', async () => {
    const { february } = await history();
    const budget = await ctx.user.scope.find('budgets', february.id);
    const counted = async (descriptions: string[]) => {
      const { scope, counter } = countingScope(ctx.server.db, ctx.user.householdId);
      const suggestions = await suggestAllocations(scope, budget, descriptions);
      return { statements: counter.statements, suggested: suggestions.filter((s) => s.allocation_id !== null).length };
    };
    expect(await counted(['TESCO'])).toEqual({ statements: 2, suggested: 1 });
    expect(await counted(Array.from({ length: 500 }, (_, i) => `TESCO STORES ${i}`))).toEqual({ statements: 2, suggested: 500 });
  });

  describe('GET /transactions/search', () => {
    const search = (query: string, who: SignedInUser = ctx.user) => call<SearchResults & ErrorBody>(ctx.server, who, { method: 'GET', url: `/transactions/search?${query}` });

    it('finds by description anywhere in it, case-insensitive, across accounts and budgets, newest first', async () => {
      const { account, january } = await history();
      const response = await search('q=tesco');
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(3);
      expect(response.body.results.map((r) => [r.description, r.transaction_date, r.bank_account_name, r.budget_id, r.budget_name, r.allocation_name])).toEqual([
        ['Tesco Stores 0012', '2026-01-03', 'Joint Current', january.id, january.name, 'Groceries'],
        ['TESCO STORES 3271', '2026-01-02', 'Joint Current', january.id, january.name, 'Groceries'],
        ['TESCO STORES 3271', '2026-01-01', 'Joint Current', january.id, january.name, 'Groceries'],
      ]);
      expect(response.body.net_total).toBe(-(4520 + 1000 + 1000));
      expect(response.body.results[0].bank_account_id).toBe(account.id);
    });

    it('finds by amount and by bank reference, and takes % and _ literally', async () => {
      await history();
      expect((await search('q=45.20')).body.results.map((r) => r.description)).toEqual(['TESCO STORES 3271']);
      expect((await search('q=1,500')).body.results.map((r) => r.description)).toEqual(['LANDLORD LTD']);
      expect((await search('q=ref-tesco')).body.results.map((r) => r.bank_ref)).toEqual(['REF-TESCO-1']);
      expect((await search(`q=${encodeURIComponent('50%')}`)).body.results.map((r) => r.description)).toEqual(['Save 50% sale']);
      expect((await search(`q=${encodeURIComponent('_')}`)).body.total).toBe(0);
    });

    it('filters by account, budget, allocation and paid/unpaid, sorts and pages', async () => {
      const { jan, february } = await history();
      expect((await search(`allocation_id=${jan.groceries.id}`)).body.total).toBe(4);
      expect((await search(`budget_id=${february.id}`)).body.total).toBe(0);
      expect((await search('status=unpaid')).body.total).toBe(0);
      const byAmount = await search('sort=amount&order=asc');
      expect(byAmount.body.results[0].description).toBe('LANDLORD LTD');
      const byName = await search('sort=description');
      expect(byName.body.results.map((r) => r.description.toLowerCase())).toEqual([...byName.body.results.map((r) => r.description.toLowerCase())].sort());
      const account = await createBankAccount(ctx.user.scope, { name: 'Many' });
      for (let i = 0; i < 60; i++) await createTransaction(ctx.user.scope, account.id, '2026-03-01', { description: `Coffee ${i}` });
      const second = await search(`bank_account_id=${account.id}&page=2`);
      expect({ total: second.body.total, page: second.body.page, rows: second.body.results.length }).toEqual({ total: 60, page: 2, rows: 10 });
    });

    it("never shows another household's transactions, and refuses a malformed page", async () => {
      await history(ctx.other);
      expect((await search('q=tesco')).body.total).toBe(0);
      expect((await search('page=0')).status).toBe(422);
    });
  });
});
