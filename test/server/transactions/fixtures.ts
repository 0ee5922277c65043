import type { ErrorBody } from '../../../src/shared/schemas/common';

export type { ErrorBody };
import type { Transaction, TransactionRow } from '../../../src/shared/schemas/transactions';
import { WINDOW_LOCK_HEADER } from '../../../src/shared/schemas/transactions';
import type { HouseholdScope } from '../../../server/db/scope';
import { createAllocation, createBankAccount, createBudget, createCategory } from '../../support/builders';
import { call, type SignedInUser, type TestServer } from '../../support/testServer';

/** An envelope of a sink-fund account (the shared builders have none). */
export async function createEnvelope(scope: HouseholdScope, bankAccountId: number, overrides: { name?: string; status?: 'open' | 'closed'; amount?: number } = {}) {
  return scope
    .insertInto('sink_fund_allocations')
    .values({ household_id: scope.householdId, bank_account_id: bankAccountId, name: 'Envelope', ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A household with one account, one open March 2026 budget and an allocation in it. */
export async function windowFixture(scope: HouseholdScope, account: Parameters<typeof createBankAccount>[1] = {}) {
  const bankAccount = await createBankAccount(scope, { name: 'Cheque', ...account });
  const budget = await createBudget(scope, '2026-03-01');
  const category = await createCategory(scope, { name: 'Food' });
  const allocation = await createAllocation(scope, budget.id, category.id, { name: 'Groceries' });
  return { bankAccount, budget, category, allocation };
}

export async function getWindow(server: TestServer, user: SignedInUser, bankAccountId: number, budgetId: number) {
  const response = await call<Transaction[]>(server, user, { method: 'GET', url: `/transactions?bank_account_id=${bankAccountId}&budget_id=${budgetId}` });
  return { ...response, lockVersion: Number(response.headers[WINDOW_LOCK_HEADER]) };
}

export async function saveWindow(
  server: TestServer,
  user: SignedInUser,
  // Rows are loose on purpose: tests also send what the schema must refuse.
  body: { bank_account_id: number; budget_id: number; window_lock_version?: number; transactions: Array<Partial<TransactionRow> | Record<string, unknown>> },
) {
  const response = await call<Transaction[] & ErrorBody>(server, user, { method: 'POST', url: '/transactions', payload: body });
  return { ...response, lockVersion: Number(response.headers[WINDOW_LOCK_HEADER]) };
}
