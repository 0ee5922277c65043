import { budgetTotals, remaining } from '../../shared/budgetMath';
import type { Cents } from '../../shared/money';
import type { Budget, UpdateBudgetBody } from '../../shared/schemas/budgets';

/** Where the money to cover an overspent allocation comes from: another allocation, or the income not yet allocated. */
type CoverSource = { kind: 'allocation'; id: number } | { kind: 'unallocated' };

interface CoverChoice {
  source: CoverSource;
  label: string;
  /** What it can give without going below zero itself. */
  available: Cents;
}

/** The other allocations with money remaining, most first, then Unallocated when there is some. */
export function coverChoices(budget: Budget, targetId: number): CoverChoice[] {
  const choices: CoverChoice[] = budget.allocations
    .filter((line) => line.id !== targetId && remaining(line.amount, line.spent) > 0)
    .map((line) => ({ source: { kind: 'allocation' as const, id: line.id }, label: line.name, available: remaining(line.amount, line.spent) }))
    .sort((a, b) => b.available - a.available || a.label.localeCompare(b.label));
  const unallocated = budgetTotals(budget.incomes, budget.allocations).discretionary;
  if (unallocated > 0) choices.push({ source: { kind: 'unallocated' }, label: 'Unallocated', available: unallocated });
  return choices;
}

interface CoverFigures {
  targetRemaining: Cents;
  sourceRemaining: Cents;
  unallocated: Cents;
}

/** The figures after moving `amount` from `source` to the target: what the dialog shows as the person types. */
export function coverFigures(budget: Budget, targetId: number, source: CoverSource, amount: Cents): CoverFigures {
  const target = budget.allocations.find((line) => line.id === targetId)!;
  const unallocated = budgetTotals(budget.incomes, budget.allocations).discretionary;
  if (source.kind === 'unallocated') {
    return { targetRemaining: remaining(target.amount + amount, target.spent), sourceRemaining: unallocated - amount, unallocated: unallocated - amount };
  }
  const from = budget.allocations.find((line) => line.id === source.id)!;
  return { targetRemaining: remaining(target.amount + amount, target.spent), sourceRemaining: remaining(from.amount - amount, from.spent), unallocated };
}

/**
 * The move as an ordinary budget save: the target's amount goes up, the source allocation's goes down (from
 * Unallocated, only the target changes: Unallocated is income minus what is allocated). Rows left out keep
 * every value, so nothing else changes; the lock version read makes someone else's save since a conflict.
 */
export function coverSaveBody(budget: Budget, targetId: number, source: CoverSource, amount: Cents): UpdateBudgetBody {
  const line = (id: number, delta: Cents) => {
    const allocation = budget.allocations.find((candidate) => candidate.id === id)!;
    return { id, name: allocation.name, amount: allocation.amount + delta, allocation_category_id: allocation.allocation_category_id };
  };
  const allocations = [line(targetId, amount)];
  if (source.kind === 'allocation') allocations.push(line(source.id, -amount));
  return { lock_version: budget.lock_version, allocations };
}

export const sourceKey = (source: CoverSource) => (source.kind === 'unallocated' ? 'unallocated' : String(source.id));
