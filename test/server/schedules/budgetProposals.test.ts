import type { Budget } from '../../../src/shared/schemas/budgets';
import type { Schedule, ScheduleInput } from '../../../src/shared/schemas/schedules';
import { createAllocation, createBankAccount, createBudget, createCategory } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';

type Line = [name: string, amount: number, allocationClass: string];

describe.each(testDialects)('budgets proposing scheduled totals on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  /** November 2026: rent, a cleaner every Friday, groceries without schedules; a parking bill with no line yet. */
  async function household() {
    const { scope } = ctx.user;
    const november = await createBudget(scope, '2026-11-01');
    const housing = await createCategory(scope, { name: 'Housing' });
    const food = await createCategory(scope, { name: 'Food' });
    const rent = await createAllocation(scope, november.id, housing.id, { name: 'Rent', amount: 110_000, allocation_class: 'need', comment: 'flat' });
    const cleaner = await createAllocation(scope, november.id, housing.id, { name: 'Cleaner', amount: 10_000, allocation_class: 'want' });
    await createAllocation(scope, november.id, food.id, { name: 'Groceries', amount: 40_000, allocation_class: 'need' });
    const account = await createBankAccount(scope, { name: 'Checking', opening_date: '2026-10-31' });
    const schedule = async (body: Partial<ScheduleInput>) =>
      call<Schedule>(ctx.server, ctx.user, {
        method: 'POST',
        url: '/schedules',
        payload: { schedule: { description: 'Bill', amount: -1_000, bank_account_id: account.id, frequency: 'monthly', start_date: '2026-11-01', ...body } },
      });
    await schedule({ description: 'Rent', amount: -120_000, allocation_id: rent.id });
    // Every Friday: four in December 2026, five in January 2027.
    await schedule({ description: 'Cleaner', amount: -5_000, allocation_id: cleaner.id, frequency: 'weekly', start_date: '2026-11-06' });
    await schedule({ description: 'Cleaner refund', amount: 1_000, allocation_id: cleaner.id, start_date: '2026-12-10', times: 1 });
    await schedule({ description: 'Parking', amount: -3_000, allocation_category_id: housing.id, allocation_name: 'Parking', start_date: '2026-11-15' });
    // Ended before December: proposes nothing.
    await schedule({ description: 'Old gym', amount: -2_500, allocation_category_id: food.id, allocation_name: 'Groceries', start_date: '2026-06-03', end_date: '2026-11-30' });
    return { november };
  }

  const linesOf = (budget: Budget): Line[] => budget.allocations.map((a) => [a.name, a.amount, a.allocation_class]);

  it('copies a budget with each scheduled line at its total for the new month, the other lines as they were', async () => {
    const { november } = await household();
    const copied = await call<Budget>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${november.id}/copy` });
    expect(copied.status).toBe(200);
    expect(linesOf(copied.body)).toEqual([
      ['Rent', 120_000, 'need'],
      ['Cleaner', 4 * 5_000 - 1_000, 'want'],
      ['Groceries', 40_000, 'need'],
      // No line of that name in November: added, in its category's class of the latest budget.
      ['Parking', 3_000, 'need'],
    ]);
    expect(copied.body.allocations.find((a) => a.name === 'Rent')?.comment).toBe('flat');
    // Undoing the copy deletes it whole, proposed lines included.
    const [entry] = (await call<{ entries: Array<{ id: number; kind: string }> }>(ctx.server, ctx.user, { method: 'GET', url: '/activity' })).body.entries;
    expect(entry.kind).toBe('budget_copy');
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${entry.id}/undo` })).status).toBe(200);
    expect(await ctx.user.scope.selectFrom('allocations').select('name').where('budget_id', '<>', november.id).execute()).toEqual([]);
  });

  it("adds a new budget with its schedules' lines at their totals, classed as the latest budget had them", async () => {
    await household();
    const added = await call<Budget>(ctx.server, ctx.user, { method: 'POST', url: '/budgets', payload: { start_date: '2027-01-01' } });
    expect(added.status).toBe(201);
    expect(linesOf(added.body)).toEqual([
      ['Rent', 120_000, 'need'],
      ['Cleaner', 5 * 5_000, 'want'],
      ['Parking', 3_000, 'need'],
    ]);
  });

  it('leaves out skipped occurrences and proposes nothing in a household without schedules', async () => {
    const { november } = await household();
    const [cleaner] = (await call<Schedule[]>(ctx.server, ctx.user, { method: 'GET', url: '/schedules' })).body.filter((s) => s.description === 'Cleaner');
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: `/schedules/${cleaner.id}/skip`, payload: { date: '2026-12-25' } })).status).toBe(200);
    const copied = await call<Budget>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${november.id}/copy` });
    expect(linesOf(copied.body)[1]).toEqual(['Cleaner', 3 * 5_000 - 1_000, 'want']);

    const theirs = await createBudget(ctx.other.scope, '2026-11-01');
    const food = await createCategory(ctx.other.scope, { name: 'Food' });
    await createAllocation(ctx.other.scope, theirs.id, food.id, { name: 'Groceries', amount: 40_000 });
    const theirCopy = await call<Budget>(ctx.server, ctx.other, { method: 'PUT', url: `/budgets/${theirs.id}/copy` });
    expect(linesOf(theirCopy.body)).toEqual([['Groceries', 40_000, 'want']]);
    const theirNew = await call<Budget>(ctx.server, ctx.other, { method: 'POST', url: '/budgets', payload: { start_date: '2027-01-01' } });
    expect(theirNew.body.allocations).toEqual([]);
  });
});
