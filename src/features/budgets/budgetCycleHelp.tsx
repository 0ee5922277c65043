import type { ConfirmOptions } from '../../components/confirm';
import { formatShortDate, type DateOnly } from '../../shared/dates';
import type { BudgetSummary } from '../../shared/schemas/budgets';
import { budgetQuestions } from '../../shared/budgetMessages';

const NOTHING_TO_REOPEN = 'No budget has been closed yet, so there is nothing to reopen.';

/** Why "Reopen Last Budget" cannot be used now (null when it can): reopening needs a closed budget. */
export function reopenUnavailableReason(budgets: readonly BudgetSummary[] | undefined): string | null {
  if (!budgets) return null;
  return budgets.some((budget) => budget.status === 'closed') ? null : NOTHING_TO_REOPEN;
}

/**
 * The spec's close question, followed by what closing does and, before the period has ended, a warning: a close
 * settles each account at the budget's end date, which has not come yet.
 */
export function closeQuestion(budget: Pick<BudgetSummary, 'end_date'>, today: DateOnly): ConfirmOptions {
  const end = formatShortDate(budget.end_date);
  return {
    title: budgetQuestions.close.title,
    content: (
      <div className="ec-close-question">
        <p>{budgetQuestions.close.content}</p>
        <p>
          Closing settles every account at its balance on {end}. Each credit-card charge not yet paid is carried into the
          next budget as a copy marked &ldquo;(B/F)&rdquo;, with one balancing entry so no balance moves. &ldquo;Reopen Last
          Budget&rdquo; undoes all of this.
        </p>
        {today <= budget.end_date && (
          <p className="ec-close-warning">
            <strong>Its month is not over yet:</strong> this budget runs until {end}. Once it is closed, the transactions
            still to come this month cannot be entered in it until it is reopened.
          </p>
        )}
      </div>
    ),
  };
}
