import fc from 'fast-check';
import { sql } from 'kysely';
import { addDays, addMonths, type DateOnly } from '../../../src/shared/dates';
import type { NetWorthReport } from '../../../src/shared/schemas/reports';
import type { Transaction } from '../../../server/db/schema';
import { balanceOn, balancesOnDays } from '../../../server/services/balances';
import { createBankAccount, createBudget, createTransaction } from '../../support/builders';
import { call, type SignedInUser, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

/**
 * The net worth report reads each account's balance at a period's end from kept month and day sums (migration
 * 0020's `account_months`, 0016's `account_days`), not from the rows. Over random households (accounts opened
 * before, inside and after the periods, rows on any day, old rows edited, moved and deleted, budgets starting on
 * any day of the month, with gaps), every figure must be the plain definition summed row by row: an account's
 * balance at a day is its opening balance plus its rows dated after its opening date up to that day.
 */

const dayIn = (from: DateOnly, spanDays: number) => fc.integer({ min: 0, max: spanDays }).map((offset) => addDays(from, offset));
const day = dayIn('2024-10-01', 3 * 365);
const cents = fc.integer({ min: 0, max: 90_000 });

const householdArbitrary = fc.record({
  accounts: fc.array(fc.record({ opening: day, balance: fc.integer({ min: -50_000, max: 500_000 }) }), { minLength: 1, maxLength: 3 }),
  rows: fc.array(fc.record({ account: fc.nat(), date: day, withdrawal: cents, deposit: cents }), { maxLength: 40 }),
  edits: fc.array(
    fc.oneof(
      fc.record({ op: fc.constant('redate' as const), pick: fc.nat(), date: day }),
      fc.record({ op: fc.constant('amount' as const), pick: fc.nat(), deposit: cents }),
      fc.record({ op: fc.constant('move' as const), pick: fc.nat(), account: fc.nat() }),
      fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
    ),
    { maxLength: 8 },
  ),
  // Budgets of a month each from a day of the month, one after another, a gap of some months now and then.
  firstBudget: fc.record({ month: fc.integer({ min: 0, max: 12 }), date: fc.integer({ min: 1, max: 28 }) }),
  gaps: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 14 }),
  range: fc.oneof(fc.constant('?from=1990-01'), fc.constant(''), fc.integer({ min: 0, max: 20 }).map((month) => `?from=${addMonths('2024-10-01', month).slice(0, 7)}`)),
  probes: fc.array(day, { minLength: 1, maxLength: 6 }),
});

type Household = typeof householdArbitrary extends fc.Arbitrary<infer H> ? H : never;

