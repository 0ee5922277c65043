/**
 * The budget's words in one home: the server's refusals, and the screens' messages and confirmations. Kept apart
 * from the schemas so screens can name them without loading zod.
 */
export const BUDGET_CONFLICT_MESSAGE = 'This budget was changed by someone else. Reload to see their changes.';
export const BUDGET_NOT_FOUND_MESSAGE = 'Budget not found';
export const BUDGET_CLOSED_MESSAGE = 'This budget is closed. Reopen it to make changes.';
export const NO_OPEN_BUDGET_MESSAGE = 'There is no open budget';
export const NO_CLOSED_BUDGET_MESSAGE = 'There is no closed budget to reopen';

/** The budget screens' messages and confirmations, word for word from the product spec (§8). */
export const budgetMessages = {
  created: 'Budget created.',
  notCreated: 'Budget not created.',
  reopening: 'Reopening last budget...',
  reopened: 'Last Budget re-opened.',
  closing: 'Closing....',
  closed: 'Budget closed.',
  notClosed: 'Budget NOT closed.',
  copying: 'Copying...',
  copied: 'Budget copied.',
  notCopied: 'Budget NOT copied.',
  updatesSaved: 'Updates saved.',
  updatesNotSaved: 'Updates not saved.',
  saved: 'Budget saved.',
  notSaved: 'Budget not saved.',
  editingCanceled: 'Editing canceled',
} as const;

export const budgetQuestions = {
  close: { title: 'Close Budget Period?', content: 'Are you ready to close off this budget?' },
  copy: { title: 'Copy Budget?', content: 'Are you sure you want to COPY this budget?' },
  reopen: { title: 'Reopen Last Budget', content: 'Are you sure you want to open the last closed budget?' },
} as const;
