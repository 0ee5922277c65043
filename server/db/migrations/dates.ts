/**
 * The migrations' own date arithmetic, frozen with them (like dialect.ts): a released migration must not change
 * when `src/shared/dates.ts` does. Dates are 'YYYY-MM-DD' strings; ISO date-only strings parse as UTC midnight.
 */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Today in the process's time zone. */
export const today = (): string => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
