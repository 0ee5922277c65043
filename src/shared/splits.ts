/**
 * The rules of a split row (api-and-domain §5.1, docs/splits.md), one home for the screens and the server: the
 * parts of a row add up to its net amount, and each part counts toward its allocation as a row would.
 */
import { formatMoney } from './money';
import { countsAsSpending } from './transactionRules';
import type { BroughtForwardStatus } from './schemas/transactions';

interface SplitRow {
  withdrawal_amount: number;
  deposit_amount: number;
}

/** The row's net amount less the sum of its parts: 0 when the parts add up. */
export const splitDifference = (row: SplitRow, parts: ReadonlyArray<{ amount: number }>): number =>
  row.deposit_amount - row.withdrawal_amount - parts.reduce((sum, part) => sum + part.amount, 0);

/**
 * What the parts leave of the amount, in the row's direction (positive: short of it), said to the person:
 * "The parts are 3.00 short of the amount" / "… more than the amount".
 */
export const partsLeftText = (left: number): string =>
  left > 0 ? `The parts are ${formatMoney(left)} short of the amount` : `The parts are ${formatMoney(-left)} more than the amount`;

/** The amount that makes the parts add up when given to one more part (the last one proposed). */
export const remainingForPart = splitDifference;

/**
 * What one part adds to its allocation's spent: −amount (a part of a withdrawal is negative), or nothing when its
 * row does not count as spending. `spendingOf` is this for a row without parts.
 */
export const partSpendingOf = (row: { brought_forward_status?: BroughtForwardStatus | null }, part: { amount: number }): number =>
  countsAsSpending(row.brought_forward_status) ? -part.amount : 0;

/** "the parts add up to −12.00; the row is −15.00 (3.00 not split)". */
export function splitDifferenceMessage(row: SplitRow, parts: ReadonlyArray<{ amount: number }>): string {
  const net = row.deposit_amount - row.withdrawal_amount;
  const total = net - splitDifference(row, parts);
  return `the parts add up to ${formatMoney(total)}; the row is ${formatMoney(net)} (${formatMoney(net - total)} not split)`;
}

export const SPLIT_BOTH_TARGETS = 'a part may have an allocation or a sink fund allocation, not both';
export const SPLIT_ROW_HAS_TARGET = 'a split row has no allocation or sink fund allocation of its own: its parts have them';
