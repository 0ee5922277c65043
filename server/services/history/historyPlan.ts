import { addDays, budgetEndDate, budgetName } from '../../../src/shared/dates';
import type { HistoryPreview, UnmappedRow } from '../../../src/shared/schemas/history';

/** One row of the other tool's register, read into cents and a date. */
export interface HistoryTransaction {
  account: string;
  date: string;
  description: string;
  withdrawal: number;
  deposit: number;
  /** The category's group and name, or null for a transfer or an uncategorised row. */
  category: { group: string; name: string } | null;
  /** Money that arrived as income (YNAB's Ready to Assign, Actual's income categories): an income of its month. */
  incomeName: string | null;
  /** Unique within its account: the bank reference the row is stored with. */
  reference: string;
}

export interface HistoryAssignment {
  month: string;
  group: string;
  name: string;
  amount: number;
}

export interface HistoryAccount {
  name: string;
  openingBalance: number;
  /** The day of the other tool's starting balance (or of the first row); EveryCent's opening date is the day before. */
  firstDate: string | null;
  closed: boolean;
  offBudget: boolean;
}

/** What both readers make of their files: the other tool's history in EveryCent's terms. */
export interface HistoryData {
  source: 'ynab' | 'actual';
  title: string;
  accounts: HistoryAccount[];
  assignments: HistoryAssignment[];
  transactions: HistoryTransaction[];
  /** Rows the reader had to leave out altogether, with why. */
  skipped: UnmappedRow[];
}

interface PlannedAllocation {
  group: string;
  name: string;
  amount: number;
}

interface PlannedBudget {
  month: string;
  start: string;
  end: string;
  name: string;
  allocations: PlannedAllocation[];
  incomes: Array<{ name: string; account: string; amount: number }>;
}

export interface HistoryPlan {
  data: HistoryData;
  groups: string[];
  budgets: PlannedBudget[];
  accounts: Array<HistoryAccount & { openingDate: string }>;
  /** Each transaction with the key of its month's allocation (`group\u0000name`), or null. */
  placed: Array<{ transaction: HistoryTransaction; allocation: string | null }>;
  unmapped: UnmappedRow[];
}

export const allocationKey = (group: string, name: string) => `${group}\u0000${name}`;
const monthOf = (date: string) => date.slice(0, 7);
const PREVIEW_ROWS = 200;

/**
 * Decides what will be created: a budget for every month the files cover, the month's assigned amounts as its
 * allocations (a category with nothing assigned gets a line only when money was spent on it that month), its
 * income as incomes, and each transaction placed on its month's line of its category.
 */
export function planHistory(data: HistoryData): HistoryPlan {
  const months = new Set<string>([...data.assignments.map((a) => a.month), ...data.transactions.map((t) => monthOf(t.date))]);
  const spentIn = new Set(data.transactions.filter((t) => t.category).map((t) => `${monthOf(t.date)}\u0000${allocationKey(t.category!.group, t.category!.name)}`));
  const budgets: PlannedBudget[] = [...months].sort().map((month) => {
    const start = `${month}-01`;
    const end = budgetEndDate(start);
    const lines = new Map<string, PlannedAllocation>();
    for (const a of data.assignments) {
      if (a.month !== month) continue;
      const key = allocationKey(a.group, a.name);
      if (a.amount === 0 && !spentIn.has(`${month}\u0000${key}`)) continue;
      const line = lines.get(key) ?? { group: a.group, name: a.name, amount: 0 };
      line.amount += a.amount;
      lines.set(key, line);
    }
    const incomes = new Map<string, { name: string; account: string; amount: number }>();
    for (const t of data.transactions) {
      if (t.incomeName === null || monthOf(t.date) !== month) continue;
      const key = `${t.incomeName}\u0000${t.account}`;
      const income = incomes.get(key) ?? { name: t.incomeName, account: t.account, amount: 0 };
      income.amount += t.deposit - t.withdrawal;
      incomes.set(key, income);
    }
    return { month, start, end, name: budgetName(start, end), allocations: [...lines.values()], incomes: [...incomes.values()] };
  });
  const linesOf = new Map(budgets.map((b) => [b.month, new Set(b.allocations.map((a) => allocationKey(a.group, a.name)))]));
  const unmapped: UnmappedRow[] = [...data.skipped];
  const placed = data.transactions.map((transaction) => {
    if (!transaction.category) return { transaction, allocation: null };
    const key = allocationKey(transaction.category.group, transaction.category.name);
    if (linesOf.get(monthOf(transaction.date))?.has(key)) return { transaction, allocation: key };
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
  const accounts = data.accounts.map((account) => {
    const dates = data.transactions.filter((t) => t.account === account.name).map((t) => t.date);
    const first = [...(account.firstDate ? [account.firstDate] : []), ...dates].sort()[0] ?? budgets[0]?.start;
    return { ...account, openingDate: addDays(first ?? '2000-01-01', -1) };
  });
  return { data, groups, budgets, accounts, placed, unmapped };
}

export function previewOf(plan: HistoryPlan): HistoryPreview {
  return {
    source: plan.data.source,
    title: plan.data.title,
    allocation_categories: plan.groups,
    budgets: plan.budgets.map((b) => ({
      month: b.month,
      name: b.name,
      allocations: b.allocations.length,
      allocated: b.allocations.reduce((sum, a) => sum + a.amount, 0),
      incomes: b.incomes.length,
    })),
    accounts: plan.accounts.map((a) => ({
      name: a.name,
      opening_balance: a.openingBalance,
      opening_date: a.openingDate,
      transactions: plan.placed.filter((p) => p.transaction.account === a.name).length,
    })),
    transactions: plan.placed.length,
    mapped_transactions: plan.placed.filter((p) => p.allocation !== null).length,
    unmapped_count: plan.unmapped.length,
    unmapped: plan.unmapped.slice(0, PREVIEW_ROWS),
  };
}
