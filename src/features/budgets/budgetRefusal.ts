import type { ServerRefusal } from '../../platform/apiErrors';
import type { UpdateBudgetBody } from '../../shared/schemas/budgets';
import { rowsOfRefusal } from '../../platform/editing/fieldErrors';
import { MAX_CENTS } from '../../shared/money';
import type { RefusedRows } from './budgetEditSlice';

interface BudgetRefusal {
  /** One sentence per reason, in the person's words: "Groceries: amount is too large." */
  reasons: string[];
  /** The rows named, by key, with their fields. */
  rows: RefusedRows;
}

/** A refused budget save placed on its rows (`incomes.0.name`, `allocations.1.amount`) through the edit kit's mapper. */
export function describeBudgetRefusal(refusal: ServerRefusal, body: UpdateBudgetBody, keys: Record<keyof RefusedRows, number[]>): BudgetRefusal {
  const names = (rows: { name?: string | null }[] | undefined) => (rows ?? []).map((row) => row.name ?? '');
  const { reasons, rows } = rowsOfRefusal(refusal, {
    incomes: { keys: keys.incomes, names: names(body.incomes), unnamed: 'New income' },
    allocations: { keys: keys.allocations, names: names(body.allocations), unnamed: 'New allocation' },
  });
  return { reasons, rows: { incomes: Object.fromEntries(rows.incomes), allocations: Object.fromEntries(rows.allocations) } };
}

/**
 * The amounts of a save the server would refuse as too large, named as its refusal names them
 * (`allocations.2.amount`), so Save refuses them before sending, with the server's words.
 */
export function amountsOverTheLimit(body: UpdateBudgetBody): ServerRefusal | null {
  const fieldErrors: Record<string, string[]> = {};
  const look = (kind: keyof RefusedRows, rows: { amount?: number | null }[] | undefined) =>
    (rows ?? []).forEach((row, index) => {
      const path = `${kind}.${index}.amount`;
      if (Math.abs(row.amount ?? 0) > MAX_CENTS) fieldErrors[path] = [`${path} is too large`];
    });
  look('incomes', body.incomes);
  look('allocations', body.allocations);
  return Object.keys(fieldErrors).length === 0 ? null : { status: 422, messages: [], fieldErrors, conflict: false };
}
