import net from 'node:net';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { MAX_CENTS, MAX_TRANSACTIONS_PER_HOUSEHOLD } from '../../src/shared/money';
import type { Budget } from '../../src/shared/schemas/budgets';
import { type ErrorBody, MAX_ROWS_PER_REQUEST } from '../../src/shared/schemas/common';
import type { Transaction } from '../../src/shared/schemas/transactions';
import { PERIOD_OUT_OF_RANGE } from '../../server/services/budgets/periods';
import { createAllocation, createBankAccount, createBudget, createCategory, householdSnapshot } from '../support/builders';
import { call, signUpAndIn, startTestServer, testDialects, useTestServer } from '../support/testServer';

const NUL = String.fromCharCode(0);

describe.each(testDialects)('what a client sends cannot break a household, on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: false });

  const refused = async (status: number, method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const before = await householdSnapshot(ctx.user.scope);
    const response = await call<ErrorBody>(ctx.server, ctx.user, { method, url, payload: payload as object });
    expect({ url, status: response.status }).toEqual({ url, status });
    expect(response.body.success).toBe(false);
    expect(response.body.errors.length).toBeGreaterThan(0);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    return response;
  };

  describe('answers that must be 4xx with the error shape, never 500', () => {
    it('refuses a budget whose period would end beyond year 9999 (or start before 1900)', async () => {
      const late = await refused(422, 'POST', '/budgets', { start_date: '9999-12-15' });
      expect(late.body.errors).toEqual([PERIOD_OUT_OF_RANGE]);
      await refused(422, 'POST', '/budgets', { start_date: '1900-01-01' });
      const last = await call<Budget>(ctx.server, ctx.user, { method: 'POST', url: '/budgets', payload: { start_date: '9999-11-01' } });
      expect(last.status).toBe(201);
      await refused(422, 'PUT', `/budgets/${last.body.id}/copy`, {});
    });

    it('refuses the NUL character in any text', async () => {
      const category = await createCategory(ctx.user.scope);
      const account = await createBankAccount(ctx.user.scope);
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      await refused(422, 'POST', '/allocation_categories', { name: `Fo${NUL}od` });
      await refused(422, 'POST', '/bank_accounts', { name: 'Card', account_no: `12${NUL}34` });
      await refused(422, 'PUT', `/budgets/${budget.id}`, { allocations: [{ name: 'Gym', amount: 1, allocation_category_id: category.id, comment: `a${NUL}b` }] });
      await refused(422, 'POST', '/transactions', {
        bank_account_id: account.id,
        budget_id: budget.id,
        transactions: [{ transaction_date: '2026-03-02', description: `Caf${NUL}e` }],
      });
      const signIn = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: `a${NUL}@example.com`, password: 'whatever password' } });
      expect(signIn.statusCode).toBe(422);
    });

    it('refuses an email or a password longer than any column holds at sign-in', async () => {
      const longEmail = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: `${'a'.repeat(1_000_000)}@example.com`, password: 'x' } });
      expect(longEmail.statusCode).toBe(422);
      expect(longEmail.json()).toMatchObject({ success: false, field_errors: { email: [expect.stringContaining('too long')] } });
      const longPassword = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'a@example.com', password: 'x'.repeat(100_000) } });
      expect(longPassword.statusCode).toBe(422);
    });
  });

  describe('totals stay exact', () => {
    it('refuses an amount beyond the cap (amounts at the cap: the next test)', async () => {
      const account = await createBankAccount(ctx.user.scope);
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      const window = { bank_account_id: account.id, budget_id: budget.id };
      await refused(422, 'POST', '/transactions', { ...window, transactions: [{ transaction_date: '2026-03-02', withdrawal_amount: MAX_CENTS + 1 }] });
      await refused(422, 'POST', '/bank_accounts', { name: 'Rich', opening_balance: 2 ** 50 });
    });

    it('sums amounts at the cap exactly on both databases', async () => {
      const category = await createCategory(ctx.user.scope);
      const account = await createBankAccount(ctx.user.scope, { opening_balance: MAX_CENTS, closing_balance: MAX_CENTS });
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      const allocation = await createAllocation(ctx.user.scope, budget.id, category.id);
      const rows = Array.from({ length: 900 }, (_, i) => ({
        transaction_date: '2026-03-02',
        description: `Big ${i}`,
        deposit_amount: MAX_CENTS,
        allocation_id: i % 2 === 0 ? allocation.id : null,
      }));
      const saved = await call<Transaction[]>(ctx.server, ctx.user, { method: 'POST', url: '/transactions', payload: { bank_account_id: account.id, budget_id: budget.id, transactions: rows } });
      expect(saved.status).toBe(200);
      const accounts = await call<Array<{ id: number; current_balance: number }>>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' });
      expect(accounts.body.find((a) => a.id === account.id)?.current_balance).toBe(901 * MAX_CENTS);
      const read = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budget.id}` });
      expect(read.body.allocations[0].spent).toBe(-450 * MAX_CENTS);
    });

    it('refuses a save that would take the household beyond its transaction limit', async () => {
      const account = await createBankAccount(ctx.user.scope);
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      await fillHousehold(account.id, MAX_TRANSACTIONS_PER_HOUSEHOLD - 1);
      const window = { bank_account_id: account.id, budget_id: budget.id };
      const last = await call(ctx.server, ctx.user, { method: 'POST', url: '/transactions', payload: { ...window, transactions: [{ transaction_date: '2026-03-02', description: 'The last one' }] } });
      expect(last.status).toBe(200);
      const saved = await call<Transaction[]>(ctx.server, ctx.user, { method: 'GET', url: `/transactions?bank_account_id=${account.id}&budget_id=${budget.id}` });
      const beyond = await call<ErrorBody>(ctx.server, ctx.user, {
        method: 'POST',
        url: '/transactions',
        payload: { ...window, transactions: [...saved.body, { transaction_date: '2026-03-03', description: 'One more' }] },
      });
      expect(beyond.status).toBe(422);
      expect(beyond.body.errors).toEqual(['This household keeps 500,000 transactions; at most 500,000 are allowed.']);
      const transfer = await call<ErrorBody>(ctx.server, ctx.user, {
        method: 'POST',
        url: `/bank_accounts/${account.id}/transfer`,
        payload: { to: account.id, amount: 100, description: 'Move', date: '2026-03-04', budget_id: budget.id },
      });
      expect(transfer.status).toBe(422);
      const { n } = await ctx.user.scope.selectFrom('transactions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(MAX_TRANSACTIONS_PER_HOUSEHOLD);
      // Half a million rows take a few seconds to write, more on PostgreSQL on a busy machine.
    }, 120_000);
  });

  /** `count` old transactions in one statement (a household with years of history), dated before the window. */
  async function fillHousehold(accountId: number, count: number) {
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      insert into transactions (household_id, bank_account_id, transaction_date, description, bank_ref)
      select ${ctx.user.householdId}, ${accountId}, ${dialect === 'postgres' ? sql`cast('2026-02-01' as date)` : sql`'2026-02-01'`}, 'Old', 'FULL-' || cast(i as varchar(20)) from n`.execute(ctx.server.db);
  }

  describe('bounded requests', () => {
    it('refuses a transactions save of more rows than one request may carry, quickly and with a small answer', async () => {
      const account = await createBankAccount(ctx.user.scope);
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      const rows = Array.from({ length: 120_000 }, () => ({ transaction_date: '2026-03-02' }));
      expect(JSON.stringify(rows).length).toBeLessThan(5_000_000);
      const response = await refused(422, 'POST', '/transactions', { bank_account_id: account.id, budget_id: budget.id, transactions: rows });
      expect(response.body.errors).toEqual([`transactions has 120,000 rows; at most ${MAX_ROWS_PER_REQUEST.toLocaleString('en-US')} fit in one request`]);
    });

    it('lists at most 100 problems of a refused save and counts the rest', async () => {
      const account = await createBankAccount(ctx.user.scope);
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      const rows = Array.from({ length: 300 }, (_, i) => ({ transaction_date: '2026-03-02', description: `Row ${i}`, withdrawal_amount: -1 }));
      const response = await refused(422, 'POST', '/transactions', { bank_account_id: account.id, budget_id: budget.id, transactions: rows });
      expect(response.body.errors).toHaveLength(101);
      expect(response.body.errors[100]).toBe('…and 200 more problems');
    });
  });

  describe('headers', () => {
    it('marks every signed-in answer and the sign-in answer no-store', async () => {
      const user = await signUpAndIn(ctx.server);
      const settings = await call(ctx.server, user, { method: 'GET', url: '/settings' });
      expect(settings.headers['cache-control']).toBe('no-store');
      const notFound = await call(ctx.server, user, { method: 'GET', url: '/budgets/999999' });
      expect(notFound.headers['cache-control']).toBe('no-store');
      const signIn = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: user.headers.uid, password: 'correct horse battery' } });
      expect(signIn.headers['cache-control']).toBe('no-store');
    });

    it('gives a new XSRF token at sign-in and at sign-out', async () => {
      const user = await signUpAndIn(ctx.server);
      const cookie = { cookie: 'XSRF-TOKEN=before-sign-in-token', 'x-xsrf-token': 'before-sign-in-token' };
      const signIn = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', headers: cookie, payload: { email: user.headers.uid, password: 'correct horse battery' } });
      const issued = signIn.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
      expect(issued).toMatch(/^[A-Za-z0-9_-]{24,}$/);
      expect(issued).not.toBe('before-sign-in-token');
      const signOut = await call(ctx.server, user, { method: 'DELETE', url: '/auth/sign_out', headers: { cookie: `XSRF-TOKEN=${issued}`, 'x-xsrf-token': issued } });
      const rotated = (signOut.headers['set-cookie'] as string | string[] | undefined)?.toString() ?? '';
      expect(rotated).toMatch(/XSRF-TOKEN=/);
      expect(rotated).not.toContain(`XSRF-TOKEN=${issued};`);
    });
  });
});

