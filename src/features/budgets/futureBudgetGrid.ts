import { budgetTotals, type BudgetTotals } from '../../shared/budgetMath';
import type { Cents } from '../../shared/money';
import type { FutureBudget } from '../../shared/schemas/budgets';
import type { AllocationCategory } from '../../shared/schemas/setup';
import { byName } from './budgetRows';
import type { MassUpdatePayload } from './budgetsApi';

/** One line's amount in one budget; id 0 where that budget has no such line. */
interface FutureCell {
  id: number;
  amount: Cents;
}

export interface FutureLine {
  name: string;
  /** One per budget, in the budgets' order. */
  cells: FutureCell[];
  bankAccountId: number | null;
}

interface FutureCategory {
  id: number;
  name: string;
  lines: FutureLine[];
  subtotals: Cents[];
}

interface FutureGrid {
  budgets: FutureBudget[];
  incomes: FutureLine[];
  categories: FutureCategory[];
  totals: BudgetTotals[];
}

interface Named {
  id: number;
  name: string;
  amount: Cents;
}

/** Lines matched across budgets by name (a repeated name within one budget adds up into the first id). */
function matchLines<T extends Named>(budgets: FutureBudget[], linesOf: (budget: FutureBudget) => T[], bankAccountOf: (line: T) => number | null): FutureLine[] {
  const byLineName = new Map<string, FutureLine>();
  budgets.forEach((budget, column) => {
    for (const line of linesOf(budget)) {
      let row = byLineName.get(line.name);
      if (!row) {
        row = { name: line.name, cells: budgets.map(() => ({ id: 0, amount: 0 })), bankAccountId: bankAccountOf(line) };
        byLineName.set(line.name, row);
      }
      const cell = row.cells[column];
      row.cells[column] = { id: cell.id || line.id, amount: cell.amount + line.amount };
    }
  });
  return [...byLineName.values()].sort(byName);
}

/**
 * Future Budgets as a grid: open budgets as columns (oldest first), incomes and allocations as rows matched by
 * name, allocations per category (every household category, so any can get a new line), with totals per budget.
 */
export function futureBudgetGrid(budgets: FutureBudget[], householdCategories: AllocationCategory[]): FutureGrid {
  const categoryNames = new Map<number, string>(householdCategories.map((category) => [category.id, category.name]));
  for (const budget of budgets) {
    for (const allocation of budget.allocations) {
      if (!categoryNames.has(allocation.allocation_category_id)) categoryNames.set(allocation.allocation_category_id, allocation.allocation_category.name);
    }
  }
  const categories = [...categoryNames.entries()]
    .map(([id, name]) => {
      const lines = matchLines(
        budgets,
        (budget) => budget.allocations.filter((allocation) => allocation.allocation_category_id === id),
        () => null,
      );
      const subtotals = budgets.map((_budget, column) => lines.reduce((sum, line) => sum + line.cells[column].amount, 0));
      return { id, name, lines, subtotals };
    })
    .sort(byName);
  return {
    budgets,
    incomes: matchLines(budgets, (budget) => budget.incomes, (income) => income.bank_account_id),
    categories,
    totals: budgets.map((budget) => budgetTotals(budget.incomes, budget.allocations.map((allocation) => ({ amount: allocation.amount, spent: 0 })))),
  };
}

/** What the mass-edit dialog edits: one line across every open budget. */
interface MassEditEntry {
  budgetId: number;
  budgetName: string;
  id: number;
  originalAmount: Cents;
  budgetIncome: Cents;
  /** The budget's allocations without this line. */
  otherAllocations: Cents;
}

export interface MassEditTarget {
  type: 'income' | 'allocation';
  /** Empty for a new line. */
  name: string;
  isNew: boolean;
  categoryId: number | null;
  bankAccountId: number | null;
  entries: MassEditEntry[];
}

export function massEditTarget(grid: FutureGrid, type: MassEditTarget['type'], line: FutureLine | null, categoryId: number | null = null): MassEditTarget {
  return {
    type,
    name: line?.name ?? '',
    isNew: line === null,
    categoryId,
    bankAccountId: line?.bankAccountId ?? null,
    entries: grid.budgets.map((budget, column) => {
      const cell = line?.cells[column] ?? { id: 0, amount: 0 };
      const totals = grid.totals[column];
      return {
        budgetId: budget.id,
        budgetName: budget.name,
        id: cell.id,
        originalAmount: cell.amount,
        budgetIncome: totals.income,
        otherAllocations: totals.allocated - (type === 'allocation' ? cell.amount : 0),
      };
    }),
  };
}

/** The mass-update body (product-spec §3): one amount entry per budget with the figures the dialog showed. */
export function massUpdatePayload(target: MassEditTarget, name: string, amounts: Cents[], choice: number | null): MassUpdatePayload {
  const allocation = target.type === 'allocation';
  return {
    type: target.type,
    name: name.trim(),
    ...(allocation ? { allocation_category_id: choice } : { bank_account_id: choice || null }),
    amounts: target.entries.map((entry, index) => ({
      id: entry.id,
      amount: amounts[index],
      budget_id: entry.budgetId,
      originalAmount: entry.originalAmount,
      ...(allocation ? { budgetIncome: entry.budgetIncome, totalBudgetAllocationsWithoutCurrent: entry.otherAllocations } : {}),
    })),
  };
}
