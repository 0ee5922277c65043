import { listSpecialEvents } from '../../server/services/specialEvents';
import type { Budget } from '../../src/shared/schemas/budgets';
import type { SpecialEvent } from '../../src/shared/schemas/specialEvents';
import {
  createAllocation,
  createBankAccount,
  createBudget,
  createCategory,
  createSpecialEvent,
  createTransaction,
  householdSnapshot,
} from '../support/builders';
import { countingScope } from '../support/statementCounter';
import { call, type SignedInUser, signInPartner, testDialects, useTestServer } from '../support/testServer';

type Refused = { success: false; errors: string[]; field_errors?: Record<string, string[]> };

describe.each(testDialects)('special events on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const request = <T = SpecialEvent>(who: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call<T>(ctx.server, who, { method, url, payload: payload as object });
  const link = <T = SpecialEvent>(who: SignedInUser, eventId: number, allocationIds: unknown) =>
    request<T>(who, 'PUT', `/special_events/${eventId}/allocations`, { special_event: { allocation_ids: allocationIds } });

  /** Two monthly budgets (the first closed) with a category each, an account, and allocations in both. */
  async function household(who: SignedInUser = ctx.user) {
    const { scope } = who;
    const july = await createBudget(scope, '2026-07-01', { status: 'closed' });
    const august = await createBudget(scope, '2026-08-01');
    const travel = await createCategory(scope, { name: 'Travel' });
    const gifts = await createCategory(scope, { name: 'Gifts' });
    const account = await createBankAccount(scope);
    const flights = await createAllocation(scope, july.id, travel.id, { name: 'Flights', amount: 90_000 });
    const hotel = await createAllocation(scope, august.id, travel.id, { name: 'Hotel', amount: 60_000 });
    const presents = await createAllocation(scope, august.id, gifts.id, { name: 'Presents', amount: 20_000 });
    return { july, august, travel, gifts, account, flights, hotel, presents };
  }

  describe('create, read, update', () => {
    it('creates an event from a nested body: 201, budget amount in cents, nothing spent yet', async () => {
      const created = await request(ctx.user, 'POST', '/special_events', {
        special_event: { name: '  Wedding  ', budget_amount: 500_000, start_date: '2027-05-08' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Wedding',
        budget_amount: 500_000,
        start_date: '2027-05-08',
        actual_amount: 0,
        allocations: [],
      });
      expect(await request(ctx.user, 'GET', `/special_events/${created.body.id}`)).toMatchObject({ status: 200, body: created.body });
    });

    it('accepts a flat body too; budget amount and start date may be left out', async () => {
      const created = await request(ctx.user, 'POST', '/special_events', { name: 'Move' });
      expect(created).toMatchObject({ status: 201, body: { name: 'Move', budget_amount: 0, start_date: null } });
    });

    it('updates what is sent, keeps what is left out, and clears the date with null', async () => {
      const event = await createSpecialEvent(ctx.user.scope, { name: 'Holiday', budget_amount: 100_000, start_date: '2026-07-10' });
      const renamed = await request(ctx.user, 'PUT', `/special_events/${event.id}`, { special_event: { name: 'Summer holiday' } });
      expect(renamed).toMatchObject({ status: 200, body: { name: 'Summer holiday', budget_amount: 100_000, start_date: '2026-07-10' } });
      const changed = await request(ctx.user, 'PUT', `/special_events/${event.id}`, {
        special_event: { name: 'Summer holiday', budget_amount: 0, start_date: null },
      });
      expect(changed).toMatchObject({ status: 200, body: { budget_amount: 0, start_date: null } });
      expect(await ctx.user.scope.selectFrom('special_events').select(['name', 'budget_amount', 'start_date']).where('id', '=', event.id).execute()).toEqual([
        { name: 'Summer holiday', budget_amount: 0, start_date: null },
      ]);
    });

    it("speaks the older client's dialect: null budget amount is not given, null date is no date, an empty JSON body is no body", async () => {
      const created = await request(ctx.user, 'POST', '/special_events', { special_event: { name: 'Party', budget_amount: null, start_date: null } });
      expect(created).toMatchObject({ status: 201, body: { budget_amount: 0, start_date: null } });
      await request(ctx.user, 'PUT', `/special_events/${created.body.id}`, { special_event: { name: 'Party', budget_amount: 7_000 } });
      const kept = await request(ctx.user, 'PUT', `/special_events/${created.body.id}`, { special_event: { name: 'Party', budget_amount: null } });
      expect(kept.body.budget_amount).toBe(7_000);
      const json = { 'content-type': 'application/json' };
      const noIds = await call<Refused>(ctx.server, ctx.user, { method: 'PUT', url: `/special_events/${created.body.id}/allocations`, payload: '', headers: json });
      expect(noIds).toMatchObject({ status: 422, body: { field_errors: { allocation_ids: ['allocation_ids is required'] } } });
      const deleted = await call(ctx.server, ctx.user, { method: 'DELETE', url: `/special_events/${created.body.id}`, payload: '', headers: json });
      expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    });

    it('ignores an actual_amount sent by the client: actual is always the linked spending', async () => {
      const created = await request(ctx.user, 'POST', '/special_events', { special_event: { name: 'Party', actual_amount: 99_999 } });
      expect(created.body.actual_amount).toBe(0);
      const updated = await request(ctx.user, 'PUT', `/special_events/${created.body.id}`, { special_event: { name: 'Party', actual_amount: 5 } });
      expect(updated.body.actual_amount).toBe(0);
    });
  });

  describe('list', () => {
    it('lists newest start first, undated events last, each with its own actual', async () => {
      const { account, flights, hotel, presents } = await household();
      const older = await createSpecialEvent(ctx.user.scope, { name: 'Older', start_date: '2026-01-05' });
      const undated = await createSpecialEvent(ctx.user.scope, { name: 'Someday' });
      const newer = await createSpecialEvent(ctx.user.scope, { name: 'Newer', start_date: '2026-09-01', budget_amount: 200_000 });
      await createSpecialEvent(ctx.other.scope, { name: 'Theirs', start_date: '2030-01-01' });
      await link(ctx.user, newer.id, [flights.id, hotel.id]);
      await link(ctx.user, older.id, [presents.id]);
      await createTransaction(ctx.user.scope, account.id, '2026-07-03', { allocation_id: flights.id, withdrawal_amount: 85_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-08-03', { allocation_id: hotel.id, withdrawal_amount: 70_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-08-04', { allocation_id: presents.id, withdrawal_amount: 1_500 });

      const list = await request<SpecialEvent[]>(ctx.user, 'GET', '/special_events');
      expect(list.status).toBe(200);
      expect(list.body.map((event) => [event.name, event.actual_amount, event.allocations.map((a) => a.name)])).toEqual([
        ['Newer', 155_000, ['Flights', 'Hotel']],
        ['Older', 1_500, ['Presents']],
        ['Someday', 0, []],
      ]);
      expect(list.body.map((event) => event.id)).toEqual([newer.id, older.id, undated.id]);
    });

    it('reads every event with its actual in the same two statements however many events and allocations there are', async () => {
      const { account, july } = await household();
      const category = await createCategory(ctx.user.scope);
      const statementsToList = async () => {
        const { scope, counter } = countingScope(ctx.server.db, ctx.user.householdId);
        const events = await listSpecialEvents(scope);
        return { count: counter.statements, events };
      };
      const few = await statementsToList();
      for (let i = 0; i < 12; i++) {
        const event = await createSpecialEvent(ctx.user.scope);
        const allocation = await createAllocation(ctx.user.scope, july.id, category.id, { special_event_id: event.id });
        await createTransaction(ctx.user.scope, account.id, '2026-07-05', { allocation_id: allocation.id, withdrawal_amount: 100 });
      }
      const many = await statementsToList();
      expect(many.events).toHaveLength(12);
      expect(many.events.every((event) => event.actual_amount === 100)).toBe(true);
      expect(many.count).toBe(few.count);
      expect(many.count).toBeLessThanOrEqual(2);
    });
  });

  describe('linking allocations', () => {
    it('links allocations of two budgets and lists each with budget, category, amount and spent', async () => {
      const { account, july, august, flights, hotel } = await household();
      const event = await createSpecialEvent(ctx.user.scope, { name: 'Holiday', budget_amount: 140_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-07-02', { allocation_id: flights.id, withdrawal_amount: 80_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-07-09', { allocation_id: flights.id, withdrawal_amount: 0, deposit_amount: 5_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-08-02', { allocation_id: hotel.id, withdrawal_amount: 70_000 });

      const linked = await link(ctx.user, event.id, [flights.id, hotel.id]);
      expect(linked.status).toBe(200);
      expect(linked.body).toEqual({
        id: event.id,
        name: 'Holiday',
        budget_amount: 140_000,
        start_date: null,
        actual_amount: 145_000,
        allocations: [
          {
            id: flights.id,
            name: 'Flights',
            amount: 90_000,
            spent: 75_000,
            budget_id: july.id,
            budget_name: july.name,
            allocation_category_id: flights.allocation_category_id,
            allocation_category_name: 'Travel',
          },
          {
            id: hotel.id,
            name: 'Hotel',
            amount: 60_000,
            spent: 70_000,
            budget_id: august.id,
            budget_name: august.name,
            allocation_category_id: hotel.allocation_category_id,
            allocation_category_name: 'Travel',
          },
        ],
      });
      expect((await request(ctx.user, 'GET', `/special_events/${event.id}`)).body).toEqual(linked.body);
    });

    it('counts spending as the budget does: carried-forward copies and their balancing rows are not spent twice', async () => {
      const { account, hotel } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      await createTransaction(ctx.user.scope, account.id, '2026-08-02', { allocation_id: hotel.id, withdrawal_amount: 30_000 });
      await createTransaction(ctx.user.scope, account.id, '2026-08-03', { allocation_id: hotel.id, withdrawal_amount: 30_000, brought_forward_status: 'added' });
      await createTransaction(ctx.user.scope, account.id, '2026-08-03', { allocation_id: hotel.id, deposit_amount: 30_000, withdrawal_amount: 0, brought_forward_status: 'adjustment' });
      await createTransaction(ctx.user.scope, account.id, '2026-08-04', { allocation_id: hotel.id, withdrawal_amount: 2_000, brought_forward_status: 'brought_forward' });
      const linked = await link(ctx.user, event.id, [hotel.id]);
      const budget = await request<Budget>(ctx.user, 'GET', `/budgets/${hotel.budget_id}`);
      const budgetSpent = budget.body.allocations.find((a) => a.id === hotel.id)!.spent;
      expect(budgetSpent).toBe(32_000);
      expect(linked.body.actual_amount).toBe(budgetSpent);
      expect(linked.body.allocations[0].spent).toBe(budgetSpent);
    });

    it('sets exactly the list sent: new ones linked, missing ones unlinked, an empty list unlinks all', async () => {
      const { flights, hotel, presents } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      await link(ctx.user, event.id, [flights.id, hotel.id]);
      const replaced = await link(ctx.user, event.id, [hotel.id, presents.id, presents.id]);
      expect(replaced.status).toBe(200);
      expect(replaced.body.allocations.map((a) => a.id).sort()).toEqual([hotel.id, presents.id].sort());
      const linkOf = async () =>
        Object.fromEntries(
          (await ctx.user.scope.selectFrom('allocations').select(['id', 'special_event_id']).execute()).map((row) => [row.id, row.special_event_id]),
        );
      expect(await linkOf()).toEqual({ [flights.id]: null, [hotel.id]: event.id, [presents.id]: event.id });
      const cleared = await request(ctx.user, 'PUT', `/special_events/${event.id}/allocations`, { allocation_ids: [] });
      expect(cleared).toMatchObject({ status: 200, body: { actual_amount: 0, allocations: [] } });
      expect(await linkOf()).toEqual({ [flights.id]: null, [hotel.id]: null, [presents.id]: null });
    });

    it('writes nothing when the list is what the event already has', async () => {
      const { hotel } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      await link(ctx.user, event.id, [hotel.id]);
      const before = await householdSnapshot(ctx.user.scope);
      expect((await link(ctx.user, event.id, [hotel.id])).status).toBe(200);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it("refuses an allocation already linked to another event, naming it, and writes nothing", async () => {
      const { august, hotel, presents } = await household();
      const wedding = await createSpecialEvent(ctx.user.scope, { name: 'Wedding' });
      const holiday = await createSpecialEvent(ctx.user.scope, { name: 'Holiday' });
      await link(ctx.user, wedding.id, [hotel.id]);
      const before = await householdSnapshot(ctx.user.scope);
      const refused = await link<Refused>(ctx.user, holiday.id, [presents.id, hotel.id]);
      const message = `Allocation 'Hotel' (${august.name}) already belongs to special event 'Wedding'`;
      expect(refused).toMatchObject({ status: 422, body: { success: false, errors: [message], field_errors: { 'allocation_ids.1': [message] } } });
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it("refuses another household's allocations and unknown ids as 422s naming the field, and writes nothing on either side", async () => {
      const mine = await household();
      const theirs = await household(ctx.other);
      const event = await createSpecialEvent(ctx.user.scope);
      const mineBefore = await householdSnapshot(ctx.user.scope);
      const theirsBefore = await householdSnapshot(ctx.other.scope);
      const refused = await link<Refused>(ctx.user, event.id, [mine.hotel.id, theirs.hotel.id, 2_000_000_000]);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([`Allocation ${theirs.hotel.id} doesn't exist`, "Allocation 2000000000 doesn't exist"]);
      expect(refused.body.field_errors).toEqual({
        'allocation_ids.1': [`Allocation ${theirs.hotel.id} doesn't exist`],
        'allocation_ids.2': ["Allocation 2000000000 doesn't exist"],
      });
      expect(await householdSnapshot(ctx.user.scope)).toEqual(mineBefore);
      expect(await householdSnapshot(ctx.other.scope)).toEqual(theirsBefore);
    });

    it('links allocations of a closed budget: the link moves no money', async () => {
      const { july, flights } = await household();
      expect(july.status).toBe('closed');
      const event = await createSpecialEvent(ctx.user.scope);
      expect((await link(ctx.user, event.id, [flights.id])).body.allocations.map((a) => a.id)).toEqual([flights.id]);
    });

    it("moves the lock version of the budgets whose links changed: the partner's budget edit read before it is a conflict, not a silent unlink", async () => {
      const { july, august, flights, hotel } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      await link(ctx.user, event.id, [flights.id]);
      const partner = await signInPartner(ctx.server, ctx.user);
      const readBefore = (await request<Budget>(partner, 'GET', `/budgets/${august.id}`)).body;
      const julyBefore = (await request<Budget>(partner, 'GET', `/budgets/${july.id}`)).body.lock_version;

      await link(ctx.user, event.id, [flights.id, hotel.id]);
      expect((await request<Budget>(partner, 'GET', `/budgets/${july.id}`)).body.lock_version).toBe(julyBefore);
      const stale = await request<Refused>(partner, 'PUT', `/budgets/${august.id}`, {
        lock_version: readBefore.lock_version,
        allocations: readBefore.allocations.map((a) => ({ id: a.id, amount: a.amount, special_event_id: a.special_event_id })),
      });
      expect(stale.status).toBe(409);
      expect((await ctx.user.scope.selectFrom('allocations').select('special_event_id').where('id', '=', hotel.id).executeTakeFirstOrThrow()).special_event_id).toBe(event.id);

      const beforeDelete = (await request<Budget>(partner, 'GET', `/budgets/${august.id}`)).body.lock_version;
      await request(ctx.user, 'DELETE', `/special_events/${event.id}`);
      expect((await request<Budget>(partner, 'GET', `/budgets/${august.id}`)).body.lock_version).toBe(beforeDelete + 1);
    });

    it('shows the link on the budget at once (the cached budget read sees the change)', async () => {
      const { august, hotel } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      const eventOf = async () => (await request<Budget>(ctx.user, 'GET', `/budgets/${august.id}`)).body.allocations.find((a) => a.id === hotel.id)?.special_event_id;
      expect(await eventOf()).toBeNull();
      await link(ctx.user, event.id, [hotel.id]);
      expect(await eventOf()).toBe(event.id);
      await link(ctx.user, event.id, []);
      expect(await eventOf()).toBeNull();
    });
  });

  describe('delete', () => {
    it('unlinks its allocations (they and their transactions stay) and deletes the event', async () => {
      const { account, hotel, presents } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      const other = await createSpecialEvent(ctx.user.scope);
      await link(ctx.user, event.id, [hotel.id]);
      await link(ctx.user, other.id, [presents.id]);
      const spending = await createTransaction(ctx.user.scope, account.id, '2026-08-02', { allocation_id: hotel.id });
      const deleted = await request(ctx.user, 'DELETE', `/special_events/${event.id}`);
      expect(deleted).toMatchObject({ status: 200, body: { success: true } });
      expect(await ctx.user.scope.selectFrom('special_events').select('id').execute()).toEqual([{ id: other.id }]);
      expect(await ctx.user.scope.selectFrom('allocations').select(['id', 'special_event_id']).where('id', 'in', [hotel.id, presents.id]).orderBy('id').execute()).toEqual([
        { id: hotel.id, special_event_id: null },
        { id: presents.id, special_event_id: other.id },
      ]);
      expect(await ctx.user.scope.selectFrom('transactions').select('allocation_id').where('id', '=', spending.id).execute()).toEqual([{ allocation_id: hotel.id }]);
      expect(await request(ctx.user, 'GET', `/special_events/${event.id}`)).toMatchObject({ status: 404, body: { errors: ['Special event not found'] } });
    });
  });

  describe('malformed requests', () => {
    const bodies: Array<[string, unknown]> = [
      ['a missing name', { special_event: { budget_amount: 100 } }],
      ['a blank name', { special_event: { name: '   ' } }],
      ['a 201-character name', { special_event: { name: 'x'.repeat(201) } }],
      ['a negative budget amount', { special_event: { name: 'Trip', budget_amount: -1 } }],
      ['a budget amount in units with decimals', { special_event: { name: 'Trip', budget_amount: 12.5 } }],
      ['a budget amount as text', { special_event: { name: 'Trip', budget_amount: '1000' } }],
      ['a budget amount beyond 2^50', { special_event: { name: 'Trip', budget_amount: 2 ** 51 } }],
      ['an impossible date', { special_event: { name: 'Trip', start_date: '2026-02-30' } }],
      ['a date in another format', { special_event: { name: 'Trip', start_date: '30/01/2026' } }],
      ['a nested body that is not an object', { special_event: 'Trip' }],
      ['a list as body', [{ name: 'Trip' }]],
    ];

    it.each(bodies)('POST and PUT refuse %s with 422 and write nothing', async (_label, payload) => {
      const event = await createSpecialEvent(ctx.user.scope, { name: 'Kept', budget_amount: 10 });
      const before = await householdSnapshot(ctx.user.scope);
      for (const [method, url] of [['POST', '/special_events'], ['PUT', `/special_events/${event.id}`]] as const) {
        const refused = await request<Refused>(ctx.user, method, url, payload);
        expect(refused.status).toBe(422);
        expect(refused.body.success).toBe(false);
        expect(refused.body.errors.length).toBeGreaterThan(0);
      }
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('names the field at fault', async () => {
      const refused = await request<Refused>(ctx.user, 'POST', '/special_events', { special_event: { name: 'Trip', budget_amount: -500 } });
      expect(refused.body.field_errors).toEqual({ budget_amount: ['budget_amount must not be negative'] });
    });

    const allocationBodies: Array<[string, unknown]> = [
      ['no allocation_ids', { special_event: {} }],
      ['allocation_ids not a list', { special_event: { allocation_ids: 5 } }],
      ['ids as text', { special_event: { allocation_ids: ['5'] } }],
      ['a zero id', { special_event: { allocation_ids: [0] } }],
      ['a fractional id', { special_event: { allocation_ids: [1.5] } }],
      ['an id beyond the id space', { special_event: { allocation_ids: [2 ** 40] } }],
    ];

    it.each(allocationBodies)('PUT /:id/allocations refuses %s with 422 and writes nothing', async (_label, payload) => {
      const { hotel } = await household();
      const event = await createSpecialEvent(ctx.user.scope);
      await link(ctx.user, event.id, [hotel.id]);
      const before = await householdSnapshot(ctx.user.scope);
      const refused = await request<Refused>(ctx.user, 'PUT', `/special_events/${event.id}/allocations`, payload);
      expect(refused.status).toBe(422);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('answers malformed JSON with 400 and a path id that is not a number with 4xx', async () => {
      const malformed = await call<Refused>(ctx.server, ctx.user, {
        method: 'POST',
        url: '/special_events',
        payload: '{"special_event": {"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed).toMatchObject({ status: 400, body: { success: false } });
      expect((await request(ctx.user, 'GET', '/special_events/abc')).status).toBe(422);
      expect((await request(ctx.user, 'GET', `/special_events/${2 ** 40}`)).status).toBe(404);
    });
  });

  describe("another household's events", () => {
    it('are 404 "Special event not found" on every route, and nothing changes on either side', async () => {
      const theirs = await household(ctx.other);
      const mine = await household();
      const event = await createSpecialEvent(ctx.other.scope, { name: 'Theirs' });
      await link(ctx.other, event.id, [theirs.hotel.id]);
      const attempts: Array<[ 'GET' | 'PUT' | 'DELETE', string, unknown? ]> = [
        ['GET', `/special_events/${event.id}`],
        ['PUT', `/special_events/${event.id}`, { special_event: { name: 'Hacked' } }],
        ['DELETE', `/special_events/${event.id}`],
        ['PUT', `/special_events/${event.id}/allocations`, { special_event: { allocation_ids: [] } }],
        ['PUT', `/special_events/${event.id}/allocations`, { special_event: { allocation_ids: [mine.hotel.id] } }],
      ];
      for (const [method, url, payload] of attempts) {
        const theirsBefore = await householdSnapshot(ctx.other.scope);
        const mineBefore = await householdSnapshot(ctx.user.scope);
        const response = await request(ctx.user, method, url, payload);
        expect({ url, method, status: response.status, body: response.body }).toEqual({
          url,
          method,
          status: 404,
          body: { success: false, errors: ['Special event not found'] },
        });
        expect(await householdSnapshot(ctx.other.scope)).toEqual(theirsBefore);
        expect(await householdSnapshot(ctx.user.scope)).toEqual(mineBefore);
      }
      expect((await request<SpecialEvent[]>(ctx.user, 'GET', '/special_events')).body).toEqual([]);
    });
  });
});
