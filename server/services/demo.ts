import type { Kysely } from 'kysely';
import { addDays, addMonths, budgetEndDate, budgetName, type DateOnly, isWithin, today as todayIn } from '../../src/shared/dates';
import type { Cents } from '../../src/shared/money';
import type { AllocationClass } from '../../src/shared/schemas/budgets';
import type { Database, NewTransaction } from '../db/schema';
import { unprocessable } from '../errors';
import { insertUser, prepareUser } from './households';

/**
 * A demo household with about a year of realistic history: closed monthly budgets whose account checkpoints
 * are exactly what closing them would have produced, the current budget open with this month's spending so
 * far, and two future budgets already planned. Benchmarks import `seedDemoHousehold` to get a known data set.
 */

export interface DemoOptions {
  householdName: string;
  email: string;
  password: string;
  /** the demo user's display name */
  name?: string;
  /** every budget gets exactly this many allocations (the template has 44) */
  allocationsPerBudget?: number;
  /** the primary account's window in the current budget holds exactly this many transactions */
  windowTransactions?: number;
  /** 'YYYY-MM-DD'; defaults to today in TZ (UTC when unset) */
  today?: DateOnly;
  /** closed budgets before the current one (default 12) */
  pastBudgets?: number;
  /** open budgets after the current one (default 2) */
  futureBudgets?: number;
}

export interface DemoHousehold {
  householdId: number;
  userId: number;
  /** oldest first */
  budgetIds: number[];
  closedBudgetIds: number[];
  currentBudgetId: number;
  futureBudgetIds: number[];
  primaryAccountId: number;
  savingsAccountId: number;
  creditCardAccountId: number;
  sinkFundAccountId: number;
  allocationCategoryIds: number[];
  sinkFundAllocationIds: number[];
  institutionIds: number[];
  specialEventId: number;
  transactionCount: number;
}

type Route = 'current' | 'card' | 'mixed' | 'savings' | `sink:${string}`;

interface AllocationTemplate {
  category: string;
  name: string;
  amount: Cents;
  allocation_class: AllocationClass;
  fixed: boolean;
  /** transactions a month */
  count: number;
  route: Route;
  merchants: string[];
}

const line = (
  category: string,
  name: string,
  amount: Cents,
  allocation_class: AllocationClass,
  fixed: boolean,
  count: number,
  route: Route,
  merchants: string[],
): AllocationTemplate => ({ category, name, amount, allocation_class, fixed, count, route, merchants });

const HOUSING = 'Housing';
const UTILITIES = 'Utilities';
const GROCERIES = 'Groceries & Household';
const TRANSPORT = 'Transport';
const HEALTH = 'Health & Insurance';
const CHILDREN = 'Children';
const PERSONAL = 'Personal & Entertainment';
const SAVINGS = 'Savings & Investments';
export const DEMO_CATEGORIES = [HOUSING, UTILITIES, GROCERIES, TRANSPORT, HEALTH, CHILDREN, PERSONAL, SAVINGS];

const SINK_ENVELOPES: { name: string; target: Cents }[] = [
  { name: 'Car Maintenance', target: 150000 },
  { name: 'Christmas', target: 120000 },
  { name: 'Holiday', target: 300000 },
  { name: 'Insurance Renewal', target: 90000 },
];