describe.each(testDialects)('net worth from kept sums on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  /** The plain definition, row by row. */
  const plainBalance = (rows: Transaction[], account: { id: number; opening_date: string; opening_balance: number }, upTo: DateOnly) =>
    rows
      .filter((row) => row.bank_account_id === account.id && row.transaction_date > account.opening_date && row.transaction_date <= upTo)
      .reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, Number(account.opening_balance));

  async function arrange(user: SignedInUser, household: Household) {
    const { scope } = user;
    const accounts: number[] = [];
    for (const account of household.accounts) accounts.push((await createBankAccount(scope, { opening_date: account.opening, opening_balance: account.balance })).id);
    // Rows on any day, those on or before their account's opening date too (a later change of the opening date
    // leaves them there): the definition leaves them out.
    for (const row of household.rows) {
      await createTransaction(scope, accounts[row.account % accounts.length], row.date, { withdrawal_amount: row.withdrawal, deposit_amount: row.deposit });
    }
    for (const edit of household.edits) {
      const ids = (await scope.selectFrom('transactions').select('id').orderBy('id').execute()).map((row) => row.id);
      if (ids.length === 0) break;
      const id = ids[edit.pick % ids.length];
      const one = scope.updateTable('transactions').where('id', '=', id);
      if (edit.op === 'redate') await one.set({ transaction_date: edit.date }).execute();
      if (edit.op === 'amount') await one.set({ deposit_amount: edit.deposit }).execute();
      if (edit.op === 'move') await one.set({ bank_account_id: accounts[edit.account % accounts.length] }).execute();
      if (edit.op === 'delete') await scope.deleteFrom('transactions').where('id', '=', id).execute();
    }
    let start = `${addMonths('2024-10-01', household.firstBudget.month).slice(0, 8)}${String(household.firstBudget.date).padStart(2, '0')}`;
    for (const gap of household.gaps) {
      await createBudget(scope, start);
      start = addMonths(start, 1 + (gap === 2 ? 1 : 0));
    }
  }

  it('gives every period the plain sum of the balances at its end, and its net change', async () => {
    // Another household's rows, on the same days, which no figure may count.
    const theirs = await createBankAccount(ctx.other.scope, { opening_date: '2024-01-01', opening_balance: 1_000_000 });
    for (const date of ['2024-12-31', '2025-06-15', '2026-01-31']) await createTransaction(ctx.other.scope, theirs.id, date, { deposit_amount: 77_700 });

    await fc.assert(
      fc.asyncProperty(householdArbitrary, async (household) => {
        const user = await signUpAndIn(ctx.server);
        await arrange(user, household);
        const { scope } = user;
        const rows = await scope.selectFrom('transactions').selectAll().execute();
        const accounts = await scope.selectFrom('bank_accounts').selectAll().execute();
        const budgets = await scope.selectFrom('budgets').selectAll().orderBy('start_date').execute();
        const worth = (upTo: DateOnly) => accounts.filter((a) => a.opening_date <= upTo).reduce((sum, a) => sum + plainBalance(rows, a, upTo), 0);

        const report = await call<NetWorthReport>(ctx.server, user, { method: 'GET', url: `/reports/net_worth${household.range}` });
        expect(report.status).toBe(200);
        const shownIds = new Set(report.body.data.map((row) => row.budget_id));
        expect(report.body.data).toEqual(
          budgets
            .filter((budget) => shownIds.has(budget.id))
            .map((budget) => ({
              budget_id: budget.id,
              period: budget.end_date.slice(0, 7),
              net_worth: worth(budget.end_date),
              net_change: rows
                .filter((row) => row.transaction_date >= budget.start_date && row.transaction_date <= budget.end_date)
                .filter((row) => row.transaction_date > accounts.find((a) => a.id === row.bank_account_id)!.opening_date)
                .reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, 0),
            })),
        );

        // The kept month sums are the rows' (every write path moves them through the triggers).
        const months = await ctx.server.db.selectFrom('account_months').select(['bank_account_id', 'month', 'net']).where('bank_account_id', 'in', accounts.map((a) => a.id)).where(sql<boolean>`net <> 0`).execute();
        const plainMonths = new Map<string, number>();
        for (const row of rows) {
          const key = `${row.bank_account_id} ${row.transaction_date.slice(0, 7)}-01`;
          plainMonths.set(key, (plainMonths.get(key) ?? 0) + row.deposit_amount - row.withdrawal_amount);
        }
        expect(new Map(months.map((row) => [`${row.bank_account_id} ${row.month}`, Number(row.net)]))).toEqual(new Map([...plainMonths].filter(([, net]) => net !== 0)));

        // The balances on any days (the start, middle and end of a month among them) agree with the plain sum
        // and with the SQL form of the definition, `balanceOn`.
        const days = [...household.probes, ...household.probes.map((d) => `${d.slice(0, 8)}01`), ...household.probes.map((d) => addDays(addMonths(`${d.slice(0, 8)}01`, 1), -1))];
        const fast = await balancesOnDays(scope, days);
        for (const probe of days) {
          const inSql = await scope.selectFrom('bank_accounts').select(['id', balanceOn(probe).as('balance')]).where('opening_date', '<=', probe).execute();
          const plain = accounts.filter((a) => a.opening_date <= probe).map((a) => [a.id, plainBalance(rows, a, probe)] as const);
          expect({ probe, balances: new Map(fast.get(probe)) }).toEqual({ probe, balances: new Map(plain) });
          expect(new Map(inSql.map((row) => [row.id, Number(row.balance)]))).toEqual(new Map(plain));
        }
      }),
      { seed: 49, numRuns: dialect === 'postgres' ? 25 : 60 },
    );
    // Dozens of households through the API: seconds alone, more on a busy machine.
  }, 180_000);

});
