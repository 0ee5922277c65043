import type { ConfirmOptions } from '../../components/confirm';
import { addMonths, budgetEndDate, budgetName, formatShortDate, type DateOnly } from '../../shared/dates';
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

/** The budget "Reopen Last Budget" would reopen: the closed one that starts last (as the server chooses). */
export function lastClosedBudget<B extends Pick<BudgetSummary, 'status' | 'start_date'>>(budgets: readonly B[] | undefined): B | undefined {
  return (budgets ?? []).filter((budget) => budget.status === 'closed').reduce<B | undefined>((last, budget) => (!last || budget.start_date > last.start_date ? budget : last), undefined);
}

/** The spec's copy question, followed by the month it makes and what it carries over. */
export function copyQuestion(budget: Pick<BudgetSummary, 'name' | 'start_date'>): ConfirmOptions {
  const start = addMonths(budget.start_date, 1);
  const name = budgetName(start, budgetEndDate(start));
  return {
    title: budgetQuestions.copy.title,
    content: (
      <div className="ec-copy-question">
        <p>{budgetQuestions.copy.content}</p>
        <p>
          Copying makes the next month&rsquo;s budget, <strong>{name}</strong>, with every income and allocation of {budget.name} (names,
          amounts, categories, classes and comments). Nothing is spent in it yet; {budget.name} and its transactions stay as they are.
        </p>
      </div>
    ),
  };
}

/** The spec's reopen question, followed by which budget it reopens and what reopening undoes. */
export function reopenQuestion(budget: Pick<BudgetSummary, 'name' | 'end_date'> | undefined): ConfirmOptions {
  if (!budget) return budgetQuestions.reopen;
  return {
    title: budgetQuestions.reopen.title,
    content: (
      <div className="ec-reopen-question">
        <p>{budgetQuestions.reopen.content}</p>
        <p>
          This reopens <strong>{budget.name}</strong>. Its accounts are no longer settled at their balances on {formatShortDate(budget.end_date)}:
          the &ldquo;(B/F)&rdquo; copies of unpaid credit-card charges carried into the next budget, and their balancing entries, are
          removed, and those charges are unpaid in {budget.name} again. It can be edited, and closed again later.
        </p>
      </div>
    ),
  };
}
