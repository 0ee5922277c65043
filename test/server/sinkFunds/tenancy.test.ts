import { createBankAccount, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, refusalDialects, useTestServer } from '../../support/testServer';
import { createEnvelope } from '../transactions/fixtures';
import { sinkFundFixture } from './fixtures';

/** Sink funds of another household: every route answers 404 for its account and 422 for its envelopes in a body. */
describe.each(refusalDialects)("another household's sink funds on %s", (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false, otherHousehold: true });
  let intruder: SignedInUser;
  let owner: SignedInUser;
  let theirAccountId: number;
  let theirEnvelopeId: number;
  let myAccountId: number;
  let myEnvelopeId: number;
  beforeAll(async () => {
    ({ user: intruder, other: owner } = ctx);
    const theirs = await sinkFundFixture(owner.scope);
    theirAccountId = theirs.account.id;
    theirEnvelopeId = theirs.car.id;
    const mine = await createBankAccount(intruder.scope, { name: 'Mine', account_type: 'sink_fund', opening_balance: 1_000 });
    myAccountId = mine.id;
    myEnvelopeId = (await createEnvelope(intruder.scope, mine.id, { name: 'Pot' })).id;
    await createTransaction(intruder.scope, mine.id, '2026-03-01', { deposit_amount: 500, withdrawal_amount: 0, sink_fund_allocation_id: myEnvelopeId });
  });

  const unchanged = async (work: () => Promise<void>) => {
    const ownerBefore = await householdSnapshot(owner.scope);
    const intruderBefore = await householdSnapshot(intruder.scope);
    await work();
    expect(await householdSnapshot(owner.scope)).toEqual(ownerBefore);
    expect(await householdSnapshot(intruder.scope)).toEqual(intruderBefore);
  };

  const requests = () =>
    [
      ['GET', `/sink_funds/${theirAccountId}`],
      ['PUT', `/sink_funds/${theirAccountId}`, { sink_fund_allocations: [{ id: theirEnvelopeId, name: 'Hacked' }] }],
      ['POST', `/sink_funds/${theirAccountId}/transfer_allocation`, { existing_allocation_id: theirEnvelopeId, new_allocation_id: 0, amount: 100 }],
    ] as const;

  it.each([0, 1, 2])('request %i on their account answers 404 and changes nothing', async (index) => {
    const [method, url, payload] = requests()[index] as readonly [string, string, object?];
    await unchanged(async () => {
      const response = await call(ctx.server, intruder, { method: method as 'GET', url, payload });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, errors: ['Sink fund not found'] });
    });
  });

  it('never lists their sink funds or counts their transactions', async () => {
    const list = await call<Array<{ id: number; current_balance: number; sink_fund_allocations: Array<{ current_balance: number }> }>>(ctx.server, intruder, { method: 'GET', url: '/sink_funds' });
    expect(list.body.map((fund) => fund.id)).toEqual([myAccountId]);
    expect(list.body[0]).toMatchObject({ current_balance: 1_500, sink_fund_allocations: [{ current_balance: 500 }] });
  });

  it('refuses their envelope inside an edit of my sink fund with a 422 naming the row', async () => {
    await unchanged(async () => {
      for (const row of [{ id: theirEnvelopeId, name: 'Hacked' }, { id: theirEnvelopeId, deleted: true }]) {
        const response = await call<{ field_errors: Record<string, string[]> }>(ctx.server, intruder, {
          method: 'PUT',
          url: `/sink_funds/${myAccountId}`,
          payload: { sink_fund_allocations: [{ id: myEnvelopeId, name: 'Renamed' }, row] },
        });
        expect(response.status).toBe(422);
        expect(response.body.field_errors).toEqual({ 'sink_fund_allocations.1.id': [`Sink fund allocation ${theirEnvelopeId} is not part of 'Mine'`] });
      }
    });
  });

  it('refuses their envelope on either side of a move within my sink fund with a 422 naming the field', async () => {
    await unchanged(async () => {
      const from = await call<{ field_errors: Record<string, string[]> }>(ctx.server, intruder, {
        method: 'POST',
        url: `/sink_funds/${myAccountId}/transfer_allocation`,
        payload: { existing_allocation_id: theirEnvelopeId, new_allocation_id: myEnvelopeId, amount: 100 },
      });
      expect(from.status).toBe(422);
      expect(Object.keys(from.body.field_errors)).toEqual(['existing_allocation_id']);
      const to = await call<{ field_errors: Record<string, string[]> }>(ctx.server, intruder, {
        method: 'POST',
        url: `/sink_funds/${myAccountId}/transfer_allocation`,
        payload: { existing_allocation_id: myEnvelopeId, new_allocation_id: theirEnvelopeId, amount: 100 },
      });
      expect(to.status).toBe(422);
      expect(Object.keys(to.body.field_errors)).toEqual(['new_allocation_id']);
    });
  });

  it("answers 404 for their envelope's transactions and their account's picker list", async () => {
    for (const url of [`/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${theirEnvelopeId}`, `/sink_fund_allocations?bank_account_id=${theirAccountId}`]) {
      expect((await call(ctx.server, intruder, { method: 'GET', url })).status).toBe(404);
    }
  });
});
