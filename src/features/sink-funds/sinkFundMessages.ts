/** The Sink Funds screen's messages. */
export const sinkFundMessages = {
  saved: 'Sink fund saved.',
  notSaved: 'Sink fund not saved.',
  editingCanceled: 'Editing canceled',
  transferred: 'Transfer completed.',
  reloaded: 'Reloaded the latest envelopes with your changes kept on top. Check them and save again.',
} as const;
