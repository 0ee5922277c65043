import type { Kysely } from 'kysely';
import { addDays, addMonths, type DateOnly, today as todayIn } from '../../src/shared/dates';
import { inChunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { HouseholdScope } from '../db/scope';
import { unprocessable } from '../errors';
import { settleCheckpoints } from '../services/budgets/accountCheckpoints';
import { insertUser, prepareUser } from '../services/households';
import { getSettings, saveSettings } from '../services/settings';
import { insertDemoAccounts } from './accounts';
import { insertDemoBudgetLines, insertDemoBudgets, insertDemoCategories, insertDemoSpecialEvent } from './budgets';
import { spendMonth, transactionLedger } from './history';
import { randomSource } from './random';
import { allocationTemplates, PERSONAL } from './template';
import { fitPrimaryWindow } from './window';

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
  /**
   * Entries on most days in the current account, the card and savings, as a household that imports every
   * account has (about 70,000 transactions and 15,000 account-days over fifteen years instead of 45,000 and
   * 12,000): the scale benchmark's household.
   */
  dailyEntries?: boolean;
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
    const scope = new HouseholdScope(trx, householdId);
    const currentStart = `${today.slice(0, 8)}01`;
    // The accounts open the day before the first budget, so every demo transaction counts.
    const accounts = await insertDemoAccounts(trx, householdId, addDays(addMonths(currentStart, -pastCount), -1));
    const categories = await insertDemoCategories(trx, householdId, templates);
    const budgets = await insertDemoBudgets(trx, householdId, currentStart, pastCount, futureCount);
    const current = budgets[pastCount];
    const specialEventId = await insertDemoSpecialEvent(trx, householdId, addDays(current.start, 20));
    const allocationIds = await insertDemoBudgetLines(trx, householdId, {
      budgets, templates, categories, incomeAccountId: accounts.current, eventBudgetId: current.id, specialEventId,
    });

    const ledger = transactionLedger(householdId);
    const month = { ledger, accounts, templates, allocationIds, random, today, daily: options.dailyEntries };
    let cardCharges = 0;
    for (const budget of budgets.slice(0, pastCount + 1)) cardCharges = spendMonth(month, budget, budget.id === current.id, cardCharges);
    if (options.windowTransactions !== undefined) {
      fitPrimaryWindow(ledger, options.windowTransactions, {
        accountId: accounts.current,
        start: current.start,
        end: current.end,
        today,
        random,
        fillerAllocationIds: templates.filter((t) => !t.fixed && t.route !== 'savings').map((t) => allocationIds.get(`${current.id}|${t.name}`)!),
      });
    }
    await inChunks(ledger.rows, (chunk) => trx.insertInto('transactions').values(chunk).execute());

    // Checkpoints exactly as closing each past budget in turn would have left them.
    await settleCheckpoints(scope, addDays(current.start, -1));

    const { lock_version } = await getSettings(scope);
    await saveSettings(scope, {
      family_type: 'couple',
      husband: 'Alex',
      wife: 'Sam',
      single_person: 'Alex',
      primary_budget_account_id: accounts.current,
      default_allocation_category_id_for_special_events: categories.get(PERSONAL) ?? null,
      lock_version,
    });

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
      sinkFundAllocationIds: [...accounts.envelopes.values()],
      institutionIds: accounts.institutionIds,
      specialEventId,
      transactionCount: ledger.rows.length,
    };
  });
}
