import type { Budget } from '../../src/shared/schemas/budgets';
import type { SpecialEvent } from '../../src/shared/schemas/specialEvents';
import { createBudget, createCategory, createSpecialEvent, householdSnapshot } from '../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../support/testServer';

type Refused = { success: false; errors: string[]; field_errors?: Record<string, string[]> };

describe.each(testDialects)("a special event's allocations made from the event on %s", (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const plan = <T = SpecialEvent>(who: SignedInUser, eventId: number, body: unknown) =>
    call<T>(ctx.server, who, { method: 'POST', url: `/special_events/${eventId}/planned_allocations`, payload: body as object });

  async function household(who: SignedInUser = ctx.user) {
    const { scope } = who;
    const july = await createBudget(scope, '2026-07-01', { status: 'closed' });
    const august = await createBudget(scope, '2026-08-01');
    const september = await createBudget(scope, '2026-09-01');
    const travel = await createCategory(scope, { name: 'Travel' });
    const trip = await createSpecialEvent(scope, { name: 'Summer Trip', budget_amount: 150_000 });
    return { july, august, september, travel, trip };
  }

  it('makes one allocation in each chosen month, linked to the event, and the budgets show it', async () => {
    const { august, september, travel, trip } = await household();
    const made = await plan(ctx.user, trip.id, {
      name: 'Trip savings',
      allocation_category_id: travel.id,
      months: [
        { budget_id: august.id, amount: 50_000 },
        { budget_id: september.id, amount: 70_000 },
      ],
    });
    expect(made.status).toBe(201);
    expect(made.headers['activity-id']).toBeDefined();
    expect(made.body.allocations.map((line) => [line.name, line.budget_id, line.amount, line.allocation_category_name])).toEqual([
      ['Trip savings', august.id, 50_000, 'Travel'],
      ['Trip savings', september.id, 70_000, 'Travel'],
    ]);
    const budget = await call<Budget & { allocations: { name: string; amount: number; special_event_id: number | null }[] }>(ctx.server, ctx.user, {
      method: 'GET',
      url: `/budgets/${september.id}`,
    });
    expect(budget.body.allocations).toEqual([expect.objectContaining({ name: 'Trip savings', amount: 70_000, special_event_id: trip.id })]);
    const activity = await call<{ entries: { text: string }[] }>(ctx.server, ctx.user, { method: 'GET', url: '/activity' });
    expect(activity.body.entries[0].text).toMatch(/added Trip savings to the special event Summer Trip in 2 budgets$/);
  });

  it('refuses a closed month, a month chosen twice, a zero amount and an unknown category, naming each and writing nothing', async () => {
    const { july, august, trip } = await household();
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await plan<Refused>(ctx.user, trip.id, {
      name: 'Trip savings',
      allocation_category_id: 999_999,
      months: [
        { budget_id: july.id, amount: 10_000 },
        { budget_id: august.id, amount: 0 },
        { budget_id: august.id, amount: 5_000 },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        'Each month can be chosen only once',
        `Budget ${july.name} is closed: reopen it to add allocations to it`,
        'Amount must be greater than 0',
        "Allocation category doesn't exist",
      ]),
    );
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('asks for a name and at least one month', async () => {
    const { travel, trip } = await household();
    const refused = await plan<Refused>(ctx.user, trip.id, { name: ' ', allocation_category_id: travel.id, months: [] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.join(' ')).toMatch(/Name can't be blank/);
    expect(refused.body.errors.join(' ')).toMatch(/Choose at least one month/);
  });

  it("answers 404 for another household's event or budget, writing nothing", async () => {
    const mine = await household();
    const theirs = await household(ctx.other);
    const body = (budgetId: number, categoryId: number) => ({ name: 'X', allocation_category_id: categoryId, months: [{ budget_id: budgetId, amount: 100 }] });
    const before = await householdSnapshot(ctx.other.scope);
    expect((await plan(ctx.user, theirs.trip.id, body(mine.august.id, mine.travel.id))).status).toBe(404);
    expect((await plan(ctx.user, mine.trip.id, body(theirs.august.id, mine.travel.id))).status).toBe(404);
    const foreignCategory = await plan<Refused>(ctx.user, mine.trip.id, body(mine.august.id, theirs.travel.id));
    expect(foreignCategory.status).toBe(422);
    expect(await householdSnapshot(ctx.other.scope)).toEqual(before);
  });
});