const TEMPLATE: AllocationTemplate[] = [
  line(HOUSING, 'Mortgage', 185000, 'need', true, 1, 'current', ['Harbour Home Loans']),
  line(GROCERIES, 'Groceries', 110000, 'need', false, 40, 'mixed', ['FreshMart', 'Green Grocer', 'Costwise Wholesale', 'Corner Deli', 'Baker Street Bakery']),
  line(TRANSPORT, 'Fuel', 28000, 'need', false, 10, 'card', ['Shell', 'BP', 'Caltex']),
  line(UTILITIES, 'Electricity', 14000, 'need', false, 1, 'current', ['City Power']),
  line(PERSONAL, 'Dining out', 25000, 'want', false, 14, 'card', ['Luigi Trattoria', 'Spice Route', 'The Grill House', 'Sushi Go']),
  line(CHILDREN, 'Childcare', 95000, 'need', true, 1, 'current', ['Little Stars Daycare']),
  line(SAVINGS, 'Emergency fund', 50000, 'savings', true, 1, 'savings', ['Transfer to Rainy Day Savings']),
  line(HEALTH, 'Health insurance', 32000, 'need', true, 1, 'current', ['MedCover']),
  line(UTILITIES, 'Internet', 7999, 'need', true, 1, 'current', ['FibreNet']),
  line(TRANSPORT, 'Car loan', 42000, 'need', true, 1, 'current', ['AutoFinance']),
  line(PERSONAL, 'Coffee', 5000, 'want', false, 30, 'card', ['Bean There', 'Daily Grind', 'Kiosk Coffee']),
  line(SAVINGS, 'Retirement top-up', 40000, 'savings', true, 1, 'savings', ['Transfer to Rainy Day Savings']),
  line(GROCERIES, 'Household supplies', 12000, 'need', false, 8, 'card', ['HomeStore', 'Costwise Wholesale']),
  line(HOUSING, 'Home insurance', 9500, 'need', true, 1, 'current', ['SafeHome Insurance']),
  line(CHILDREN, 'School fees', 30000, 'need', true, 1, 'current', ['Riverside Primary']),
  line(PERSONAL, 'Takeaway', 12000, 'want', false, 10, 'card', ['Pizza Palace', 'Wok Express', 'Burger Barn']),
  line(UTILITIES, 'Water', 6000, 'need', false, 1, 'current', ['Metro Water']),
  line(TRANSPORT, 'Car insurance', 11500, 'need', true, 1, 'current', ['DriveSure']),
  line(SAVINGS, 'Holiday fund', 25000, 'savings', true, 1, 'sink:Holiday', ['Transfer to Sink Fund']),
  line(HEALTH, 'Doctor & dentist', 9000, 'need', false, 2, 'current', ['Family Clinic', 'Bright Smile Dental']),
  line(CHILDREN, 'Kids activities', 12000, 'want', false, 4, 'current', ['Swim School', 'Junior Football Club']),
  line(PERSONAL, 'Clothing', 15000, 'want', false, 3, 'card', ['Urban Threads', 'Denim Co']),
  line(UTILITIES, 'Gas', 5500, 'need', false, 1, 'current', ['City Gas']),
  line(HOUSING, 'Property tax', 21000, 'need', true, 1, 'current', ['City Council']),
  line(GROCERIES, 'Pharmacy', 6000, 'need', false, 3, 'mixed', ['Wellness Pharmacy']),
  line(TRANSPORT, 'Public transport', 6000, 'need', false, 16, 'current', ['Metro Transit']),
  line(SAVINGS, 'Car maintenance fund', 10000, 'savings', true, 1, 'sink:Car Maintenance', ['Transfer to Sink Fund']),
  line(HEALTH, 'Life insurance', 8500, 'need', true, 1, 'current', ['LifeGuard Assurance']),
  line(UTILITIES, 'Mobile phones', 9000, 'need', true, 2, 'current', ['TelcoOne']),
  line(CHILDREN, 'Kids clothing', 8000, 'want', false, 2, 'card', ['Tiny Threads']),
  line(PERSONAL, 'Hobbies', 8000, 'want', false, 3, 'card', ['Craft Corner', 'Guitar World']),
  line(HOUSING, 'Home maintenance', 15000, 'need', false, 3, 'mixed', ['Hardware Depot', 'Handy Plumbing']),
  line(SAVINGS, 'Christmas fund', 10000, 'savings', true, 1, 'sink:Christmas', ['Transfer to Sink Fund']),
  line(HEALTH, 'Gym membership', 7800, 'want', true, 2, 'card', ['FitLife Gym']),
  line(TRANSPORT, 'Parking & tolls', 4000, 'want', false, 8, 'card', ['CityPark', 'Toll Road']),
  line(PERSONAL, 'Books & games', 5000, 'want', false, 3, 'card', ['Page Turners', 'Game Vault']),
  line(CHILDREN, 'Pocket money', 4000, 'want', false, 8, 'current', ['Cash withdrawal']),
  line(UTILITIES, 'Streaming services', 4297, 'want', true, 3, 'card', ['StreamFlix', 'TuneBox', 'KidsTV']),
  line(PERSONAL, 'Haircuts', 6000, 'want', false, 2, 'current', ['Sharp Cuts']),
  line(SAVINGS, 'Insurance renewal fund', 7500, 'savings', true, 1, 'sink:Insurance Renewal', ['Transfer to Sink Fund']),
  line(HOUSING, 'Furniture & decor', 8000, 'want', false, 1, 'card', ['Nordic Living']),
  line(PERSONAL, 'Gifts & celebrations', 10000, 'want', false, 2, 'card', ['Gift Box', 'Party Supplies']),
  line(PERSONAL, 'Work lunches', 9000, 'want', false, 20, 'current', ['Deli Express', 'Salad Bar', 'Noodle House']),
  line(PERSONAL, 'Charity', 5000, 'want', true, 1, 'current', ['Food Bank donation']),
];

