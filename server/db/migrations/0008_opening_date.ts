import { type Kysely, sql } from 'kysely';
import { addDays, today } from './dates';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

interface AccountRow {
  id: number;
  household_id: number;
  opening_balance: number | string;
  closing_balance: number | string | null;
  closing_date: string | null;
}

/**
 * Every account gets the date its opening balance is the balance at the end of (issue 28). The balance becomes
 * opening_balance + every transaction dated after opening_date, so each account's date is chosen to keep the
 * balance it had (checkpoint + transactions after closing_date):
 * - without a checkpoint every transaction counted: the day before the earliest of its first transaction and the
 *   household's first budget (or the last day of the previous month);
 * - with one, the earliest candidate date (the checkpoint's own, the day before any budget start or before the
 *   account's first transaction) from which the opening balance adds up to the checkpoint;
 * - when none adds up (a checkpoint rebuilt over rows its opening balance already held), the checkpoint becomes
 *   the opening: opening_date = closing_date, opening_balance = closing_balance.
 * The column stays nullable in the database (SQLite cannot add a NOT NULL column without a constant default);
 * every write path sets it and the application's types require it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_accounts').addColumn('opening_date', isPostgres(db) ? sql`date` : sql`text`).execute();
  const accounts = (await db.selectFrom('bank_accounts').select(['id', 'household_id', 'opening_balance', 'closing_balance', 'closing_date']).execute()) as AccountRow[];
  const firstBudget = new Map<number, string>();
  for (const row of (await db.selectFrom('budgets').select(['household_id', sql<string>`min(start_date)`.as('start')]).groupBy('household_id').execute()) as {
    household_id: number;
    start: string;
  }[]) {
    firstBudget.set(row.household_id, String(row.start).slice(0, 10));
  }
  const budgetStarts = new Map<number, string[]>();
  for (const row of (await db.selectFrom('budgets').select(['household_id', 'start_date']).execute()) as { household_id: number; start_date: string }[]) {
    budgetStarts.set(row.household_id, [...(budgetStarts.get(row.household_id) ?? []), String(row.start_date).slice(0, 10)]);
  }
  const fallback = addDays(`${today().slice(0, 8)}01`, -1);

  for (const account of accounts) {
    const days = (await db
      .selectFrom('transactions')
      .select(['transaction_date', sql<number | string>`sum(deposit_amount - withdrawal_amount)`.as('net')])
      .where('bank_account_id', '=', account.id)
      .groupBy('transaction_date')
      .execute()) as { transaction_date: string; net: number | string }[];
    const nets = days.map((day) => ({ date: String(day.transaction_date).slice(0, 10), net: Number(day.net) }));
    const netAfter = (from: string, upTo: string | null) => nets.reduce((sum, day) => (day.date > from && (upTo === null || day.date <= upTo) ? sum + day.net : sum), 0);
    const opening = Number(account.opening_balance);
    const firstTransaction = nets.reduce<string | null>((first, day) => (first === null || day.date < first ? day.date : first), null);
    const beforeFirst = firstTransaction === null ? null : addDays(firstTransaction, -1);
    const closingDate = account.closing_date === null ? null : String(account.closing_date).slice(0, 10);

    let openingDate: string;
    let openingBalance = opening;
    if (closingDate === null || account.closing_balance === null) {
      const budgetDay = firstBudget.has(account.household_id) ? addDays(firstBudget.get(account.household_id)!, -1) : null;
      const candidates = [beforeFirst, budgetDay].filter((day): day is string => day !== null);
      openingDate = candidates.length === 0 ? fallback : candidates.reduce((a, b) => (a < b ? a : b));
    } else {
      const checkpoint = Number(account.closing_balance);
      const candidates = [closingDate, beforeFirst, ...(budgetStarts.get(account.household_id) ?? []).map((start) => addDays(start, -1))]
        .filter((day): day is string => day !== null && day <= closingDate)
        .sort();
      const fits = candidates.find((day) => opening + netAfter(day, closingDate) === checkpoint);
      openingDate = fits ?? closingDate;
      if (fits === undefined) openingBalance = checkpoint;
    }
    await db
      .updateTable('bank_accounts')
      .set({
        opening_date: openingDate,
        opening_balance: openingBalance,
        // A checkpoint always equals the opening balance plus the transactions after the opening date up to it.
        closing_balance: closingDate === null ? openingBalance : sql`closing_balance`,
        closing_date: closingDate ?? openingDate,
      })
      .where('id', '=', account.id)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_accounts').dropColumn('opening_date').execute();
}
