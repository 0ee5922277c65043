import { sql } from 'kysely';
import { formatShortDate } from '../../src/shared/dates';
import { MAX_BANK_ACCOUNTS } from '../../src/shared/money';
import { defaultOpeningDate } from '../../src/shared/openingBalance';
import type { BankAccount as BankAccountResponse, BankAccountBody } from '../../src/shared/schemas/setup';
import type { HouseholdScope } from '../db/scope';
import type { BankAccount } from '../db/schema';
import { notFound, unprocessable } from '../errors';
import { currentBalances } from './balances';
import { settleCheckpoints } from './budgets/accountCheckpoints';
import { schedulesUsing, usedBySchedules } from './schedules/schedulesInUse';
import { counted } from '../../src/shared/wording';

export const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found';
const INSTITUTION_MISSING = "Institution doesn't exist";

type AccountRow = BankAccount & { institution_name: string | null };

function accountsWithInstitution(scope: HouseholdScope) {
  return scope
    .selectFrom('bank_accounts')
    .leftJoin('institutions', 'institutions.id', 'bank_accounts.institution_id')
    .selectAll('bank_accounts')
    .select('institutions.name as institution_name');
}

/** The account's institution as the API sends it, from a row joined with `institutions.name as institution_name`. */
export const institutionOf = (row: { institution_id: number | null; institution_name: string | null }) =>
  row.institution_id !== null && row.institution_name !== null ? { id: row.institution_id, name: row.institution_name } : null;

function toResponse(row: AccountRow, currentBalance?: number): BankAccountResponse {
  const account: BankAccountResponse = {
    id: row.id,
    name: row.name,
    institution_id: row.institution_id,
    institution: institutionOf(row),
    account_type: row.account_type,
    account_category: row.account_category,
    is_cash: row.is_cash === 1,
    account_no: row.account_no,
    opening_balance: row.opening_balance,
    opening_date: row.opening_date,
    closing_balance: row.closing_balance,
    closing_date: row.closing_date,
    status: row.status,
    import_format: row.import_format,
    import_settings: row.import_settings,
    statement_day: row.statement_day,
    payment_due_day: row.payment_due_day,
    window_lock_version: row.window_lock_version,
    reconciled_through: row.reconciled_through,
    reconciled_balance: row.reconciled_balance,
    is_sink_fund: row.account_type === 'sink_fund',
    is_credit_card: row.account_type === 'credit_card',
  };
  if (currentBalance !== undefined) account.current_balance = currentBalance;
  return account;
}

interface BankAccountListOptions {
  includeClosed?: boolean;
  includeCurrentBalance?: boolean;
}

/** Open accounts (closed ones too when asked): current accounts first, then by category, then by name. */
export async function listBankAccounts(scope: HouseholdScope, options: BankAccountListOptions = {}): Promise<BankAccountResponse[]> {
  let query = accountsWithInstitution(scope)
    .orderBy(sql`case when bank_accounts.account_category = 'current' then 0 else 1 end`)
    .orderBy('bank_accounts.account_category')
    .orderBy(sql`lower(bank_accounts.name)`)
    .orderBy('bank_accounts.id');
  if (!options.includeClosed) query = query.where('bank_accounts.status', '=', 'open');
  const [rows, balances] = await Promise.all([
    query.execute(),
    options.includeCurrentBalance ? currentBalances(scope) : Promise.resolve(undefined),
  ]);
  return rows.map((row) => toResponse(row, balances?.get(row.id)));
}

