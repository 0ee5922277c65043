import { addDays, type DateOnly } from '../../src/shared/dates';
import type { Cents } from '../../src/shared/money';
import type { NewTransaction } from '../db/schema';
import type { DemoAccounts } from './accounts';
import type { DemoBudget } from './budgets';
import { type Random, split } from './random';
import { type AllocationTemplate, INCOMES } from './template';

type DemoRow = Pick<NewTransaction, 'bank_account_id' | 'transaction_date' | 'description'> & Partial<NewTransaction>;

/** Collects the demo's transactions in the order they are made, each with its own bank reference. */
export function transactionLedger(household_id: number) {
  const rows: NewTransaction[] = [];
  let sequence = 0;
  const add = (row: DemoRow): NewTransaction => {
    sequence += 1;
    const next: NewTransaction = {
      household_id,
      withdrawal_amount: 0,
      deposit_amount: 0,
      allocation_id: null,
      sink_fund_allocation_id: null,
      status: 'paid',
      brought_forward_status: null,
      bank_ref: `DEMO-${String(sequence).padStart(8, '0')}`,
      is_manual_adjustment: 0,
      ...row,
    };
    rows.push(next);
    return next;
  };
  return { rows, add };
}
export type Ledger = ReturnType<typeof transactionLedger>;

/** Whole days from `from` to `to`; ISO date-only strings parse as UTC midnight, so no zone can skew this. */
export const daysBetween = (from: DateOnly, to: DateOnly) => Math.round((Date.parse(to) - Date.parse(from)) / 86400000);

interface MonthContext {
  ledger: Ledger;
  accounts: DemoAccounts;
  templates: AllocationTemplate[];
  allocationIds: Map<string, number>;
  random: Random;
  today: DateOnly;
  /** Every account but the sink fund with entries on most days (dailyEntries below). */
  daily?: boolean;
}

/**
 * One budget's month of transactions: salaries, last month's card bill, interest, each allocation's spending by
 * its usual route, and an envelope spent when it falls due. Only what has happened by `today` in the current
 * budget. Returns the month's card charges (paid off next month).
 */
