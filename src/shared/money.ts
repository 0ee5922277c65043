/** Money is an integer number of cents everywhere; these are the only conversions to and from text. */
export type Cents = number;

/**
 * The largest amount one field may hold: 100,000,000.00, far above any household's single amount. Together with
 * MAX_TRANSACTIONS_PER_HOUSEHOLD it keeps every total the app computes (a budget's spent, an account's balance,
 * net worth) within ±5·10^15 cents, inside the exact integer range of JavaScript (2^53) and of SQLite's sums.
 */
export const MAX_CENTS = 10_000_000_000;
/** How many transactions one household may keep (README: "Limits"). */
export const MAX_TRANSACTIONS_PER_HOUSEHOLD = 500_000;
/** How many bank accounts one household may keep: with the per-amount cap, the sum of opening balances stays exact. */
export const MAX_BANK_ACCOUNTS = 1000;
/** What every amount of a household adds up to at most (its opening balances and transactions): about 5·10^15, below 2^53. */
export const MAX_TOTAL_CENTS = MAX_CENTS * (MAX_TRANSACTIONS_PER_HOUSEHOLD + MAX_BANK_ACCOUNTS);

/**
 * A money input's text to cents: commas stripped, anything non-numeric is 0, rounded to whole cents; an
 * amount beyond ±MAX_CENTS comes back as ±(MAX_CENTS + 1) for validation to refuse.
 * Parsed from the digits, not through a float times 100, so "1.005" is 101 and "0.29" is 29.
 */
export function parseMoney(text: string | number | null | undefined): Cents {
  if (typeof text === 'number') return Number.isFinite(text) ? Math.round(text * 100) : 0;
  const cleaned = (text ?? '').replace(/,/g, '').trim();
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 0;
  const [, sign, whole, fraction = ''] = match;
  const padded = (fraction + '000').slice(0, 3);
  const thousandths = Number(whole || '0') * 1000 + Number(padded);
  const exact = Math.floor((thousandths + 5) / 10);
  // An amount beyond the limit stays just over it rather than becoming 0, so validation refuses it as
  // "too large" instead of the person's number being silently replaced.
  const cents = Number.isSafeInteger(exact) && exact <= MAX_CENTS ? exact : MAX_CENTS + 1;
  return sign === '-' ? -cents : cents;
}

/** Thousands separators by hand: creating the first Intl.NumberFormat costs a page tens of milliseconds (a phone, hundreds). */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 123456 → "1,234.56"; -5 → "-0.05". */
export function formatMoney(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${String(whole).replace(THOUSANDS, ',')}.${fraction}`;
}

/** The text an input starts with: no grouping so it parses back to the same cents. 123456 → "1234.56". */
export function moneyInputText(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount as a figure may count it: one beyond the limit (what `parseMoney` makes of 999,999,999,999) is NaN, so
 * every total that includes it is NaN too and is shown as not counted, never as a capped figure.
 */
export const countedCents = (cents: Cents): Cents => (Math.abs(cents) > MAX_CENTS ? Number.NaN : cents);

export const sumCents = (values: Iterable<Cents>): Cents => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};
