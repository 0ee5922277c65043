import { today } from '../../../src/shared/dates';
import type { Schedule, ScheduleInput, Upcoming } from '../../../src/shared/schemas/schedules';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope } from '../transactions/fixtures';

type Refused = { success: false; errors: string[]; field_errors?: Record<string, string[]> };
type Page = { entries: Array<{ id: number; kind: string; summary: string; undoable: boolean }> };

describe.each(testDialects)('schedules on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  const request = <T = Schedule>(who: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call<T>(ctx.server, who, { method, url, payload: payload as object });

  async function household(who: SignedInUser = ctx.user) {
    const { scope } = who;
    const budget = await createBudget(scope, '2026-11-01');
    const housing = await createCategory(scope, { name: 'Housing' });
    const rent = await createAllocation(scope, budget.id, housing.id, { name: 'Rent', amount: 120_000 });
    const account = await createBankAccount(scope, { name: 'Checking', opening_date: '2026-10-31' });
    return { budget, housing, rent, account };
  }

  const rentBody = (accountId: number, overrides: Partial<ScheduleInput> = {}): ScheduleInput => ({
    description: 'Rent',
    amount: -120_000,
    bank_account_id: accountId,
    frequency: 'monthly',
    start_date: '2026-11-01',
    ...overrides,
  });

  const latestActivity = async (who: SignedInUser) => (await request<Page>(who, 'GET', '/activity')).body.entries[0];

  describe('create, read, change, delete', () => {
    it('adds a schedule from an allocation: 201, its category and name kept, the day of month from its start, recorded in Activity', async () => {
      const { account, rent, housing } = await household();
      const created = await request(ctx.user, 'POST', '/schedules', { schedule: rentBody(account.id, { allocation_id: rent.id, day_of_month: 31 }) });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        description: 'Rent',
        amount: -120_000,
        allocation_category_id: housing.id,
        allocation_name: 'Rent',
        frequency: 'monthly',
        every: 1,
        day_of_month: 31,
        auto_enter: false,
        tolerance: 0,
      });
      expect(created.headers['activity-id']).toBeDefined();
      const entry = await latestActivity(ctx.user);
      expect(entry).toMatchObject({ kind: 'schedule', summary: "added the schedule 'Rent' (-1,200.00, monthly on the last day)", undoable: true });
      expect((await request<Schedule[]>(ctx.user, 'GET', '/schedules')).body.map((s) => s.id)).toEqual([created.body.id]);

      const weekly = await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { description: 'Cleaner', amount: -5_000, frequency: 'weekly', every: 2, start_date: '2026-11-06' }));
      expect(weekly.body).toMatchObject({ day_of_month: null, every: 2 });
      const monthly = await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { description: 'Phone', start_date: '2026-11-17' }));
      expect(monthly.body.day_of_month).toBe(17);
    });

    it('changes the whole schedule and deletes it', async () => {
      const { account } = await household();
      const created = await request(ctx.user, 'POST', '/schedules', rentBody(account.id));
      const changed = await request(ctx.user, 'PUT', `/schedules/${created.body.id}`, rentBody(account.id, { amount: -125_000, auto_enter: true, tolerance: 500 }));
      expect(changed).toMatchObject({ status: 200, body: { amount: -125_000, auto_enter: true, tolerance: 500 } });
      const deleted = await request(ctx.user, 'DELETE', `/schedules/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect((await request(ctx.user, 'GET', `/schedules/${created.body.id}`)).status).toBe(404);
      expect(await ctx.user.scope.selectFrom('schedules').select('id').execute()).toEqual([]);
    });

    it('refuses bad input with clear messages and writes nothing', async () => {
      const { account, housing } = await household();
      const theirs = await household(ctx.other);
      const before = await householdSnapshot(ctx.user.scope);
      const cases: Array<[Partial<ScheduleInput>, string]> = [
        [{ description: '  ' }, "Description can't be blank"],
        [{ amount: 0 }, "Amount can't be 0"],
        [{ bank_account_id: theirs.account.id }, "Bank account doesn't exist"],
        [{ allocation_id: theirs.rent.id }, "Allocation doesn't exist"],
        [{ allocation_category_id: housing.id }, "Give the allocation's category and name together"],
        [{ frequency: 'weekly', day_of_month: 3 }, 'Day of month is only for monthly schedules'],
        [{ end_date: '2026-10-01' }, 'End date is before the start date'],
        [{ start_date: '2026-02-30' }, 'start_date must be a valid date (YYYY-MM-DD)'],
      ];
      for (const [overrides, message] of cases) {
        const refused = await request<Refused>(ctx.user, 'POST', '/schedules', rentBody(account.id, overrides));
        expect({ overrides, status: refused.status, errors: refused.body.errors.join(' ') }).toEqual({ overrides, status: 422, errors: expect.stringContaining(message) });
      }
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it("answers another household's schedule as missing (404) on every route, and changes nothing of it", async () => {
      const theirs = await household(ctx.other);
      const created = await request(ctx.other, 'POST', '/schedules', rentBody(theirs.account.id));
      const id = created.body.id;
      const { account } = await household();
      const before = await householdSnapshot(ctx.other.scope);
      for (const [method, url, body] of [
        ['GET', `/schedules/${id}`, undefined],
        ['PUT', `/schedules/${id}`, rentBody(account.id)],
        ['DELETE', `/schedules/${id}`, undefined],
        ['POST', `/schedules/${id}/enter`, { date: '2026-11-01' }],
        ['POST', `/schedules/${id}/skip`, { date: '2026-11-01' }],
        ['GET', `/schedules/upcoming?from=2026-11-01&to=2026-11-30&bank_account_id=${theirs.account.id}`, undefined],
      ] as const) {
        const answer = await request<Refused>(ctx.user, method, url, body);
        expect({ method, url, status: answer.status }).toEqual({ method, url, status: 404 });
      }
      expect((await request<Schedule[]>(ctx.user, 'GET', '/schedules')).body).toEqual([]);
      expect(await householdSnapshot(ctx.other.scope)).toEqual(before);
    });
  });

  describe('deleting what schedules use', () => {
    it('refuses deleting an account, a category or an envelope that schedules use, naming the schedules, and deletes nothing', async () => {
      const { account, housing, rent } = await household();
      const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', account_type: 'sink_fund', opening_date: '2026-10-31' });
      const holiday = await createEnvelope(ctx.user.scope, savings.id, { name: 'Holiday' });
      await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { allocation_id: rent.id }));
      await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { description: 'Parking', amount: -4_000, allocation_id: rent.id }));
      await request(ctx.user, 'POST', '/schedules', rentBody(savings.id, { description: 'Holiday saving', amount: 10_000, sink_fund_allocation_id: holiday.id }));
      await ctx.user.scope.deleteFrom('allocations').where('id', '=', rent.id).execute();
      const before = await householdSnapshot(ctx.user.scope);

      const account_ = await request<Refused>(ctx.user, 'DELETE', `/bank_accounts/${account.id}`);
      expect(account_).toMatchObject({
        status: 422,
        body: { errors: ["Bank account 'Checking' is used by 2 schedules ('Rent' and 'Parking'): change or delete them in Setup › Scheduled first"] },
      });
      const category = await request<Refused>(ctx.user, 'DELETE', `/allocation_categories/${housing.id}`);
      expect(category).toMatchObject({
        status: 422,
        body: { errors: ["Category 'Housing' is used by 2 schedules ('Rent' and 'Parking'): change or delete them in Setup › Scheduled first"] },
      });
      const envelope = await request<Refused>(ctx.user, 'PUT', `/sink_funds/${savings.id}`, { sink_fund_allocations: [{ id: holiday.id, deleted: true }] });
      expect(envelope).toMatchObject({
        status: 422,
        body: { errors: ["Sink fund allocation 'Holiday' is used by the schedule 'Holiday saving': change or delete it in Setup › Scheduled first"] },
      });
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);

      // Once its schedules are gone, the same deletion goes through.
      for (const schedule of (await request<Schedule[]>(ctx.user, 'GET', '/schedules')).body) await request(ctx.user, 'DELETE', `/schedules/${schedule.id}`);
      expect((await request(ctx.user, 'DELETE', `/allocation_categories/${housing.id}`)).status).toBe(200);
      expect((await request(ctx.user, 'DELETE', `/bank_accounts/${account.id}`)).status).toBe(200);
    });
  });

  describe('undo', () => {
    const undo = (id: number) => request<Refused & { activity: { summary: string } }>(ctx.user, 'POST', `/activity/${id}/undo`);

    it('undoes an add, a change and a delete exactly (a deleted schedule comes back with what became of its occurrences)', async () => {
      const { account } = await household();
      const before = await householdSnapshot(ctx.user.scope);
      const created = await request(ctx.user, 'POST', '/schedules', rentBody(account.id));
      expect((await undo(Number(created.headers['activity-id']))).status).toBe(200);
      // Every row as before; only Activity (the add and its undo) and the household's revision moved on.
      const { activities: _a, activity_rows: _r, households: _h, ...after } = await householdSnapshot(ctx.user.scope);
      const { activities: _a0, activity_rows: _r0, households: _h0, ...rowsBefore } = before;
      expect(after).toEqual(rowsBefore);

      const again = await request(ctx.user, 'POST', '/schedules', rentBody(account.id));
      const id = again.body.id;
      const stored = await ctx.user.scope.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const changed = await request(ctx.user, 'PUT', `/schedules/${id}`, rentBody(account.id, { description: 'Rent, new flat', amount: -140_000, end_date: '2027-10-31' }));
      expect((await undo(Number(changed.headers['activity-id']))).status).toBe(200);
      const { row_version: _v, updated_at: _u, ...back } = await ctx.user.scope.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const { row_version: _v0, updated_at: _u0, ...original } = stored;
      expect(back).toEqual(original);

      expect((await request(ctx.user, 'POST', `/schedules/${id}/skip`, { date: '2026-11-01' })).status).toBe(200);
      const occurrences = await ctx.user.scope.selectFrom('schedule_occurrences').select(['id', 'schedule_id', 'occurrence_date', 'outcome']).execute();
      const deleted = await request(ctx.user, 'DELETE', `/schedules/${id}`);
      expect(await ctx.user.scope.selectFrom('schedule_occurrences').select('id').execute()).toEqual([]);
      expect((await undo(Number(deleted.headers['activity-id']))).status).toBe(200);
      expect(await ctx.user.scope.selectFrom('schedule_occurrences').select(['id', 'schedule_id', 'occurrence_date', 'outcome']).execute()).toEqual(occurrences);
      expect((await request(ctx.user, 'GET', `/schedules/${id}`)).body).toMatchObject({ description: 'Rent', next_date: expect.any(String) });
    });

    it('refuses an undo once a later write touched the schedule, naming it, and changes nothing', async () => {
      const { account } = await household();
      const created = await request(ctx.user, 'POST', '/schedules', rentBody(account.id));
      const changed = await request(ctx.user, 'PUT', `/schedules/${created.body.id}`, rentBody(account.id, { amount: -130_000 }));
      await request(ctx.user, 'PUT', `/schedules/${created.body.id}`, rentBody(account.id, { amount: -135_000 }));
      const before = await householdSnapshot(ctx.user.scope);
      const refused = await undo(Number(changed.headers['activity-id']));
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toBe("This change cannot be undone: since then, Tester changed the schedule 'Rent' (-1,350.00, monthly on day 1).");
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('refuses to undo an add once an occurrence of the schedule was skipped or entered', async () => {
      const { account } = await household();
      const created = await request(ctx.user, 'POST', '/schedules', rentBody(account.id));
      await request(ctx.user, 'POST', `/schedules/${created.body.id}/skip`, { date: '2026-11-01' });
      const refused = await undo(Number(created.headers['activity-id']));
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatch(/cannot be undone: since then/);
      expect((await request(ctx.user, 'GET', `/schedules/${created.body.id}`)).status).toBe(200);
    });
  });

  describe('upcoming, entering and skipping', () => {
    it("lists a period's occurrences with the line of the budget holding each date, and leaves them out of every balance", async () => {
      const { account, rent } = await household();
      await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { allocation_id: rent.id }));
      await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { description: 'Groceries', amount: -8_000, frequency: 'weekly', start_date: '2026-10-27' }));
      const upcoming = await request<Upcoming[]>(ctx.user, 'GET', `/schedules/upcoming?from=2026-11-01&to=2026-11-30&bank_account_id=${account.id}`);
      expect(upcoming.body.map((u) => [u.date, u.description, u.allocation_id])).toEqual([
        ['2026-11-01', 'Rent', rent.id],
        ['2026-11-03', 'Groceries', null],
        ['2026-11-10', 'Groceries', null],
        ['2026-11-17', 'Groceries', null],
        ['2026-11-24', 'Groceries', null],
      ]);
      const balances = await request<Array<{ id: number; current_balance: number }>>(ctx.user, 'GET', '/bank_accounts?include_current_balance=true');
      expect(balances.body.find((a) => a.id === account.id)?.current_balance).toBe(0);
      // After the last budget, an occurrence has no line to count toward yet.
      const december = await request<Upcoming[]>(ctx.user, 'GET', `/schedules/upcoming?from=2026-12-01&to=2026-12-01`);
      expect(december.body.map((u) => [u.description, u.allocation_id, u.allocation_name])).toEqual([
        ['Groceries', null, null],
        ['Rent', null, 'Rent'],
      ]);
    });

    it('takes an occurrence paid by a stored bank row (alike, within the tolerance and a few days) off the upcoming list', async () => {
      const { account, rent } = await household();
      await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { allocation_id: rent.id, tolerance: 1_000 }));
      const upcoming = () => request<Upcoming[]>(ctx.user, 'GET', `/schedules/upcoming?from=2026-11-01&to=2026-11-30&bank_account_id=${account.id}`);
      expect((await upcoming()).body.map((u) => [u.date, u.tolerance])).toEqual([['2026-11-01', 1_000]]);
      // Not alike, or beyond the tolerance: still upcoming.
      await createTransaction(ctx.user.scope, account.id, '2026-11-02', { description: 'Groceries', withdrawal_amount: 120_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-11-02', { description: 'RENT PAYMENT', withdrawal_amount: 121_500 });
      expect((await upcoming()).body).toHaveLength(1);
      await createTransaction(ctx.user.scope, account.id, '2026-11-03', { description: 'RENT PAYMENT', withdrawal_amount: 120_900 });
      expect((await upcoming()).body).toEqual([]);
    });

    it('enters an occurrence as a transaction dated its day, once; moves the window version; skips another; refuses a day still to come', async () => {
      const { account, rent, budget } = await household();
      const created = await request(ctx.user, 'POST', '/schedules', rentBody(account.id, { allocation_id: rent.id }));
      const window = `/transactions?bank_account_id=${account.id}&budget_id=${budget.id}`;
      const versionBefore = (await request<unknown[]>(ctx.user, 'GET', window)).headers['x-window-lock-version'];
      const entered = await request(ctx.user, 'POST', `/schedules/${created.body.id}/enter`, { date: '2026-11-01' });
      expect(entered.status).toBe(200);
      const rows = await request<Array<{ transaction_date: string; withdrawal_amount: number; allocation_id: number; bank_ref: string }>>(ctx.user, 'GET', window);
      expect(rows.body).toEqual([expect.objectContaining({ transaction_date: '2026-11-01', withdrawal_amount: 120_000, allocation_id: rent.id, bank_ref: `SCH-${created.body.id}-2026-11-01` })]);
      expect(Number(rows.headers['x-window-lock-version'])).toBeGreaterThan(Number(versionBefore));
      expect((await latestActivity(ctx.user)).summary).toBe("entered 'Rent' (-1,200.00) of Nov 01, 2026");

      const twice = await request<Refused>(ctx.user, 'POST', `/schedules/${created.body.id}/enter`, { date: '2026-11-01' });
      expect(twice).toMatchObject({ status: 422, body: { errors: ['The occurrence of 2026-11-01 was already entered or skipped'] } });
      const notOne = await request<Refused>(ctx.user, 'POST', `/schedules/${created.body.id}/enter`, { date: '2026-11-02' });
      expect(notOne.body.errors).toEqual(['The schedule has no occurrence on 2026-11-02']);
      const future = await request<Refused>(ctx.user, 'POST', `/schedules/${created.body.id}/enter`, { date: '2099-01-01' });
      expect(future.body.errors).toEqual(['The occurrence of 2099-01-01 is not due yet: it can be entered on its day']);

      expect((await request(ctx.user, 'POST', `/schedules/${created.body.id}/skip`, { date: '2026-12-01' })).status).toBe(200);
      const upcoming = await request<Upcoming[]>(ctx.user, 'GET', `/schedules/upcoming?from=2026-11-01&to=2027-01-31`);
      expect(upcoming.body.map((u) => u.date)).toEqual(['2027-01-01']);
      expect((await request<Schedule>(ctx.user, 'GET', `/schedules/${created.body.id}`)).body.next_date).toBe(today('UTC') < '2027-01-01' ? '2027-01-01' : expect.any(String));
    });
  });
});
