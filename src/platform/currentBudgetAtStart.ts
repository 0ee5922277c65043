// Between the start (boot.ts) and the page that shows the current budget, which the start's router chunk loads:
// a module of its own, so the page does not import the start.
let askedAtStart = false;

/** The start has asked which budget is current (true), or learned it has no answer (false). */
export function currentBudgetAskedAtStart(asked: boolean): void {
  askedAtStart = asked;
}

/**
 * True once after the start fetched the current budget's id: the page that shows it then uses that answer
 * instead of asking again (it asks on every later visit).
 */
export function takeCurrentBudgetFromBoot(): boolean {
  const fetched = askedAtStart;
  askedAtStart = false;
  return fetched;
}