export async function getBankAccount(scope: HouseholdScope, id: number): Promise<BankAccountResponse> {
  const row = await accountsWithInstitution(scope).where('bank_accounts.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  return toResponse(row);
}

async function checkInstitution(scope: HouseholdScope, institutionId: number | null | undefined) {
  if (institutionId == null) return;
  if (!(await scope.ownsAll('institutions', [institutionId]))) {
    throw unprocessable(INSTITUTION_MISSING, { institution_id: [INSTITUTION_MISSING] });
  }
}

/** The day before the earliest budget starts, or the last day of the previous month without budgets. */
async function openingDateForNewAccount(scope: HouseholdScope, todayDate: string): Promise<string> {
  const earliest = await scope.selectFrom('budgets').select('start_date').orderBy('start_date').limit(1).executeTakeFirst();
  return defaultOpeningDate(earliest?.start_date, todayDate);
}

/** Where the household's accounts are settled: the end of the latest closed budget (null before any close). */
export async function lastClosingDate(scope: HouseholdScope): Promise<string | null> {
  const closed = await scope.selectFrom('budgets').select('end_date').where('status', '=', 'closed').orderBy('start_date', 'desc').limit(1).executeTakeFirst();
  return closed?.end_date ?? null;
}

/** The columns a body sets; absent fields are left as they are (or take the column default on create). */
function columnsOf(body: BankAccountBody) {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  return {
    name: body.name,
    institution_id: body.institution_id,
    account_type: body.account_type,
    account_category: body.account_category,
    is_cash: flag(body.is_cash),
    account_no: body.account_no,
    status: body.status,
    import_format: body.import_format,
    import_settings: body.import_settings,
    statement_day: body.statement_day,
    payment_due_day: body.payment_due_day,
  };
}

/** A new account opens on the date asked for (by default the day before the earliest budget), settled like the others. */
export function createBankAccount(scope: HouseholdScope, body: BankAccountBody, todayDate: string): Promise<BankAccountResponse> {
  return scope.transaction(async (trx) => {
    await checkInstitution(trx, body.institution_id);
    const { n } = await trx.selectFrom('bank_accounts').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    if (n >= MAX_BANK_ACCOUNTS) throw unprocessable(`A household keeps at most ${MAX_BANK_ACCOUNTS} bank accounts`);
    const openingBalance = body.opening_balance ?? 0;
    const openingDate = body.opening_date ?? (await openingDateForNewAccount(trx, todayDate));
    const { id } = await trx
      .insertInto('bank_accounts')
      .values({
        ...columnsOf(body),
        household_id: trx.householdId,
        opening_balance: openingBalance,
        opening_date: openingDate,
        closing_balance: openingBalance,
        closing_date: openingDate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await settleCheckpoints(trx, (await lastClosingDate(trx)) ?? openingDate, [id]);
    return getBankAccount(trx, id);
  });
}

/**
 * Absent fields stay as they are. A changed opening balance or date settles the account's checkpoint again, so
 * every figure recomputes from them. Moving the opening date later is refused while transactions dated up to the
 * new date would stop counting: they would silently leave the balance.
 */
export function updateBankAccount(scope: HouseholdScope, id: number, body: BankAccountBody): Promise<BankAccountResponse> {
  return scope.transaction(async (trx) => {
    const account = await trx.find('bank_accounts', id, BANK_ACCOUNT_NOT_FOUND);
    await checkInstitution(trx, body.institution_id);
    if (body.account_type !== undefined && body.account_type !== 'sink_fund' && account.account_type === 'sink_fund') {
      const envelopes = await countWhere(trx, 'sink_fund_allocations', id);
      if (envelopes > 0) {
        throw unprocessable(`Bank account '${account.name}' has ${counted(envelopes, 'sink fund allocation')}: it must stay a sink fund account`);
      }
    }
    const openingDate = body.opening_date ?? account.opening_date;
    if (openingDate > account.opening_date) await refuseDroppedTransactions(trx, account, openingDate);
    await trx
      .updateTable('bank_accounts')
      .set({ ...columnsOf(body), opening_balance: body.opening_balance, opening_date: openingDate, updated_at: sql`CURRENT_TIMESTAMP` })
      .where('id', '=', id)
      .execute();
    if (openingDate !== account.opening_date || (body.opening_balance !== undefined && body.opening_balance !== account.opening_balance)) {
      await settleCheckpoints(trx, (await lastClosingDate(trx)) ?? openingDate, [id]);
    }
    return getBankAccount(trx, id);
  });
}

async function refuseDroppedTransactions(scope: HouseholdScope, account: BankAccount, openingDate: string) {
  const { n } = await scope
    .selectFrom('transactions')
    .select(sql<number>`count(*)`.as('n'))
    .where('bank_account_id', '=', account.id)
    .where('transaction_date', '>', account.opening_date)
    .where('transaction_date', '<=', openingDate)
    .executeTakeFirstOrThrow();
  if (n === 0) return;
  const message = `${account.name} has ${counted(n, 'transaction')} dated from ${formatShortDate(account.opening_date)} to ${formatShortDate(openingDate)}: the opening date can move only to before them`;
  throw unprocessable(message, { opening_date: [message] });
}

async function countWhere(scope: HouseholdScope, table: 'transactions' | 'incomes' | 'sink_fund_allocations', accountId: number) {
  const row = await scope
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where(sql<boolean>`bank_account_id = ${accountId}`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Refused while anything points at the account; an account with history is closed, never deleted. */
export function deleteBankAccount(scope: HouseholdScope, id: number): Promise<void> {
  return scope.transaction(async (trx) => {
    const account = await trx.find('bank_accounts', id, BANK_ACCOUNT_NOT_FOUND);
    const [transactions, incomes, envelopes, settings, schedules] = await Promise.all([
      countWhere(trx, 'transactions', id),
      countWhere(trx, 'incomes', id),
      countWhere(trx, 'sink_fund_allocations', id),
      trx.selectFrom('settings').select('id').where('primary_budget_account_id', '=', id).executeTakeFirst(),
      schedulesUsing(trx, 'bank_account_id', [id]),
    ]);
    const name = `Bank account '${account.name}'`;
    const reasons: string[] = [];
    if (transactions > 0) reasons.push(`${name} has ${counted(transactions, 'transaction')}: close it instead`);
    if (incomes > 0) reasons.push(`${name} is used by ${counted(incomes, 'income')}`);
    if (envelopes > 0) reasons.push(`${name} has ${counted(envelopes, 'sink fund allocation')}`);
    if (settings) reasons.push(`${name} is the primary budget account in Settings`);
    const bills = schedules.get(id);
    if (bills) reasons.push(`${name} ${usedBySchedules(bills)}`);
    if (reasons.length > 0) throw unprocessable(reasons);
    await trx.deleteFrom('bank_accounts').where('id', '=', id).execute();
  });
}
