import type { ServerRefusal } from '../../app/apiErrors';
import type { UpdateBudgetBody } from '../../shared/schemas/budgets';
import type { RefusedRows } from './budgetEditSlice';

type Kind = keyof RefusedRows;
const ROW_FIELD = /^(incomes|allocations)\.(\d+)\.(\w+)$/;
const UNNAMED: Record<Kind, string> = { incomes: 'New income', allocations: 'New allocation' };

const fieldWords = (field: string) => field.replace(/_id$/, '').replace(/_/g, ' ');

export interface BudgetRefusal {
  /** One reason per line, in the person's words: "Groceries: amount is too large". */
  reasons: string[];
  /** The rows named, by key, with their fields. */
  rows: RefusedRows;
}

/**
 * The server names refused fields by their place in the save (`allocations.1.amount`, with messages such as
 * "allocations.1.amount is too large" or "Name can't be blank"): each becomes the row's name and the reason
 * without the path, and the row (by key, through `keys`, the save's rows index for index) is marked. Reasons
 * the server gave for the whole budget follow as they are.
 */
export function describeBudgetRefusal(refusal: ServerRefusal, body: UpdateBudgetBody, keys: Record<Kind, number[]>): BudgetRefusal {
  const rows: RefusedRows = { incomes: {}, allocations: {} };
  const reasons: string[] = [];
  const placed = new Set<string>();
  for (const [field, messages] of Object.entries(refusal.fieldErrors)) {
    const match = ROW_FIELD.exec(field);
    const kind = match?.[1] as Kind | undefined;
    const index = Number(match?.[2]);
    const key = kind ? keys[kind][index] : undefined;
    if (!match || !kind || key === undefined) continue;
    const name = body[kind]?.[index]?.name?.trim() || UNNAMED[kind];
    (rows[kind][key] ??= []).push(match[3]);
    for (const message of messages) {
      placed.add(message);
      // "allocations.1.allocation_category_id is required" → "allocation category is required"
      const reason = message.startsWith(`${field} `) ? `${fieldWords(match[3])} ${message.slice(field.length + 1)}` : message;
      reasons.push(`${name}: ${reason}`);
    }
  }
  for (const message of refusal.messages) if (!placed.has(message)) reasons.push(message);
  return { reasons: [...new Set(reasons)], rows };
}
