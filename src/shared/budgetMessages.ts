/** The server's budget refusals, word for word. Kept apart from the schemas so screens can name them without loading zod. */
export const BUDGET_CONFLICT_MESSAGE = 'This budget was changed by someone else. Reload to see their changes.';
export const BUDGET_NOT_FOUND_MESSAGE = 'Budget not found';
export const BUDGET_CLOSED_MESSAGE = 'This budget is closed. Reopen it to make changes.';
export const NO_OPEN_BUDGET_MESSAGE = 'There is no open budget';
export const NO_CLOSED_BUDGET_MESSAGE = 'There is no closed budget to reopen';
