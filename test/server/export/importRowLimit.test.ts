import fs from 'node:fs';
import path from 'node:path';
import { MAX_TRANSACTIONS_PER_HOUSEHOLD } from '../../../src/shared/money';
import { createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../../support/testServer';

const fixture = (...parts: string[]) => path.join(__dirname, '../../fixtures/history', ...parts);
const ynabFiles = { source: 'ynab', plan: fs.readFileSync(fixture('ynab/Plan.csv'), 'utf8'), register: fs.readFileSync(fixture('ynab/Register.csv'), 'utf8') };

/**
 * The imports write into an empty household, whose counter says 0; set nearly full here, it proves they ask the
 * same row limit as every other write (refused whole, nothing written).
 */
describe.each(testDialects)('imports and the transaction row limit on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function nearlyFull(user: SignedInUser, room: number) {
    await ctx.server.db.updateTable('households').set({ transaction_count: MAX_TRANSACTIONS_PER_HOUSEHOLD - room }).where('id', '=', user.householdId).execute();
    return `This household keeps ${(MAX_TRANSACTIONS_PER_HOUSEHOLD - room).toLocaleString('en-US')} transactions; at most ${MAX_TRANSACTIONS_PER_HOUSEHOLD.toLocaleString('en-US')} are allowed.`;
  }

  // The fixture's register holds 12 lines, two of them the parts of one split row: 11 transactions.
  it('history from another tool beyond the limit is refused and writes nothing; within it, it is written', async () => {
    const message = await nearlyFull(ctx.user, 10);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await call<{ errors: string[] }>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: ynabFiles });
    expect({ status: refused.status, errors: refused.body.errors }).toEqual({ status: 422, errors: [message] });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);

    await nearlyFull(ctx.user, 11);
    const imported = await call<{ imported: { transactions: number } }>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: ynabFiles });
    expect(imported.status).toBe(200);
    expect(imported.body.imported.transactions).toBe(11);
  });

  it('a household export beyond the limit is refused and writes nothing', async () => {
    const budget = await createBudget(ctx.other.scope, '2026-01-01');
    const account = await createBankAccount(ctx.other.scope);
    await createTransaction(ctx.other.scope, account.id, budget.start_date);
    await createTransaction(ctx.other.scope, account.id, budget.end_date);
    const exported = await call(ctx.server, ctx.other, { method: 'GET', url: '/household/export' });
    expect(exported.status).toBe(200);

    const message = await nearlyFull(ctx.user, 1);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await call<{ errors: string[] }>(ctx.server, ctx.user, { method: 'POST', url: '/household/import', payload: exported.body as object });
    expect({ status: refused.status, errors: refused.body.errors }).toEqual({ status: 422, errors: [message] });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });
});
