import { formatMoney, type Cents } from './money';
import type { AccountCategory } from './schemas/setup';

/**
 * Money owed, one convention everywhere (api-and-domain §5.3): a liability's balance (a credit card, a loan) is
 * stored and shown negative; a form asks for the amount owed as a positive number. A negative amount typed there is
 * the same debt, never a credit: "-612.40" and "612.40" both store -612.40.
 */
export const ENTERED_AS_AMOUNT_OWED: ReadonlySet<AccountCategory> = new Set(['liability']);

export const AMOUNT_OWED_LABEL = 'Amount owed';
export const AMOUNT_OWED_RULE = 'An amount owed is typed as a positive number; it is stored and shown as a negative balance.';
export const AMOUNT_OWED_HINT = 'What you owe, as a positive number: it is stored and shown as a negative balance.';

const owes = (category: AccountCategory) => ENTERED_AS_AMOUNT_OWED.has(category);

/** The figure a form shows for a stored balance: the amount owed for a liability (negative only for a credit saved before). */
export const enteredBalance = (category: AccountCategory, stored: Cents): Cents => (owes(category) ? 0 - stored : stored);

/**
 * The balance to store for the figure typed in a form. For a liability every amount typed is a debt; `saved` is the
 * balance already stored, kept as it is while the field still shows it (a credit saved before is never rewritten).
 */
export function storedBalance(category: AccountCategory, entered: Cents, saved?: Cents): Cents {
  if (!owes(category)) return entered;
  if (saved !== undefined && entered === enteredBalance(category, saved)) return saved;
  return entered === 0 ? 0 : -Math.abs(entered);
}

/** What the form says under an amount owed that is not plainly a debt (null when there is nothing to say). */
export function amountOwedNote(category: AccountCategory, entered: Cents, saved?: Cents): string | null {
  if (!owes(category) || entered >= 0) return null;
  const stored = storedBalance(category, entered, saved);
  if (stored > 0) return `Saved before as a credit of ${formatMoney(stored)} (a positive balance): it is kept unless you type the amount owed.`;
  return `${formatMoney(entered)} is read as ${formatMoney(-stored)} owed. ${AMOUNT_OWED_RULE}`;
}