describe('slow and oversized requests over a real connection', () => {
  /** Opens a raw connection to a server listening on a port; resolves with everything it answered once it closes. */
  const talk = (port: number, send: (socket: net.Socket) => void) =>
    new Promise<{ text: string; afterMs: number }>((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => send(socket));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ text, afterMs: Date.now() - started }));
    });

  it('closes a request whose body trickles in, with the error shape, within the request timeout', async () => {
    const server = await startTestServer('sqlite', { config: { requestTimeoutMs: 1000 } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    try {
      let timer: NodeJS.Timeout | undefined;
      const answer = await talk(port, (socket) => {
        socket.write('POST /auth/sign_in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
        timer = setInterval(() => socket.write(' '), 300);
      });
      clearInterval(timer);
      expect(answer.text).toMatch(/^HTTP\/1.1 408/);
      expect(answer.text).toContain('{"success":false,"errors":["The request took too long to arrive."]}');
      expect(answer.afterMs).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  });

  it('answers headers beyond the limit with 431 in the error shape', async () => {
    const server = await startTestServer('sqlite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    try {
      const answer = await talk(port, (socket) => socket.write(`GET /budgets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(answer.text).toMatch(/^HTTP\/1.1 431/);
      expect(answer.text).toContain('{"success":false,"errors":["The request headers are too large."]}');
    } finally {
      await server.close();
    }
  });
});
