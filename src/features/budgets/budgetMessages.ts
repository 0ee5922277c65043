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
