import { remaining } from '../../shared/budgetMath';
import type { Cents } from '../../shared/money';

/** Budget − actual: negative (bold dark red) when the event cost more than planned. */
export const eventDifference = (budget: Cents, actual: Cents): Cents => remaining(budget, actual);

/** How much of the budget the actual used, in whole percent (100 when something was spent against no budget). */
export function budgetUsedPercent(budget: Cents, actual: Cents): number {
  if (budget <= 0) return actual > 0 ? 100 : 0;
  return Math.max(0, Math.round((actual * 100) / budget));
}
