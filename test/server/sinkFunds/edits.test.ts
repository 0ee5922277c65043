import { SINK_FUND_CONFLICT_MESSAGE, type SinkFundEnvelope } from '../../../src/shared/schemas/sinkFunds';
import { createBankAccount, createTransaction, householdSnapshot } from '../../support/builders';
import { call, signInPartner, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope } from '../transactions/fixtures';
import { figuresOf, getSinkFund, putSinkFund, sinkFundFixture } from './fixtures';

describe.each(testDialects)('editing sink fund envelopes on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it('creates, renames, retargets, comments, closes, reopens and deletes in one save, and moves lock_version on', async () => {
    const { account, car, christmas, insurance } = await sinkFundFixture(ctx.user.scope);
    const unused = await createEnvelope(ctx.user.scope, account.id, { name: 'Unused' });
    const saved = await putSinkFund(ctx.server, ctx.user, account.id, {
      lock_version: 0,
      sink_fund_allocations: [
        { id: car.id, name: ' Car Service ', target: 60_000, comment: 'every spring', status: 'open', deleted: false },
        { id: christmas.id, status: 'closed' },
        { id: insurance.id, status: 'open' },
        { id: unused.id, deleted: true },
        { id: 0, name: 'Holiday', target: 300_000, comment: null, status: null, deleted: false },
        { name: 'Skipped', target: 1, deleted: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.lock_version).toBe(1);
    expect(figuresOf(saved.body)).toEqual({
      'Car Service': [30_000, 60_000, -30_000, 'open'],
      christmas: [5_000, 0, 0, 'closed'],
      Holiday: [0, 300_000, -300_000, 'open'],
      Insurance: [0, 20_000, -20_000, 'open'],
    });
    const carService = saved.body.sink_fund_allocations.find((e) => e.id === car.id);
    expect(carService).toMatchObject({ comment: 'every spring', amount: 60_000 });
    // A closed envelope keeps its transactions and its money: the totals do not move.
    expect(saved.body).toMatchObject({ current_balance: 155_000, assigned_balance: 35_000, unassigned_balance: 120_000 });
    expect(await getSinkFund(ctx.server, ctx.user, account.id)).toMatchObject({ body: saved.body });
  });

  it('hides a closed envelope from the transactions picker and shows it again once reopened', async () => {
    const { account, christmas } = await sinkFundFixture(ctx.user.scope);
    const picker = async () =>
      (await call<SinkFundEnvelope[]>(ctx.server, ctx.user, { method: 'GET', url: `/sink_fund_allocations?bank_account_id=${account.id}` })).body.map((e) => e.name);
    expect(await picker()).toEqual(['Car', 'christmas']);
    await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ id: christmas.id, status: 'closed' }] });
    expect(await picker()).toEqual(['Car']);
    await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ id: christmas.id, status: 'open' }] });
    expect(await picker()).toEqual(['Car', 'christmas']);
  });

  it('keeps the fields a row leaves out, and takes `amount` as the target from older clients', async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    await ctx.user.scope.updateTable('sink_fund_allocations').set({ comment: 'kept' }).where('id', '=', car.id).execute();
    const saved = await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ id: car.id, amount: 45_000, name: null }] });
    expect(saved.status).toBe(200);
    expect(saved.body.sink_fund_allocations.find((e) => e.id === car.id)).toMatchObject({ name: 'Car', target: 45_000, comment: 'kept', status: 'open' });
    const cleared = await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ id: car.id, target: 0, amount: 99, comment: '' }] });
    expect(cleared.body.sink_fund_allocations.find((e) => e.id === car.id)).toMatchObject({ target: 0, outstanding: 0, comment: '' });
  });

  it('accepts the body nested under sink_fund', async () => {
    const { account } = await sinkFundFixture(ctx.user.scope);
    const saved = await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund: { lock_version: 0, sink_fund_allocations: [{ name: 'Nested', target: 100 }] } });
    expect(saved.status).toBe(200);
    expect(figuresOf(saved.body).Nested).toEqual([0, 100, -100, 'open']);
  });

  it('refuses every problem at once, each named by its row, and writes nothing', async () => {
    const { account, car, christmas, insurance } = await sinkFundFixture(ctx.user.scope);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await putSinkFund(ctx.server, ctx.user, account.id, {
      lock_version: 0,
      sink_fund_allocations: [
        { id: car.id, target: 5 },
        { name: '   ', target: 100 },
        { id: insurance.id, name: '' },
        { name: 'Gifts', target: -5 },
        { id: christmas.id, deleted: true },
        { name: 'CAR', target: 0 },
        { id: insurance.id, status: 'closed' },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      "Sink fund allocation 'Insurance' appears more than once",
      "Name can't be blank",
      'Target must not be negative',
      "There is more than one sink fund allocation named 'CAR'",
      "Sink fund allocation 'christmas' has 1 transaction and cannot be deleted: close it instead",
    ]);
    expect(refused.body.field_errors).toEqual({
      'sink_fund_allocations.6.id': ["Sink fund allocation 'Insurance' appears more than once"],
      'sink_fund_allocations.1.name': ["Name can't be blank"],
      'sink_fund_allocations.2.name': ["Name can't be blank"],
      'sink_fund_allocations.3.target': ['Target must not be negative'],
      'sink_fund_allocations.5.name': ["There is more than one sink fund allocation named 'CAR'"],
      'sink_fund_allocations.4.deleted': ["Sink fund allocation 'christmas' has 1 transaction and cannot be deleted: close it instead"],
    });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses deleting an envelope with transactions, naming it and the count', async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    const refused = await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ id: car.id, deleted: 'true' }] });
    expect(refused).toMatchObject({ status: 422, body: { errors: ["Sink fund allocation 'Car' has 3 transactions and cannot be deleted: close it instead"] } });
    expect(figuresOf((await getSinkFund(ctx.server, ctx.user, account.id)).body).Car).toEqual([30_000, 50_000, -20_000, 'open']);
  });

  it('lets two envelopes swap names in one save, and a deleted envelope free its name', async () => {
    const { account, car, christmas, insurance } = await sinkFundFixture(ctx.user.scope);
    const swapped = await putSinkFund(ctx.server, ctx.user, account.id, {
      sink_fund_allocations: [
        { id: car.id, name: 'christmas' },
        { id: christmas.id, name: 'Car' },
        { id: insurance.id, deleted: true },
        { name: 'insurance', target: 10 },
      ],
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.sink_fund_allocations.map((e) => [e.id === car.id ? 'car' : e.id === christmas.id ? 'christmas' : 'new', e.name])).toEqual([
      ['christmas', 'Car'],
      ['car', 'christmas'],
      ['new', 'insurance'],
    ]);
  });

  it("answers 409 to a lock_version made stale by the partner's save and writes nothing; a save without one is accepted", async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    const partner = await signInPartner(ctx.server, ctx.user);
    expect((await putSinkFund(ctx.server, partner, account.id, { lock_version: 0, sink_fund_allocations: [{ id: car.id, target: 1 }] })).body.lock_version).toBe(1);
    const before = await householdSnapshot(ctx.user.scope);
    const stale = await putSinkFund(ctx.server, ctx.user, account.id, { lock_version: 0, sink_fund_allocations: [{ id: car.id, target: 2 }] });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, errors: ['These sink fund allocations were changed by someone else. Reload to see their changes.'] });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    const unversioned = await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ id: car.id, target: 3 }] });
    expect(unversioned.body).toMatchObject({ lock_version: 2 });
    // A refused save does not move the version either.
    await putSinkFund(ctx.server, ctx.user, account.id, { lock_version: 2, sink_fund_allocations: [{ id: car.id, name: '' }] });
    expect((await getSinkFund(ctx.server, ctx.user, account.id)).body.lock_version).toBe(2);
  });

  it("refuses a second draft of the same session (another tab) and accepts a save from the version its own save returned", async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    const first = await putSinkFund(ctx.server, ctx.user, account.id, { lock_version: 0, sink_fund_allocations: [{ id: car.id, target: 1 }] });
    expect([first.status, first.body.lock_version]).toEqual([200, 1]);
    const before = await householdSnapshot(ctx.user.scope);
    const otherTab = await putSinkFund(ctx.server, ctx.user, account.id, { lock_version: 0, sink_fund_allocations: [{ id: car.id, target: 2 }] });
    expect(otherTab).toMatchObject({ status: 409, body: { errors: [SINK_FUND_CONFLICT_MESSAGE] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    const again = await putSinkFund(ctx.server, ctx.user, account.id, { lock_version: first.body.lock_version, sink_fund_allocations: [{ id: car.id, target: 2 }] });
    expect([again.status, again.body.lock_version]).toEqual([200, 2]);
  });

  it("refuses an envelope of another account, naming the row, and never touches that account's envelope", async () => {
    const { account } = await sinkFundFixture(ctx.user.scope);
    const otherAccount = await createBankAccount(ctx.user.scope, { name: 'Bills', account_type: 'sink_fund' });
    const theirs = await createEnvelope(ctx.user.scope, otherAccount.id, { name: 'Water' });
    await createTransaction(ctx.user.scope, otherAccount.id, '2026-03-01', { deposit_amount: 100, withdrawal_amount: 0, sink_fund_allocation_id: theirs.id });
    const before = await householdSnapshot(ctx.user.scope);
    for (const row of [{ id: theirs.id, name: 'Mine now' }, { id: theirs.id, deleted: true }]) {
      const refused = await putSinkFund(ctx.server, ctx.user, account.id, { sink_fund_allocations: [{ name: 'Fine' }, row] });
      expect(refused.status).toBe(422);
      expect(refused.body.field_errors).toEqual({ 'sink_fund_allocations.1.id': [`Sink fund allocation ${theirs.id} is not part of 'Savings'`] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('answers 404 when the account is not a sink fund', async () => {
    const chequing = await createBankAccount(ctx.user.scope, { name: 'Chequing' });
    const refused = await putSinkFund(ctx.server, ctx.user, chequing.id, { sink_fund_allocations: [{ name: 'Pot' }] });
    expect(refused).toMatchObject({ status: 404, body: { errors: ['Sink fund not found'] } });
    expect(await ctx.user.scope.selectFrom('sink_fund_allocations').selectAll().execute()).toEqual([]);
  });
});
