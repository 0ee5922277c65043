import type { InjectOptions } from 'fastify';
import { ACTIVITY_ID_HEADER } from '../../../src/shared/activityHeader';
import { type DateOnly, today } from '../../../src/shared/dates';
import { householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, signInAgain, signUpAndIn, type TestServer } from '../../support/testServer';
import type { CarriedStatus, LedgerPart, LedgerRow } from './ledger';

/** The app as the model drives it: one person acting in one session, and a second session of theirs only reading. */
export interface Household {
  server: TestServer;
  actor: SignedInUser;
  /** Reads every figure; its own session, so the actor's "last read" of a window is only what the actor read. */
  observer: SignedInUser;
  categoryId: number;
  today: DateOnly;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  activityId: number | null;
}

export async function newHousehold(server: TestServer): Promise<Household> {
  const actor = await signUpAndIn(server);
  const observer = await signInAgain(server, actor);
  const category = await call<{ id: number }>(server, actor, { method: 'POST', url: '/allocation_categories', payload: { name: 'Living' } });
  if (category.status !== 201) throw new Error(`category not created: ${JSON.stringify(category.body)}`);
  return { server, actor, observer, categoryId: category.body.id, today: today('UTC') };
}

/** One call as the actor (or the observer), with the Activity entry it answered, if any. */
export async function send<T = unknown>(house: Household, options: InjectOptions & { url: string }, as: 'actor' | 'observer' = 'actor'): Promise<Answer<T>> {
  const response = await call<T>(house.server, as === 'actor' ? house.actor : house.observer, options);
  const header = response.headers[ACTIVITY_ID_HEADER];
  return { status: response.status, body: response.body, activityId: header === undefined ? null : Number(header) };
}

/** GET as the observer, which must succeed. */
export async function read<T>(house: Household, url: string): Promise<T> {
  const answer = await send<T>(house, { method: 'GET', url }, 'observer');
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A file (a spreadsheet) as the observer downloads it, which must succeed. */
export async function readText(house: Household, url: string): Promise<string> {
  const response = await house.server.app.inject({ method: 'GET', url, headers: house.observer.headers });
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  return response.body;
}

/** Every stored transaction of the household, as the ledger keeps rows. */
export async function storedRows(house: Household): Promise<Map<number, LedgerRow>> {
  const rows = await house.actor.scope.selectFrom('transactions').selectAll().execute();
  const stored = await house.actor.scope.selectFrom('transaction_splits').selectAll().orderBy('position').orderBy('id').execute();
  const parts = new Map<number, LedgerPart[]>();
  for (const part of stored) {
    parts.set(part.transaction_id, [...(parts.get(part.transaction_id) ?? []), { amount: Number(part.amount), allocationId: part.allocation_id, envelopeId: part.sink_fund_allocation_id }]);
  }
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        accountId: row.bank_account_id,
        date: row.transaction_date,
        description: row.description ?? '',
        withdrawal: Number(row.withdrawal_amount),
        deposit: Number(row.deposit_amount),
        allocationId: row.allocation_id,
        envelopeId: row.sink_fund_allocation_id,
        carried: row.brought_forward_status as CarriedStatus,
        manual: Boolean(row.is_manual_adjustment),
        ...(parts.has(row.id) ? { parts: parts.get(row.id) } : {}),
        paid: row.status === 'paid',
      },
    ]),
  );
}

/** Everything the household has stored, for proving a refusal changed nothing. */
export const storedState = (house: Household) => householdSnapshot(house.actor.scope);
