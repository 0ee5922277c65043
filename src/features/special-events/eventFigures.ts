import { remaining } from '../../shared/budgetMath';
import type { Cents } from '../../shared/money';

/** Budget − actual: negative (bold dark red) when the event cost more than planned. */
export const eventDifference = (budget: Cents, actual: Cents): Cents => remaining(budget, actual);

/** How much of the budget the actual used, in whole percent (100 when something was spent against no budget). */
export function budgetUsedPercent(budget: Cents, actual: Cents): number {
  if (budget <= 0) return actual > 0 ? 100 : 0;
  return Math.max(0, Math.round((actual * 100) / budget));
}

interface EventMonth {
  budgetId: number;
  month: string;
  allocated: Cents;
  spent: Cents;
  /** Allocated in this month and the ones before it. */
  allocatedSoFar: Cents;
  /** The planned budget less `allocatedSoFar`: what later months still have to put aside (negative once over). */
  leftToAllocate: Cents;
}

/** The event month by month (its budgets, oldest first, as the server orders the allocations): planned against allocated and spent. */
export function eventMonths(planned: Cents, allocations: ReadonlyArray<{ budget_id: number; budget_name: string; amount: Cents; spent: Cents }>): EventMonth[] {
  const months: EventMonth[] = [];
  let soFar = 0;
  for (const allocation of allocations) {
    let month = months.at(-1);
    if (month?.budgetId !== allocation.budget_id) {
      month = { budgetId: allocation.budget_id, month: allocation.budget_name, allocated: 0, spent: 0, allocatedSoFar: soFar, leftToAllocate: planned - soFar };
      months.push(month);
    }
    soFar += allocation.amount;
    month.allocated += allocation.amount;
    month.spent += allocation.spent;
    month.allocatedSoFar = soFar;
    month.leftToAllocate = planned - soFar;
  }
  return months;
}