const INCOMES = [
  { name: "Alex's salary", amount: 560000, payer: 'Northwind Traders - salary' },
  { name: "Sam's salary", amount: 470000, payer: 'Riverside Hospital - salary' },
];

const FILLER_MERCHANTS = ['Corner Shop', 'Vending machine', 'Farmers Market', 'Newsagent', 'Bakery'];
const CHUNK_ROWS = 1000;

/** Deterministic pseudo-random numbers (mulberry32) so every demo household looks the same. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)],
  };
}
type Random = ReturnType<typeof randomSource>;

/** `total` split into `count` positive parts that add up exactly. */
function split(total: Cents, count: number, random: Random, even: boolean): Cents[] {
  if (count <= 1) return [total];
  const weights = Array.from({ length: count }, () => (even ? 1 : 0.4 + random.next()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(1, Math.floor((total * w) / sum)));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

function allocationTemplates(count: number | undefined): AllocationTemplate[] {
  if (count === undefined) return TEMPLATE;
  if (!Number.isInteger(count) || count < 1) throw unprocessable('allocations must be a whole number of at least 1');
  if (count <= TEMPLATE.length) return TEMPLATE.slice(0, count);
  const extras = Array.from({ length: count - TEMPLATE.length }, (_, i) => {
    const category = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length];
    return line(category, `${category} item ${i + 1}`, 1000 + ((i * 737) % 4000), i % 3 === 0 ? 'need' : 'want', i % 4 === 0, 1, 'current', [
      `${category} shop`,
    ]);
  });
  return [...TEMPLATE, ...extras];
}

const firstOfMonth = (date: DateOnly) => `${date.slice(0, 8)}01`;
/** Whole days from `from` to `to`; ISO date-only strings parse as UTC midnight, so no zone can skew this. */
const daysBetween = (from: DateOnly, to: DateOnly) => Math.round((Date.parse(to) - Date.parse(from)) / 86400000);

async function insertInChunks(trx: Kysely<Database>, rows: NewTransaction[]) {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await trx.insertInto('transactions').values(rows.slice(i, i + CHUNK_ROWS)).execute();
  }
}

