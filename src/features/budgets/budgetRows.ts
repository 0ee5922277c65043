import { createEntityAdapter, weakMapMemoize, type EntityState } from '@reduxjs/toolkit';
import type { Cents } from '../../shared/money';
import type { AllocationClass, Budget } from '../../shared/schemas/budgets';
import type { IncomeOwner } from '../../shared/schemas/setup';

/**
 * A budget's incomes and allocations as the screen holds them: normalised by a row key (the server id, or a
 * negative number for a row added on this screen), so each table row can subscribe to its own row.
 */
export interface IncomeLine {
  key: number;
  /** 0 for a row not yet saved. */
  id: number;
  name: string;
  amount: Cents;
  bank_account_id: number | null;
  comment: string;
  /** Whose income it is, for the split by income. */
  owner: IncomeOwner;
  deleted: boolean;
}

export interface AllocationLine {
  key: number;
  id: number;
  name: string;
  amount: Cents;
  spent: Cents;
  allocation_category_id: number;
  allocation_category_name: string;
  allocation_class: AllocationClass;
  is_fixed_amount: boolean;
  comment: string;
  special_event_id: number | null;
  deleted: boolean;
}

export type IncomeFields = Pick<IncomeLine, 'name' | 'amount' | 'bank_account_id' | 'comment' | 'owner'>;
export type AllocationFields = Pick<AllocationLine, 'name' | 'amount' | 'allocation_class' | 'is_fixed_amount' | 'comment'>;

export interface BudgetRows {
  incomes: EntityState<IncomeLine, number>;
  allocations: EntityState<AllocationLine, number>;
}

export const incomesAdapter = createEntityAdapter<IncomeLine, number>({ selectId: (row) => row.key });
export const allocationsAdapter = createEntityAdapter<AllocationLine, number>({ selectId: (row) => row.key });

// One collator for every comparison (localeCompare with options builds one per call), made on first use.
let collator: Intl.Collator | undefined;
export const byName = (a: { name: string }, b: { name: string }) =>
  (collator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(a.name, b.name);

/** The server's budget as screen rows; allocations in name order (the order inside each category group). */
export function rowsOfBudget(budget: Budget): BudgetRows {
  const incomes: IncomeLine[] = budget.incomes.map((income) => ({
    key: income.id,
    id: income.id,
    name: income.name,
    amount: income.amount,
    bank_account_id: income.bank_account_id,
    comment: income.comment ?? '',
    owner: income.owner ?? 'shared',
    deleted: false,
  }));
  const allocations: AllocationLine[] = budget.allocations
    .map((allocation) => ({
      key: allocation.id,
      id: allocation.id,
      name: allocation.name,
      amount: allocation.amount,
      spent: allocation.spent,
      allocation_category_id: allocation.allocation_category_id,
      allocation_category_name: allocation.allocation_category.name,
      allocation_class: allocation.allocation_class,
      is_fixed_amount: allocation.is_fixed_amount,
      comment: allocation.comment ?? '',
      special_event_id: allocation.special_event_id,
      deleted: false,
    }))
    .sort(byName);
  return {
    incomes: incomesAdapter.setAll(incomesAdapter.getInitialState(), incomes),
    allocations: allocationsAdapter.setAll(allocationsAdapter.getInitialState(), allocations),
  };
}

/**
 * `rowsOfBudget` once per server budget: the screen in view mode and the draft "Make Changes" starts share the
 * same row objects, so entering edit mode neither rebuilds nor re-sorts them.
 */
export const rowsOfServerBudget = weakMapMemoize(rowsOfBudget);
