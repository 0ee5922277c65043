import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { budgetEndDate, budgetName, type DateOnly } from '../../src/shared/dates';
import {
  type AllocationsTable,
  type BankAccountsTable,
  type BudgetsTable,
  HOUSEHOLD_TABLES,
  type IncomesTable,
  type SpecialEventsTable,
  type TransactionsTable,
} from '../../server/db/schema';
import type { HouseholdScope } from '../../server/db/scope';

/**
 * Fixture builders: rows inserted straight through a household's scope (as `signUpAndIn` gives it), with
 * sensible defaults that any field can override.
 */
type Overrides<T> = Partial<Omit<Insertable<T>, 'household_id'>>;

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

export async function createCategory(scope: HouseholdScope, overrides: Overrides<{ name: string }> = {}) {
  return scope
    .insertInto('allocation_categories')
    .values({ household_id: scope.householdId, name: unique('Category'), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createInstitution(scope: HouseholdScope, overrides: Overrides<{ name: string }> = {}) {
  return scope
    .insertInto('institutions')
    .values({ household_id: scope.householdId, name: unique('Bank'), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A normal current account by default; pass `account_type: 'credit_card'` (and `account_category: 'liability'`) for a card.
 * A checkpoint given without an opening date is where the account opens (opening balance and date = the checkpoint's),
 * so the fixture obeys the balance rule: the checkpoint is the opening balance plus the transactions after the opening
 * date. Without either, it opens on the first valid date (Jan 1, 1900), so every transaction a test writes counts.
 */
export async function createBankAccount(scope: HouseholdScope, overrides: Overrides<BankAccountsTable> = {}) {
  const opensAtCheckpoint = overrides.opening_date === undefined && overrides.closing_date != null;
  const opening = opensAtCheckpoint && overrides.closing_balance != null ? overrides.closing_balance : (overrides.opening_balance ?? 0);
  return scope
    .insertInto('bank_accounts')
    .values({
      household_id: scope.householdId,
      name: unique('Account'),
      closing_balance: opening,
      closing_date: null,
      ...overrides,
      opening_balance: opening,
      opening_date: overrides.opening_date ?? (opensAtCheckpoint ? overrides.closing_date! : '1900-01-01'),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A budget of one month from `start_date` (end date and name derived as the API does), open by default. */
export async function createBudget(scope: HouseholdScope, start: DateOnly, overrides: Overrides<BudgetsTable> = {}) {
  const end = overrides.end_date ?? budgetEndDate(start);
  return scope
    .insertInto('budgets')
    .values({ household_id: scope.householdId, start_date: start, end_date: end, name: budgetName(start, end), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createIncome(scope: HouseholdScope, budgetId: number, overrides: Overrides<IncomesTable> = {}) {
  return scope
    .insertInto('incomes')
    .values({ household_id: scope.householdId, budget_id: budgetId, name: unique('Income'), amount: 100_000, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createAllocation(
  scope: HouseholdScope,
  budgetId: number,
  categoryId: number,
  overrides: Overrides<AllocationsTable> = {},
) {
  return scope
    .insertInto('allocations')
    .values({
      household_id: scope.householdId,
      budget_id: budgetId,
      allocation_category_id: categoryId,
      name: unique('Allocation'),
      amount: 10_000,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createSpecialEvent(scope: HouseholdScope, overrides: Overrides<SpecialEventsTable> = {}) {
  return scope
    .insertInto('special_events')
    .values({ household_id: scope.householdId, name: unique('Event'), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A paid withdrawal of 10.00 by default, with a unique bank_ref. */
export async function createTransaction(
  scope: HouseholdScope,
  bankAccountId: number,
  date: DateOnly,
  overrides: Overrides<TransactionsTable> = {},
) {
  return scope
    .insertInto('transactions')
    .values({
      household_id: scope.householdId,
      bank_account_id: bankAccountId,
      transaction_date: date,
      description: unique('Purchase'),
      withdrawal_amount: 1_000,
      deposit_amount: 0,
      bank_ref: `REF-${randomBytes(8).toString('hex')}`,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Every row the household owns, by table and id, and the household's revision (which any committed change
 * moves): compare two snapshots to prove a refused request wrote nothing.
 */
export async function householdSnapshot(scope: HouseholdScope): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  snapshot.households = await scope.db.selectFrom('households').select(['id', 'revision']).where('id', '=', scope.householdId).execute();
  for (const table of HOUSEHOLD_TABLES) {
    const rows = await scope.selectFrom(table).selectAll().execute();
    snapshot[table] = (rows as Array<{ id: number }>).sort((a, b) => a.id - b.id);
  }
  return snapshot;
}
