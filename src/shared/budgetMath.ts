/**
 * Budget arithmetic on integer cents (api-and-domain §3), shared by the budget screens and the server's reports.
 * Every function is pure; rows toggled deleted on the edit screen are left out by the callers' `liveRows`.
 */
import { sumCents, type Cents } from './money';
import type { AllocationClass } from './schemas/budgets';
import { partnerName } from './incomeOwners';
import type { IncomeOwner, Settings } from './schemas/setup';

interface AmountLine {
  amount: Cents;
  deleted?: boolean;
}

interface SpendingLine extends AmountLine {
  spent: Cents;
}

export interface ClassifiedLine extends AmountLine {
  allocation_class: AllocationClass;
}

/** Rows the person has not toggled deleted. */
export const liveRows = <T extends { deleted?: boolean }>(rows: readonly T[]): T[] => rows.filter((row) => !row.deleted);

/** Σ amount over rows not toggled deleted. */
export const totalAmount = (rows: readonly AmountLine[]): Cents => sumCents(liveRows(rows).map((row) => row.amount));

export const remaining = (amount: Cents, spent: Cents): Cents => amount - spent;

export interface SpendingTotals {
  amount: Cents;
  spent: Cents;
  remaining: Cents;
}

/** Amount, spent and remaining of a set of allocations (a category's subtotal or the whole budget). */
export function spendingTotals(rows: readonly SpendingLine[]): SpendingTotals {
  let amount = 0;
  let spent = 0;
  for (const row of rows) {
    if (row.deleted) continue;
    amount += row.amount;
    spent += row.spent;
  }
  return { amount, spent, remaining: remaining(amount, spent) };
}

/** The household's personal money: what the incomes bring in beyond the allocations. */
export const discretionary = (totalIncome: Cents, totalAllocated: Cents): Cents => totalIncome - totalAllocated;

interface CoupleSplit {
  wife: Cents;
  husband: Cents;
}

/**
 * 50/50 between the partners; an odd cent goes to the wife (listed first) so the halves always add up.
 * For a negative amount the wife's half likewise carries the odd cent (-1.01 → -0.51 / -0.50).
 */
export function splitDiscretionary(amount: Cents): CoupleSplit {
  const husband = Math.trunc(amount / 2);
  return { wife: amount - husband, husband };
}

/**
 * In proportion to each partner's income: shared incomes count half to each. The husband's share is rounded to
 * the nearest cent (an exact half toward zero, so a tie's cent goes to the wife, listed first, as in the 50/50
 * rule) and the wife has the rest; with no income to weigh the split is 50/50. BigInt: an amount times an income
 * can pass 2^53.
 */
export function splitByIncome(amount: Cents, incomes: ReadonlyArray<OwnedIncome>): CoupleSplit {
  let wifeWeight = 0;
  let husbandWeight = 0;
  for (const income of incomes) {
    if (income.deleted) continue;
    const owner = income.owner ?? 'shared';
    // Doubled weights keep a shared income's halves whole.
    if (owner !== 'husband') wifeWeight += owner === 'wife' ? 2 * income.amount : income.amount;
    if (owner !== 'wife') husbandWeight += owner === 'husband' ? 2 * income.amount : income.amount;
  }
  const total = wifeWeight + husbandWeight;
  // An amount beyond the limit is NaN here (a figure "over the limit"): it has no share to weigh, and BigInt would throw.
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(total)) return { wife: Number.NaN, husband: Number.NaN };
  if (wifeWeight < 0 || husbandWeight < 0 || total <= 0) return splitDiscretionary(amount);
  const product = BigInt(amount) * BigInt(husbandWeight);
  const divisor = BigInt(total);
  let husband = product / divisor;
  const remainder = product % divisor;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice > divisor) husband += product < 0n ? -1n : 1n;
  return { wife: amount - Number(husband), husband: Number(husband) };
}

export interface OwnedIncome {
  amount: Cents;
  owner?: IncomeOwner;
  deleted?: boolean;
}

/** The household as its settings name it: one person, or a couple, and how the couple splits. */
type Household = Pick<Settings, 'family_type' | 'single_person' | 'husband' | 'wife' | 'split_rule'>;

export interface PartnerShare {
  label: string;
  amount: Cents;
}

