import { sumCents, type Cents } from './money';

/** An envelope's outstanding amount: its balance less its target (negative while short), or 0 without a target. */
export const outstandingOf = (balance: Cents, target: Cents): Cents => (target === 0 ? 0 : balance - target);

/** How far an envelope is towards its target, 0–100 (whole percent, rounded down); null without a target. */
export function progressPercent(balance: Cents, target: Cents): number | null {
  if (target <= 0) return null;
  if (balance <= 0) return 0;
  return Math.min(100, Math.floor((balance * 100) / target));
}

interface EnvelopeFigures {
  current_balance: Cents;
  target: Cents;
}

interface EnvelopeTotals {
  balance: Cents;
  target: Cents;
  outstanding: Cents;
}

/** The envelopes' totals: balances, targets and outstanding amounts, each summed. */
export const envelopeTotals = (envelopes: readonly EnvelopeFigures[]): EnvelopeTotals => ({
  balance: sumCents(envelopes.map((e) => e.current_balance)),
  target: sumCents(envelopes.map((e) => e.target)),
  outstanding: sumCents(envelopes.map((e) => outstandingOf(e.current_balance, e.target))),
});