export async function seedDemoHousehold(db: Kysely<Database>, options: DemoOptions): Promise<DemoHousehold> {
  const today = options.today ?? todayIn(process.env.TZ || 'UTC');
  const pastCount = options.pastBudgets ?? 12;
  const futureCount = options.futureBudgets ?? 2;
  const templates = allocationTemplates(options.allocationsPerBudget);
  if (options.windowTransactions !== undefined && (!Number.isInteger(options.windowTransactions) || options.windowTransactions < 0)) {
    throw unprocessable('window transactions must be a whole number');
  }
  const user = await prepareUser({ householdName: options.householdName, email: options.email, password: options.password, name: options.name ?? 'Alex' });
  const random = randomSource(20260101);

  return db.transaction().execute(async (trx) => {
    const { userId, householdId } = await insertUser(trx, user, { newHousehold: true });
    const household_id = householdId;
    const idOf = async (query: { executeTakeFirstOrThrow(): Promise<{ id: number }> }) => (await query.executeTakeFirstOrThrow()).id;
    const bank = await idOf(trx.insertInto('institutions').values({ household_id, name: 'First National Bank' }).returning('id'));
    const creditUnion = await idOf(trx.insertInto('institutions').values({ household_id, name: 'Harbour Credit Union' }).returning('id'));
    const cardIssuer = await idOf(trx.insertInto('institutions').values({ household_id, name: 'Summit Card Services' }).returning('id'));

    // The accounts open the day before the first budget, so every demo transaction counts.
    const opening_date = addDays(addMonths(firstOfMonth(today), -pastCount), -1);
    const accounts = {
      current: await idOf(trx.insertInto('bank_accounts').values({
        household_id, name: 'Household Current', institution_id: bank, account_type: 'normal', account_category: 'current',
        is_cash: 1, account_no: '0123-456789', opening_date, opening_balance: 350000, import_format: 'csv',
      }).returning('id')),
      savings: await idOf(trx.insertInto('bank_accounts').values({
        household_id, name: 'Rainy Day Savings', institution_id: creditUnion, account_type: 'normal', account_category: 'asset',
        is_cash: 1, account_no: '7788-001122', opening_date, opening_balance: 1500000,
      }).returning('id')),
      card: await idOf(trx.insertInto('bank_accounts').values({
        household_id, name: 'Visa Platinum', institution_id: cardIssuer, account_type: 'credit_card', account_category: 'liability',
        is_cash: 1, account_no: '4111-XXXX-XXXX-1234', opening_date, opening_balance: 0, statement_day: 20, payment_due_day: 15,
      }).returning('id')),
      sink: await idOf(trx.insertInto('bank_accounts').values({
        household_id, name: 'Sink Fund', institution_id: creditUnion, account_type: 'sink_fund', account_category: 'asset',
        is_cash: 1, account_no: '7788-003344', opening_date, opening_balance: 200000,
      }).returning('id')),
    };
    const openingBalances = new Map([
      [accounts.current, 350000],
      [accounts.savings, 1500000],
      [accounts.card, 0],
      [accounts.sink, 200000],
    ]);

    const envelopes = new Map<string, number>();
    for (const envelope of SINK_ENVELOPES) {
      envelopes.set(
        envelope.name,
        await idOf(trx.insertInto('sink_fund_allocations').values({ household_id, bank_account_id: accounts.sink, name: envelope.name, amount: envelope.target }).returning('id')),
      );
    }

    const categories = new Map<string, number>();
    for (const name of [...new Set(templates.map((t) => t.category))].sort()) {
      categories.set(name, await idOf(trx.insertInto('allocation_categories').values({ household_id, name }).returning('id')));
    }

    const currentStart = firstOfMonth(today);
    const starts = Array.from({ length: pastCount + 1 + futureCount }, (_, i) => addMonths(currentStart, i - pastCount));
    const budgets: { id: number; start: DateOnly; end: DateOnly; closed: boolean }[] = [];
    for (const start of starts) {
      const end = budgetEndDate(start);
      const closed = start < currentStart;
      const id = await idOf(trx.insertInto('budgets').values({ household_id, name: budgetName(start, end), start_date: start, end_date: end, status: closed ? 'closed' : 'open' }).returning('id'));
      budgets.push({ id, start, end, closed });
    }
    const current = budgets[pastCount];

    const specialEventId = await idOf(trx.insertInto('special_events').values({
      household_id, name: "Sam's 40th birthday", budget_amount: 60000, start_date: addDays(current.start, 20),
    }).returning('id'));

    await trx
      .insertInto('incomes')
      .values(budgets.flatMap((b) => INCOMES.map((income) => ({ household_id, budget_id: b.id, name: income.name, amount: income.amount, bank_account_id: accounts.current, comment: null }))))
      .execute();

    const allocationRows = budgets.flatMap((b) =>
      templates.map((t) => ({
        household_id,
        budget_id: b.id,
        allocation_category_id: categories.get(t.category)!,
        name: t.name,
        amount: t.amount,
        allocation_class: t.allocation_class,
        is_fixed_amount: t.fixed ? 1 : 0,
        comment: t.fixed ? 'Fixed monthly amount' : null,
        special_event_id: b.id === current.id && t.name === 'Gifts & celebrations' ? specialEventId : null,
      })),
    );
    for (let i = 0; i < allocationRows.length; i += CHUNK_ROWS) {
      await trx.insertInto('allocations').values(allocationRows.slice(i, i + CHUNK_ROWS)).execute();
    }
    // Ids by (budget, name): names are unique within a budget, and this avoids relying on RETURNING order.
    const allocationIds = new Map(
      (await trx.selectFrom('allocations').select(['id', 'budget_id', 'name']).where('household_id', '=', household_id).execute()).map((a) => [
        `${a.budget_id}|${a.name}`,
        a.id,
      ]),
    );

    let sequence = 0;
    const rows: NewTransaction[] = [];
    const add = (row: Pick<NewTransaction, 'bank_account_id' | 'transaction_date' | 'description'> & Partial<NewTransaction>) => {
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

    let previousCardCharges = 0;
    for (const budget of budgets.filter((b) => b.start <= currentStart)) {
      const isCurrent = budget.id === current.id;
      const days = daysBetween(budget.start, budget.end);
      const dateAt = (offset: number) => addDays(budget.start, Math.min(days, Math.max(0, offset)));
      const happened = (date: DateOnly) => !isCurrent || date <= today;
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
      const interestDate = budget.end;
      if (happened(interestDate)) {
        add({ bank_account_id: accounts.savings, transaction_date: interestDate, description: 'Interest', deposit_amount: random.int(3500, 5200) });
      }

      templates.forEach((t, index) => {
        const allocation_id = allocationIds.get(`${budget.id}|${t.name}`)!;
        const spend = t.fixed ? t.amount : Math.round((t.amount * random.int(80, 110)) / 100);
        const parts = split(spend, t.count, random, t.fixed);
        parts.forEach((amount, part) => {
          const date = t.fixed ? dateAt((index % 5) + part * 7) : dateAt(random.int(0, days));
          if (!happened(date) || amount <= 0) return;
          const merchant = random.pick(t.merchants);
          if (t.route === 'savings') {
            add({ bank_account_id: accounts.current, transaction_date: date, description: merchant, withdrawal_amount: amount, allocation_id });
            add({ bank_account_id: accounts.savings, transaction_date: date, description: `Transfer from Household Current - ${t.name}`, deposit_amount: amount });
          } else if (t.route.startsWith('sink:')) {
            const envelope = t.route.slice('sink:'.length);
            add({ bank_account_id: accounts.current, transaction_date: date, description: `${merchant} - ${envelope}`, withdrawal_amount: amount, allocation_id });
            add({ bank_account_id: accounts.sink, transaction_date: date, description: `Deposit - ${envelope}`, deposit_amount: amount, sink_fund_allocation_id: envelopes.get(envelope)! });
          } else if (t.route === 'card' || (t.route === 'mixed' && random.next() < 0.5)) {
            cardCharges += amount;
            add({ bank_account_id: accounts.card, transaction_date: date, description: merchant, withdrawal_amount: amount, allocation_id, status: cardStatus });
          } else {
            add({ bank_account_id: accounts.current, transaction_date: date, description: merchant, withdrawal_amount: amount, allocation_id });
          }
        });
      });

      // Envelopes get spent now and then, straight from the sink-fund account.
      const month = Number(budget.start.slice(5, 7));
      const sinkSpending: [string, string, Cents, boolean][] = [
        ['Car Maintenance', 'City Motors - annual service', 42000, month % 6 === 3],
        ['Christmas', 'Christmas shopping', 98000, month === 12],
        ['Holiday', 'Seaside Cottage booking', 210000, month === 7],
        ['Insurance Renewal', 'SafeHome Insurance - annual renewal', 84000, month === 9],
      ];
      for (const [envelope, description, amount, due] of sinkSpending) {
        const date = dateAt(random.int(5, days));
        if (due && happened(date)) {
          add({ bank_account_id: accounts.sink, transaction_date: date, description, withdrawal_amount: amount, sink_fund_allocation_id: envelopes.get(envelope)! });
        }
      }
      previousCardCharges = cardCharges;
    }

    if (options.windowTransactions !== undefined) {
      fitPrimaryWindow(rows, options.windowTransactions, {
        accountId: accounts.current,
        start: current.start,
        end: current.end,
        today,
        random,
        fillerAllocationIds: templates.filter((t) => !t.fixed && t.route !== 'savings').map((t) => allocationIds.get(`${current.id}|${t.name}`)!),
        add,
      });
    }

    await insertInChunks(trx, rows);

    // Checkpoints exactly as closing each past budget in turn would have left them.
    const closingDate = addDays(current.start, -1);
    const net = new Map<number, Cents>();
    for (const row of rows) {
      if (row.transaction_date > closingDate) continue;
      net.set(row.bank_account_id, (net.get(row.bank_account_id) ?? 0) + (row.deposit_amount ?? 0) - (row.withdrawal_amount ?? 0));
    }
    for (const [accountId, opening] of openingBalances) {
      await trx
        .updateTable('bank_accounts')
        .set({ closing_balance: opening + (net.get(accountId) ?? 0), closing_date: closingDate })
        .where('id', '=', accountId)
        .execute();
    }

    await trx
      .insertInto('settings')
      .values({
        household_id,
        family_type: 'couple',
        husband: 'Alex',
        wife: 'Sam',
        single_person: 'Alex',
        primary_budget_account_id: accounts.current,
        default_allocation_category_id_for_special_events: categories.get(PERSONAL) ?? null,
      })
      .execute();

    return {
      householdId,
      userId,
      budgetIds: budgets.map((b) => b.id),
      closedBudgetIds: budgets.filter((b) => b.closed).map((b) => b.id),
      currentBudgetId: current.id,
      futureBudgetIds: budgets.slice(pastCount + 1).map((b) => b.id),
      primaryAccountId: accounts.current,
      savingsAccountId: accounts.savings,
      creditCardAccountId: accounts.card,
      sinkFundAccountId: accounts.sink,
      allocationCategoryIds: [...categories.values()],
      sinkFundAllocationIds: [...envelopes.values()],
      institutionIds: [bank, creditUnion, cardIssuer],
      specialEventId,
      transactionCount: rows.length,
    };
  });
}

interface WindowFit {
  accountId: number;
  start: DateOnly;
  end: DateOnly;
  today: DateOnly;
  random: Random;
  fillerAllocationIds: number[];
  add: (row: Pick<NewTransaction, 'bank_account_id' | 'transaction_date' | 'description'> & Partial<NewTransaction>) => NewTransaction;
}

/** Makes the primary account's current window hold exactly `target` rows: small everyday purchases, or fewer rows. */
function fitPrimaryWindow(rows: NewTransaction[], target: number, fit: WindowFit) {
  const inWindow = (row: NewTransaction) => row.bank_account_id === fit.accountId && isWithin(row.transaction_date, fit.start, fit.end);
  let count = rows.filter(inWindow).length;
  const lastDay = fit.today < fit.start ? fit.start : fit.today > fit.end ? fit.end : fit.today;
  const span = daysBetween(fit.start, lastDay);
  while (count < target) {
    fit.add({
      bank_account_id: fit.accountId,
      transaction_date: addDays(fit.start, fit.random.int(0, span)),
      description: fit.random.pick(FILLER_MERCHANTS),
      withdrawal_amount: fit.random.int(150, 2500),
      allocation_id: fit.fillerAllocationIds.length ? fit.random.pick(fit.fillerAllocationIds) : null,
    });
    count += 1;
  }
  // Too many: drop the rows generated last (each month's salaries were generated first, so they stay).
  for (let i = rows.length - 1; i >= 0 && count > target; i -= 1) {
    if (inWindow(rows[i])) {
      rows.splice(i, 1);
      count -= 1;
    }
  }
}
