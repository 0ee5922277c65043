import { today } from '../../shared/dates';
import { defaultOpeningDate, earliestBudgetStart, OPENING_BALANCE_CORRECTION_HINT, openingBalanceHint } from '../../shared/openingBalance';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';

/** A new account's opening date: the day before the earliest budget (or the end of last month); null while loading. */
export function useDefaultOpeningDate(skip: boolean): string | null {
  const budgets = useGetBudgetsQuery(undefined, { skip });
  if (skip || !budgets.data) return null;
  return defaultOpeningDate(earliestBudgetStart(budgets.data), today());
}

/** Under "Opening Date": what the opening balance means on that day, so that the first reconciliation adds up. */
export function OpeningBalanceNote({ openingDate, correcting }: { openingDate: string | undefined; correcting: boolean }) {
  return (
    <>
      {openingDate ? openingBalanceHint(openingDate) : null}
      {correcting ? ` ${OPENING_BALANCE_CORRECTION_HINT}` : null}
    </>
  );
}
