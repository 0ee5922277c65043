import { householdSnapshot } from '../../support/builders';
import { call, refusalDialects, useTestServer } from '../../support/testServer';
import { sinkFundFixture } from './fixtures';

const HUGE = 2 ** 51;

/** Malformed bodies to the sink fund writes: a 4xx in the error shape and an untouched database. */
describe.each(refusalDialects)('malformed sink fund requests on %s', (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false });
  let accountId: number;
  let carId: number;
  beforeAll(async () => {
    const fixture = await sinkFundFixture(ctx.user.scope);
    accountId = fixture.account.id;
    carId = fixture.car.id;
  });

  async function expectRefused(url: string, method: 'PUT' | 'POST', payload: unknown, status = 422) {
    const before = await householdSnapshot(ctx.user.scope);
    const response = await call<{ success: boolean; errors: string[] }>(ctx.server, ctx.user, {
      method,
      url,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
    expect(response.body.errors.length).toBeGreaterThan(0);
    expect(response.body.errors.every((e) => typeof e === 'string' && !/sqlite|postgres|select|insert/i.test(e))).toBe(true);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  }

  const edits: Array<[string, unknown]> = [
    ['no envelope list', { lock_version: 0 }],
    ['an envelope list that is not a list', { sink_fund_allocations: 'Car' }],
    ['a float target', { sink_fund_allocations: [{ name: 'Car', target: 12.5 }] }],
    ['a target as text', { sink_fund_allocations: [{ name: 'Car', target: '100' }] }],
    ['a target beyond 2^50', { sink_fund_allocations: [{ name: 'Car', target: HUGE }] }],
    ['an unknown status', { sink_fund_allocations: [{ name: 'Car', status: 'paused' }] }],
    ['a negative id', { sink_fund_allocations: [{ id: -1, name: 'Car' }] }],
    ['an id too large to exist', { sink_fund_allocations: [{ id: 2 ** 40, name: 'Car' }] }],
    ['a text id', { sink_fund_allocations: [{ id: 'car', name: 'Car' }] }],
    ['a deleted flag as "yes"', { sink_fund_allocations: [{ name: 'Car', deleted: 'yes' }] }],
    ['a name that is a number', { sink_fund_allocations: [{ name: 42 }] }],
    ['a 201-character name', { sink_fund_allocations: [{ name: 'x'.repeat(201) }] }],
    ['a fractional lock_version', { lock_version: 0.5, sink_fund_allocations: [] }],
    ['a list as body', [{ name: 'Car' }]],
    ['null as body', null],
  ];

  it.each(edits)('PUT /sink_funds/:id refuses %s', async (_label, payload) => {
    await expectRefused(`/sink_funds/${accountId}`, 'PUT', payload);
  });

  it('PUT /sink_funds/:id refuses an existing envelope with a float target', async () => {
    await expectRefused(`/sink_funds/${accountId}`, 'PUT', { sink_fund_allocations: [{ id: carId, target: 0.1 }] });
  });

  // Built per test: the envelope exists only once the suite's fixture ran.
  const transfers: Array<[string, (car: number) => unknown]> = [
    ['no amount', (car) => ({ existing_allocation_id: 0, new_allocation_id: car })],
    ['a float amount', (car) => ({ existing_allocation_id: 0, new_allocation_id: car, amount: 1.5 })],
    ['an amount as text', (car) => ({ existing_allocation_id: 0, new_allocation_id: car, amount: '100' })],
    ['an amount beyond 2^50', (car) => ({ existing_allocation_id: 0, new_allocation_id: car, amount: HUGE })],
    ['an envelope id as text', () => ({ existing_allocation_id: 'car', new_allocation_id: 0, amount: 100 })],
    ['a negative envelope id', (car) => ({ existing_allocation_id: -2, new_allocation_id: car, amount: 100 })],
    ['an envelope id too large to exist', (car) => ({ existing_allocation_id: 2 ** 40, new_allocation_id: car, amount: 100 })],
  ];

  it.each(transfers)('POST /sink_funds/:id/transfer_allocation refuses %s', async (_label, payload) => {
    await expectRefused(`/sink_funds/${accountId}/transfer_allocation`, 'POST', payload(carId));
  });

  it('refuses malformed JSON with 400', async () => {
    await expectRefused(`/sink_funds/${accountId}`, 'PUT', '{"sink_fund_allocations": [', 400);
    await expectRefused(`/sink_funds/${accountId}/transfer_allocation`, 'POST', '{amount: 1}', 400);
  });

  it('refuses a path id that is not a number with 422, as every /:id route does', async () => {
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/sink_funds/abc' })).status).toBe(422);
  });
});
