import { today } from '../../shared/dates';
import { currentBudgetStart, newAccountCheckpointDate, OPENING_BALANCE_CORRECTION_HINT, openingBalanceHint } from '../../shared/openingBalance';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';

/** Under "Opening Balance": the day a new account's balance counts at, so that its first reconciliation adds up. */
export function OpeningBalanceNote({ correcting }: { correcting: boolean }) {
  const budgets = useGetBudgetsQuery(undefined, { skip: correcting });
  if (correcting) return <>{OPENING_BALANCE_CORRECTION_HINT}</>;
  if (!budgets.data) return null;
  return <>{openingBalanceHint(newAccountCheckpointDate(currentBudgetStart(budgets.data), today()))}</>;
}
