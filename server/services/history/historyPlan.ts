import { addDays } from '../../../src/shared/dates';
import type { HistoryPreview, UnmappedRow } from '../../../src/shared/schemas/history';
import { HttpError, unprocessable } from '../../errors';
import { periodStarting } from '../budgets/periods';
import type { HistoryAccount, HistoryData, HistoryTransaction } from './historyData';

interface PlannedAllocation {
  group: string;
  name: string;
  amount: number;
}

export interface PlannedBudget {
  month: string;
  start: string;
  end: string;
  name: string;
  allocations: PlannedAllocation[];
  incomes: Array<{ name: string; account: string; amount: number }>;
}

export interface PlacedTransaction {
  transaction: HistoryTransaction;
  /** The key of its month's allocation (`group\u0000name`), or null. */
  allocation: string | null;
}

/** What an import of the files creates: the preview shows it, the import writes it. */
export interface HistoryPlan {
  source: HistoryData['source'];
  title: string;
  groups: string[];
  budgets: PlannedBudget[];
  accounts: Array<HistoryAccount & { openingDate: string }>;
  placed: PlacedTransaction[];
  unmapped: UnmappedRow[];
}

export const allocationKey = (group: string, name: string) => `${group}\u0000${name}`;
const monthOf = (date: string) => date.slice(0, 7);
const PREVIEW_ROWS = 200;

/** The value of `key` in `map`, made by `make` the first time it is asked for. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** A month whose budget could not exist (the day before or after it is no date) is refused, as on Budgets. */
function budgetPeriod(start: string, firstRow: string) {
  try {
    return periodStarting(start);
  } catch (error) {
    throw error instanceof HttpError ? unprocessable(`${error.errors[0]}: ${firstRow} would need a budget starting ${start}.`) : error;
  }
}

/**
 * Decides what will be created: a budget for every month the files cover, the month's assigned amounts as its
 * allocations (a category with nothing assigned gets a line only when money was spent on it that month), its
 * income as incomes, and each transaction placed on its month's line of its category. Every step is one pass
 * over the rows (maps by month, by line, by account), so the plan takes time in proportion to the files, however
 * many accounts, months or categories they name.
 */
export function planHistory(data: HistoryData): HistoryPlan {
  const byMonth = new Map<string, { lines: Map<string, PlannedAllocation>; incomes: Map<string, PlannedBudget['incomes'][number]>; firstRow: string }>();
  const month = (key: string, row: string) => entry(byMonth, key, () => ({ lines: new Map(), incomes: new Map(), firstRow: row }));
  const spentIn = new Set<string>();
  for (const t of data.transactions) {
    const lines = month(monthOf(t.date), `${t.origin}, dated ${t.date}`);
    if (t.category) spentIn.add(`${monthOf(t.date)}\u0000${allocationKey(t.category.group, t.category.name)}`);
    if (t.incomeName !== null) {
      const income = entry(lines.incomes, `${t.incomeName}\u0000${t.account}`, () => ({ name: t.incomeName!, account: t.account, amount: 0 }));
      income.amount += t.deposit - t.withdrawal;
    }
  }
  for (const a of data.assignments) {
    const key = allocationKey(a.group, a.name);
    const { lines } = month(a.month, `the plan's month ${a.month}`);
    if (a.amount === 0 && !spentIn.has(`${a.month}\u0000${key}`)) continue;
    entry(lines, key, () => ({ group: a.group, name: a.name, amount: 0 })).amount += a.amount;
  }
  const budgets: PlannedBudget[] = [...byMonth.keys()].sort().map((key) => {
    const start = `${key}-01`;
    const { lines, incomes, firstRow } = byMonth.get(key)!;
    const period = budgetPeriod(start, firstRow);
    return { month: key, start, end: period.end_date, name: period.name, allocations: [...lines.values()], incomes: [...incomes.values()] };
  });

  const unmapped: UnmappedRow[] = [...data.skipped];
  const placed = data.transactions.map((transaction): PlacedTransaction => {
    if (!transaction.category) return { transaction, allocation: null };
    const key = allocationKey(transaction.category.group, transaction.category.name);
    if (byMonth.get(monthOf(transaction.date))!.lines.has(key)) return { transaction, allocation: key };
    unmapped.push({
      date: transaction.date,
      account: transaction.account,
      description: transaction.description,
      category: `${transaction.category.group}: ${transaction.category.name}`,
      reason: 'its category has no line in that month’s plan: it comes in without an allocation',
    });
    return { transaction, allocation: null };
  });
  const groups = [...new Set(budgets.flatMap((b) => b.allocations.map((a) => a.group)))].sort((a, b) => a.localeCompare(b));
  const firstDates = new Map<string, string>();
  for (const t of data.transactions) {
    const first = firstDates.get(t.account);
    if (first === undefined || t.date < first) firstDates.set(t.account, t.date);
  }
  const accounts = data.accounts.map((account) => {
    const candidates = [account.firstDate, firstDates.get(account.name)].filter((date): date is string => Boolean(date)).sort();
    const first = candidates[0] ?? budgets[0]?.start ?? '2000-01-01';
    return { ...account, openingDate: addDays(first, -1) };
  });
  return { source: data.source, title: data.title, groups, budgets, accounts, placed, unmapped };
}

export function previewOf(plan: HistoryPlan): HistoryPreview {
  const perAccount = new Map<string, number>();
  let mapped = 0;
  for (const { transaction, allocation } of plan.placed) {
    perAccount.set(transaction.account, (perAccount.get(transaction.account) ?? 0) + 1);
    if (allocation !== null) mapped++;
  }
  return {
    source: plan.source,
    title: plan.title,
    allocation_categories: plan.groups,
    budgets: plan.budgets.map((b) => ({
      month: b.month,
      name: b.name,
      allocations: b.allocations.length,
      allocated: b.allocations.reduce((sum, a) => sum + a.amount, 0),
      incomes: b.incomes.length,
    })),
    accounts: plan.accounts.map((a) => ({ name: a.name, opening_balance: a.openingBalance, opening_date: a.openingDate, transactions: perAccount.get(a.name) ?? 0 })),
    transactions: plan.placed.length,
    mapped_transactions: mapped,
    unmapped_count: plan.unmapped.length,
    unmapped: plan.unmapped.slice(0, PREVIEW_ROWS),
  };
}
