import type { z } from 'zod';
import { MAX_BANK_ACCOUNTS, MAX_TRANSACTIONS_PER_HOUSEHOLD } from '../../../src/shared/money';
import { updateBudgetBodySchema } from '../../../src/shared/schemas/budgets';
import { bankAccountBodySchema, namedItemBodySchema } from '../../../src/shared/schemas/setup';
import { scheduleBodySchema } from '../../../src/shared/schemas/schedules';
import { saveWindowBodySchema } from '../../../src/shared/schemas/transactions';
import { counted } from '../../../src/shared/wording';
import { Refusals } from '../refusals';
import { issueText } from '../untrustedFiles/issues';
import type { HistoryHousehold } from './historyHousehold';
import type { HistoryPlan } from './historyPlan';

const transactionRowSchema = saveWindowBodySchema.shape.transactions.element;
const many = (count: number) => count.toLocaleString('en-US');

/**
 * Everything the plan would write, checked with the very schemas of the routes that write the same rows (a
 * category's name, a bank account, a budget save's incomes and allocations, a transactions window's rows) and
 * the household's limits, so history brings in nothing that Setup, Budgets or Transactions would refuse. Every
 * problem is listed (up to the usual hundred) and nothing is written when there is one.
 */
export function checkHistoryPlan(plan: HistoryPlan, household: Pick<HistoryHousehold, 'accounts' | 'transactions'>): void {
  const refusals = new Refusals();
  const newAccounts = plan.accounts.filter((a) => !a.existing);
  if (newAccounts.length + household.accounts.length > MAX_BANK_ACCOUNTS) {
    refusals.add(`The files hold ${counted(newAccounts.length, 'new account')} and this household has ${many(household.accounts.length)}; a household keeps at most ${many(MAX_BANK_ACCOUNTS)} bank accounts.`);
  }
  if (plan.placed.length + household.transactions > MAX_TRANSACTIONS_PER_HOUSEHOLD) {
    refusals.add(`The files hold ${many(plan.placed.length)} transactions and this household has ${many(household.transactions)}; a household keeps at most ${many(MAX_TRANSACTIONS_PER_HOUSEHOLD)}.`);
  }
  // Counted before any row is looked at: a file far over a limit is refused without checking its rows.
  refusals.throwIfAny();
  const check = (schema: z.ZodType, value: unknown, where: string) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) refusals.add(`${where}: ${issueText(issue)}`);
  };
  for (const group of plan.groups) if (!group.existing) check(namedItemBodySchema, { name: group.name }, `Category group "${group.name.slice(0, 50)}"`);
  for (const account of plan.accounts) {
    check(bankAccountBodySchema, { name: account.name, opening_balance: account.openingBalance, opening_date: account.openingDate }, `Account "${account.name.slice(0, 50)}"`);
  }
  for (const budget of plan.budgets) {
    const body = { incomes: budget.incomes.map(({ name, amount }) => ({ name, amount })), allocations: budget.allocations.map(({ name, amount }) => ({ name, amount })) };
    check(updateBudgetBodySchema, body, `The ${budget.name} budget`);
  }
  for (const { transaction: t, parts } of plan.placed) {
    const splits = parts?.map(({ amount, memo }) => ({ amount, memo }));
    check(transactionRowSchema, { transaction_date: t.date, description: t.description, withdrawal_amount: t.withdrawal, deposit_amount: t.deposit, bank_ref: t.reference, splits }, t.origin);
  }
  // An upcoming bill is a schedule as the schedules route takes one (its account and category are written with it).
  for (const u of plan.upcoming) {
    check(scheduleBodySchema, { description: u.description, amount: u.amount, bank_account_id: 1, frequency: 'monthly', start_date: u.date, times: 1 }, u.origin);
  }
  refusals.throwIfAny();
}
