import type { SinkFund } from '../../../src/shared/schemas/sinkFunds';
import type { HouseholdScope } from '../../../server/db/scope';
import { createBankAccount, createTransaction } from '../../support/builders';
import { call, type SignedInUser, type TestServer } from '../../support/testServer';
import { createEnvelope, type ErrorBody } from '../transactions/fixtures';

export type { ErrorBody };

/**
 * A savings account opened with 1,000.00 (checkpoint 2026-02-28): a car envelope holding 300.00 (two deposits and a
 * withdrawal, target 500.00), a Christmas envelope holding 50.00 (no target), an empty closed insurance envelope,
 * and a deposit of 200.00 nobody assigned. Balance 1,550.00, envelopes 350.00, Unassigned Money 1,200.00.
 */
export async function sinkFundFixture(scope: HouseholdScope) {
  const account = await createBankAccount(scope, { name: 'Savings', account_type: 'sink_fund', account_category: 'asset', opening_balance: 100_000, closing_date: '2026-02-28' });
  const car = await createEnvelope(scope, account.id, { name: 'Car', amount: 50_000 });
  const christmas = await createEnvelope(scope, account.id, { name: 'christmas', amount: 0 });
  const insurance = await createEnvelope(scope, account.id, { name: 'Insurance', amount: 20_000, status: 'closed' });
  const deposit = (envelopeId: number | null, cents: number, date = '2026-03-05') =>
    createTransaction(scope, account.id, date, { deposit_amount: cents, withdrawal_amount: 0, sink_fund_allocation_id: envelopeId });
  await deposit(car.id, 25_000);
  await deposit(car.id, 10_000, '2026-03-06');
  await createTransaction(scope, account.id, '2026-03-07', { withdrawal_amount: 5_000, sink_fund_allocation_id: car.id });
  await deposit(christmas.id, 5_000);
  await deposit(null, 20_000);
  return { account, car, christmas, insurance };
}

export const getSinkFund = (server: TestServer, user: SignedInUser, id: number) =>
  call<SinkFund & ErrorBody>(server, user, { method: 'GET', url: `/sink_funds/${id}` });

export const putSinkFund = (server: TestServer, user: SignedInUser, id: number, payload: unknown) =>
  call<SinkFund & ErrorBody>(server, user, { method: 'PUT', url: `/sink_funds/${id}`, payload: payload as object });

export const transferAllocation = (server: TestServer, user: SignedInUser, id: number, payload: unknown) =>
  call<SinkFund & ErrorBody>(server, user, { method: 'POST', url: `/sink_funds/${id}/transfer_allocation`, payload: payload as object });

/** The envelopes of a sink fund as `name → [balance, target, outstanding, status]`. */
export const figuresOf = (fund: SinkFund) =>
  Object.fromEntries(fund.sink_fund_allocations.map((e) => [e.name, [e.current_balance, e.target, e.outstanding, e.status]]));