/** Who the discretionary money belongs to: the single person, or the couple's shares (wife first) by the settings' rule. */
export function partnerShares(household: Household | undefined, amount: Cents, incomes: ReadonlyArray<OwnedIncome> = []): PartnerShare[] {
  if (!household) return [];
  if (household.family_type === 'single') return [{ label: `${household.single_person}'s Discretionary Amount`, amount }];
  const { wife, husband } = household.split_rule === 'income' ? splitByIncome(amount, incomes) : splitDiscretionary(amount);
  return [
    { label: `${partnerName(household, 'wife')}'s Discretionary Amount`, amount: wife },
    { label: `${partnerName(household, 'husband')}'s Discretionary Amount`, amount: husband },
  ];
}

interface ClassSummary {
  needs: Cents;
  /** What the percentage rule counts as wants: `wantsAllocated` + `unallocated`. */
  wants: Cents;
  savings: Cents;
  /** The allocations classed as wants. */
  wantsAllocated: Cents;
  /** Income given to no allocation (negative when more is allocated than earned). */
  unallocated: Cents;
  /** Whole percents of total income; null when there is no income. */
  needsPercent: number | null;
  wantsPercent: number | null;
  savingsPercent: number | null;
}

const percentOf = (part: Cents, whole: Cents): number => Math.round((part / whole) * 100);

/**
 * Needs and savings are the sums of their allocations; wants is whatever of the income is left (wanted
 * allocations plus the discretionary money), both parts also given apart. Percentages: needs and savings rounded, wants the remainder.
 */
export function classSummary(totalIncome: Cents, allocations: readonly ClassifiedLine[]): ClassSummary {
  let needs = 0;
  let savings = 0;
  let wantsAllocated = 0;
  for (const row of allocations) {
    if (row.deleted) continue;
    if (row.allocation_class === 'need') needs += row.amount;
    else if (row.allocation_class === 'savings') savings += row.amount;
    else wantsAllocated += row.amount;
  }
  const wants = totalIncome - needs - savings;
  const amounts = { needs, wants, savings, wantsAllocated, unallocated: wants - wantsAllocated };
  if (totalIncome === 0) return { ...amounts, needsPercent: null, wantsPercent: null, savingsPercent: null };
  const needsPercent = percentOf(needs, totalIncome);
  const savingsPercent = percentOf(savings, totalIncome);
  return { ...amounts, needsPercent, wantsPercent: 100 - needsPercent - savingsPercent, savingsPercent };
}

/** The income in four parts that add up to it: needs, wants and savings, and the rest (unallocated, or not yet spent). */
export interface IncomeShares {
  needs: Cents;
  wants: Cents;
  savings: Cents;
  rest: Cents;
  /** Shares of the income in percent, to `decimals` places; the rest's share is the remainder so the four make 100. Null without income. */
  needsPercent: number | null;
  wantsPercent: number | null;
  savingsPercent: number | null;
  restPercent: number | null;
}

/**
 * What the income went to, class by class, with what is left apart: the budget's Wants Summary (the amounts
 * allocated, the rest unallocated) and the Needs vs Wants report's actuals (the amounts spent, the rest not yet
 * spent). Unlike `classSummary` (the original rule, kept in the API), wants here never counts the rest.
 */
export function incomeShares(income: Cents, parts: { needs: Cents; wants: Cents; savings: Cents }, decimals: 0 | 1): IncomeShares {
  const { needs, wants, savings } = parts;
  const amounts = { needs, wants, savings, rest: income - needs - wants - savings };
  if (income === 0 || !Number.isFinite(income)) return { ...amounts, needsPercent: null, wantsPercent: null, savingsPercent: null, restPercent: null };
  // In whole units of the shown precision (tenths of a percent), so the remainder is exact.
  const scale = 10 ** decimals;
  const units = (part: Cents) => Math.round((part / income) * 100 * scale);
  const [needsUnits, wantsUnits, savingsUnits] = [units(needs), units(wants), units(savings)];
  const restUnits = 100 * scale - needsUnits - wantsUnits - savingsUnits;
  return {
    ...amounts,
    needsPercent: needsUnits / scale,
    wantsPercent: wantsUnits / scale,
    savingsPercent: savingsUnits / scale,
    restPercent: restUnits / scale,
  };
}

export interface BudgetTotals {
  income: Cents;
  allocated: Cents;
  spent: Cents;
  remaining: Cents;
  /** Income not yet given to an allocation ("Unallocated"), which is also the discretionary amount. */
  discretionary: Cents;
}

/** The footer and summary figures of one budget. */
export function budgetTotals(incomes: readonly AmountLine[], allocations: readonly SpendingLine[]): BudgetTotals {
  const income = totalAmount(incomes);
  const spending = spendingTotals(allocations);
  return {
    income,
    allocated: spending.amount,
    spent: spending.spent,
    remaining: spending.remaining,
    discretionary: discretionary(income, spending.amount),
  };
}
