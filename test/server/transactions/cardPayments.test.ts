import { NO_CHARGES_CHOSEN, NOT_A_CREDIT_CARD, type MarkPaidResult } from '../../../src/shared/schemas/cardPayments';
import { WINDOW_CONFLICT_MESSAGE } from '../../../src/shared/schemas/transactions';
import { ACTIVITY_ID_HEADER } from '../../../src/shared/activityHeader';
import { createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import type { CarriedForwardOrigin } from '../../../src/shared/schemas/cardPayments';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { type ErrorBody, getWindow, saveWindow, windowFixture } from './fixtures';

describe.each(testDialects)('marking card charges paid (POST /bank_accounts/:id/mark_paid) on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function cardMonth() {
    const { bankAccount: cheque, budget, allocation } = await windowFixture(ctx.user.scope);
    const card = await createBankAccount(ctx.user.scope, { name: 'Visa', account_type: 'credit_card', account_category: 'liability', opening_balance: -61_240 });
    const charge = (date: string, description: string, amount: number) =>
      createTransaction(ctx.user.scope, card.id, date, { description, withdrawal_amount: amount, allocation_id: allocation.id, status: 'unpaid' });
    const books = await charge('2026-03-02', 'Books', 4_000);
    const fuel = await charge('2026-03-05', 'Fuel', 6_000);
    const shoes = await charge('2026-03-09', 'Shoes', 9_000);
    const transfer = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: `/bank_accounts/${cheque.id}/transfer`,
      payload: { to: card.id, amount: 10_000, description: 'Visa payment', date: '2026-03-20', budget_id: budget.id },
    });
    expect(transfer.status).toBe(200);
    return { card, budget, books, fuel, shoes };
  }
  const markPaid = (accountId: number, payload: Record<string, unknown>, who = ctx.user) =>
    call<MarkPaidResult & ErrorBody>(ctx.server, who, { method: 'POST', url: `/bank_accounts/${accountId}/mark_paid`, payload });
  const statuses = async (cardId: number, budgetId: number) =>
    Object.fromEntries((await getWindow(ctx.server, ctx.user, cardId, budgetId)).body.map((row) => [row.description, row.status]));

  it('ticks the chosen charges in one write that moves the window version, is recorded, and undoes exactly', async () => {
    const { card, budget, books, fuel } = await cardMonth();
    const read = await getWindow(ctx.server, ctx.user, card.id, budget.id);
    const marked = await markPaid(card.id, { budget_id: budget.id, window_lock_version: read.lockVersion, transaction_ids: [books.id, fuel.id] });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: 2, window_lock_version: read.lockVersion + 1 });
    expect(await statuses(card.id, budget.id)).toEqual({ Books: 'paid', Fuel: 'paid', Shoes: 'unpaid', 'Deposit - Visa payment': 'paid' });

    // A draft read before is refused rather than saved over the marks.
    const stale = await saveWindow(ctx.server, ctx.user, { bank_account_id: card.id, budget_id: budget.id, window_lock_version: read.lockVersion, transactions: read.body });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([WINDOW_CONFLICT_MESSAGE]);

    const activityId = Number(marked.headers[ACTIVITY_ID_HEADER]);
    const activity = await call<{ entries: Array<{ id: number; summary: string }> }>(ctx.server, ctx.user, { method: 'GET', url: '/activity' });
    expect(activity.body.entries.find((entry) => entry.id === activityId)?.summary).toContain('marked 2 charges paid in Visa for Mar 01 - Mar 31, 2026 (100.00)');
    const undone = await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${activityId}/undo` });
    expect(undone.status).toBe(200);
    expect(await statuses(card.id, budget.id)).toEqual({ Books: 'unpaid', Fuel: 'unpaid', Shoes: 'unpaid', 'Deposit - Visa payment': 'paid' });
    expect((await getWindow(ctx.server, ctx.user, card.id, budget.id)).lockVersion).toBeGreaterThan(read.lockVersion + 1);
  });

  it('refuses, writing nothing: a paid row, a row of another window, no rows, a stale version, an account that is not a card', async () => {
    const { card, budget, books, shoes } = await cardMonth();
    const paidRow = await createTransaction(ctx.user.scope, card.id, '2026-03-11', { description: 'Hotel', withdrawal_amount: 500, status: 'paid' });
    const april = await createTransaction(ctx.user.scope, card.id, '2026-04-02', { description: 'Later', status: 'unpaid' });
    const { lockVersion } = await getWindow(ctx.server, ctx.user, card.id, budget.id);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await markPaid(card.id, { budget_id: budget.id, window_lock_version: lockVersion, transaction_ids: [books.id, paidRow.id, april.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(['Hotel, 2026-03-11: is already paid', `Transaction ${april.id} is not a row of Visa in Mar 01 - Mar 31, 2026`]);
    const none = await markPaid(card.id, { budget_id: budget.id, window_lock_version: lockVersion, transaction_ids: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.join(' ')).toContain(NO_CHARGES_CHOSEN);
    const stale = await markPaid(card.id, { budget_id: budget.id, window_lock_version: lockVersion - 1, transaction_ids: [shoes.id] });
    expect(stale.status).toBe(409);
    const cheque = (await ctx.user.scope.selectFrom('bank_accounts').select('id').where('name', '=', 'Cheque').executeTakeFirstOrThrow()).id;
    const notCard = await markPaid(cheque, { budget_id: budget.id, window_lock_version: 0, transaction_ids: [shoes.id] });
    expect(notCard.status).toBe(422);
    expect(notCard.body.errors).toEqual([NOT_A_CREDIT_CARD]);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("answers 404 for another household's card, and writes nothing there", async () => {
    const { card, budget, books } = await cardMonth();
    const { lockVersion } = await getWindow(ctx.server, ctx.user, card.id, budget.id);
    const theirs = await markPaid(card.id, { budget_id: budget.id, window_lock_version: lockVersion, transaction_ids: [books.id] }, ctx.other);
    expect(theirs.status).toBe(404);
    expect((await statuses(card.id, budget.id)).Books).toBe('unpaid');
  });

  it('names where each carried-forward row came from: its allocation and budget, and the date of the charge, through two closes', async () => {
    const { card, budget: march, books, shoes } = await cardMonth();
    const april = await createBudget(ctx.user.scope, '2026-04-01');
    const may = await createBudget(ctx.user.scope, '2026-05-01');
    expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${march.id}/close` })).status).toBe(200);
    const origins = async (budgetId: number, who = ctx.user) =>
      call<CarriedForwardOrigin[] & ErrorBody>(ctx.server, who, { method: 'GET', url: `/bank_accounts/${card.id}/carried_forward?budget_id=${budgetId}` });
    const inApril = (await origins(april.id)).body;
    expect(inApril.map(({ original_date, allocation_name, budget_name }) => ({ original_date, allocation_name, budget_name }))).toEqual(
      ['2026-03-02', '2026-03-05', '2026-03-09'].map((original_date) => ({ original_date, allocation_name: 'Groceries', budget_name: 'Mar 01 - Mar 31, 2026' })),
    );
    // Carried again at April's close: still the March charge's date and allocation.
    expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${april.id}/close` })).status).toBe(200);
    const inMay = (await origins(may.id)).body;
    expect(inMay.map((origin) => origin.original_date)).toEqual([books.transaction_date, '2026-03-05', shoes.transaction_date]);
    expect((await origins(may.id, ctx.other)).status).toBe(404);
  });
});