export function spendMonth(month: MonthContext, budget: DemoBudget, isCurrent: boolean, previousCardCharges: Cents): Cents {
  const { ledger, accounts, random } = month;
  const add = ledger.add;
  const days = daysBetween(budget.start, budget.end);
  const dateAt = (offset: number) => addDays(budget.start, Math.min(days, Math.max(0, offset)));
  const happened = (date: DateOnly) => !isCurrent || date <= month.today;
  const cardStatus = isCurrent ? 'unpaid' : 'paid';
  let cardCharges = 0;

  for (const income of INCOMES) {
    add({ bank_account_id: accounts.current, transaction_date: budget.start, description: income.payer, deposit_amount: income.amount });
  }
  const paymentDate = dateAt(14);
  if (previousCardCharges > 0 && happened(paymentDate)) {
    add({ bank_account_id: accounts.current, transaction_date: paymentDate, description: 'Payment - Visa Platinum', withdrawal_amount: previousCardCharges });
    add({ bank_account_id: accounts.card, transaction_date: paymentDate, description: 'Payment received - thank you', deposit_amount: previousCardCharges });
  }
  if (happened(budget.end)) {
    add({ bank_account_id: accounts.savings, transaction_date: budget.end, description: 'Interest', deposit_amount: random.int(3500, 5200) });
  }

  month.templates.forEach((t, index) => {
    const allocation_id = month.allocationIds.get(`${budget.id}|${t.name}`)!;
    const spend = t.fixed ? t.amount : Math.round((t.amount * random.int(80, 110)) / 100);
    split(spend, t.count, random, t.fixed).forEach((amount, part) => {
      const date = t.fixed ? dateAt((index % 5) + part * 7) : dateAt(random.int(0, days));
      if (!happened(date) || amount <= 0) return;
      const merchant = random.pick(t.merchants);
      if (t.route === 'savings') {
        add({ bank_account_id: accounts.current, transaction_date: date, description: merchant, withdrawal_amount: amount, allocation_id });
        add({ bank_account_id: accounts.savings, transaction_date: date, description: `Transfer from Household Current - ${t.name}`, deposit_amount: amount });
      } else if (t.route.startsWith('sink:')) {
        const envelope = t.route.slice('sink:'.length);
        add({ bank_account_id: accounts.current, transaction_date: date, description: `${merchant} - ${envelope}`, withdrawal_amount: amount, allocation_id });
        add({ bank_account_id: accounts.sink, transaction_date: date, description: `Deposit - ${envelope}`, deposit_amount: amount, sink_fund_allocation_id: accounts.envelopes.get(envelope)! });
      } else if (t.route === 'card' || (t.route === 'mixed' && random.next() < 0.5)) {
        cardCharges += amount;
        add({ bank_account_id: accounts.card, transaction_date: date, description: merchant, withdrawal_amount: amount, allocation_id, status: cardStatus });
      } else {
        add({ bank_account_id: accounts.current, transaction_date: date, description: merchant, withdrawal_amount: amount, allocation_id });
      }
    });
  });

  if (month.daily) cardCharges += dailyEntries(month, budget, happened, cardStatus);

  // Envelopes get spent now and then, straight from the sink-fund account.
  const monthNumber = Number(budget.start.slice(5, 7));
  const sinkSpending: [string, string, Cents, boolean][] = [
    ['Car Maintenance', 'City Motors - annual service', 42000, monthNumber % 6 === 3],
    ['Christmas', 'Christmas shopping', 98000, monthNumber === 12],
    ['Holiday', 'Seaside Cottage booking', 210000, monthNumber === 7],
    ['Insurance Renewal', 'SafeHome Insurance - annual renewal', 84000, monthNumber === 9],
  ];
  for (const [envelope, description, amount, due] of sinkSpending) {
    const date = dateAt(random.int(5, days));
    if (due && happened(date)) {
      add({ bank_account_id: accounts.sink, transaction_date: date, description, withdrawal_amount: amount, sink_fund_allocation_id: accounts.envelopes.get(envelope)! });
    }
  }
  return cardCharges;
}

/**
 * A household that imports every account: small purchases on the current account and the card on most days,
 * and a round-up into savings on most days (a withdrawal from the current account and a deposit). About 4.3
 * rows a day, on top of the month's allocations. Returns the card charges.
 */
function dailyEntries(month: MonthContext, budget: DemoBudget, happened: (date: DateOnly) => boolean, cardStatus: 'paid' | 'unpaid'): Cents {
  const { ledger, accounts, random } = month;
  const everyday = month.templates.filter((t) => !t.fixed && (t.route === 'card' || t.route === 'mixed' || t.route === 'current'));
  let cardCharges = 0;
  for (let offset = 0; offset <= daysBetween(budget.start, budget.end); offset++) {
    const date = addDays(budget.start, offset);
    if (!happened(date)) break;
    const purchase = () => {
      const t = random.pick(everyday);
      return { transaction_date: date, description: random.pick(t.merchants), withdrawal_amount: random.int(250, 4500), allocation_id: month.allocationIds.get(`${budget.id}|${t.name}`)! };
    };
    if (random.next() < 0.9) for (let n = random.int(1, 3); n > 0; n--) ledger.add({ bank_account_id: accounts.current, ...purchase() });
    if (random.next() < 0.8) {
      for (let n = random.int(1, 2); n > 0; n--) {
        const charge = { bank_account_id: accounts.card, ...purchase(), status: cardStatus };
        cardCharges += charge.withdrawal_amount;
        ledger.add(charge);
      }
    }
    if (random.next() < 0.65) {
      const amount = random.int(100, 900);
      ledger.add({ bank_account_id: accounts.current, transaction_date: date, description: 'Round-up to Rainy Day Savings', withdrawal_amount: amount });
      ledger.add({ bank_account_id: accounts.savings, transaction_date: date, description: 'Round-up from Household Current', deposit_amount: amount });
    }
  }
  return cardCharges;
}
