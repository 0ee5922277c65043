import type { DateOnly } from '../../../shared/dates';
import { formatMoney, type Cents } from '../../../shared/money';

/** One transaction line as a reading gives it: its amount (null when unreadable) and the file's balance after it. */
export interface BalanceStep {
  line: number;
  date: DateOnly;
  amount: Cents | null;
  balance: Cents | null;
}

/** What a file's own running balance says of a reading of its amounts. */
export interface BalanceCheck {
  /** The balance column's name, as the mapping form shows it. */
  column: string;
  /** The file's balance on its first and last line that has one, in the file's order. */
  first: { date: DateOnly; balance: Cents };
  last: { date: DateOnly; balance: Cents };
  /** Steps from one line's balance to the next that the amounts explain. */
  explained: number;
  /** The first step they do not explain, as a sentence; null when every step is explained. */
  disagreement: string | null;
}

interface Walk {
  explained: number;
  failures: number;
  first: string | null;
}

/**
 * Follows the balance from line to line: each step must be the sum of the amounts since the last balance
 * (`direction` -1: the file writes what is owed, a card's way). A step over an unreadable amount is unexplained.
 */
function walk(steps: readonly BalanceStep[], direction: 1 | -1): Walk {
  const result: Walk = { explained: 0, failures: 0, first: null };
  let previous: Cents | null = null;
  let sum: Cents | null = 0;
  for (const step of steps) {
    if (previous === null) {
      previous = step.balance;
      continue;
    }
    sum = sum === null || step.amount === null ? null : sum + step.amount;
    if (step.balance === null) continue;
    if (sum !== null && step.balance - previous === direction * sum) result.explained += 1;
    else {
      result.failures += 1;
      result.first ??= `Line ${step.line}: the balance goes from ${formatMoney(previous)} to ${formatMoney(step.balance)}, which the amounts read do not explain`;
    }
    previous = step.balance;
    sum = 0;
  }
  return result;
}

/**
 * The file's running balance against a reading's amounts, in whichever order the file lists its lines (oldest
 * or newest first). A card's file may write its balance as what is owed (`owedAllowed`), so the balance moves
 * against the amounts; a bank account's balance always moves with them.
 */
export function checkRunningBalance(column: string, steps: readonly BalanceStep[], owedAllowed: boolean): BalanceCheck | null {
  const withBalance = steps.filter((step) => step.balance !== null);
  if (withBalance.length === 0) return null;
  const newestFirst = [...steps].reverse();
  const walks = [walk(steps, 1), walk(newestFirst, 1), ...(owedAllowed ? [walk(steps, -1), walk(newestFirst, -1)] : [])];
  const best = walks.reduce((a, b) => (b.failures < a.failures || (b.failures === a.failures && b.explained > a.explained) ? b : a));
  const [first, last] = [withBalance[0], withBalance[withBalance.length - 1]];
  return {
    column,
    first: { date: first.date, balance: first.balance ?? 0 },
    last: { date: last.date, balance: last.balance ?? 0 },
    explained: best.explained,
    disagreement: best.first,
  };
}

/** A reading the balance confirms: every step explained, and at least `minimum` of them. */
export const balanceAgrees = (check: BalanceCheck | null | undefined, minimum = 1): boolean => !!check && check.disagreement === null && check.explained >= minimum;
