import type { EntityState, PayloadAction } from '@reduxjs/toolkit';
import { addRows, createDraftSlice, editRow, entityList, toggleDeleted, type DraftCore, type DraftState } from '../../platform/editing/draftSlice';
import type { SinkFund } from '../../shared/schemas/sinkFunds';
import { envelopeRowsOf, envelopesAdapter, type EnvelopeFields, type EnvelopeLine } from './envelopeRows';
import { sinkFundEditSlot } from './sinkFundEditSlot';

interface EnvelopeLists {
  envelopes: EntityState<EnvelopeLine, number>;
}

/**
 * The edit-mode draft of one sink fund's envelopes: everything between "Make Changes" and "Save Changes"/"Cancel".
 * `base.envelopes` is the server's list when editing started, so a reload after a conflict keeps exactly the rows
 * the person changed and takes everything else from the server.
 */
interface SinkFundDraft extends EnvelopeLists, DraftCore<EnvelopeLists> {
  accountId: number;
  lockVersion: number;
}

// A rebase keeps the person's envelope and takes the server's balance and count, which move without any edit.
export type SinkFundEditState = DraftState<SinkFundDraft>;

const envelopeList = entityList(envelopesAdapter, (mine, theirs) => ({ ...mine, current_balance: theirs.current_balance, transaction_count: theirs.transaction_count }));
const envelopesOf = (draft: SinkFundDraft) => draft.envelopes;

/** Built by the edit kit (`createDraftSlice`): `editStarted`, `draftRebased`, `editCancelled` and `sinkFundSaved` come from it. */
const sinkFundEditSlice = createDraftSlice({
  name: 'sinkFundEdit',
  lists: { envelopes: envelopeList },
  started: (fund: SinkFund): Omit<SinkFundDraft, 'base' | 'dirty'> => ({ accountId: fund.id, lockVersion: fund.lock_version, envelopes: envelopeRowsOf(fund), nextKey: -1 }),
  fresh: (draft: SinkFundDraft, fund: SinkFund) => (draft.accountId === fund.id ? { lists: { envelopes: envelopeRowsOf(fund) }, lockVersion: fund.lock_version } : null),
  saved: 'sinkFundSaved',
  reducers: {
    envelopeChanged: (state, action: PayloadAction<{ key: number; changes: Partial<EnvelopeFields> }>) =>
      editRow(state, envelopeList, envelopesOf, action.payload.key, (row) => ({ ...row, ...action.payload.changes })),
    envelopeAdded: (state) => {
      const draft = state.draft;
      if (!draft) return;
      const envelope: EnvelopeLine = { key: draft.nextKey--, id: 0, name: '', target: 0, comment: '', status: 'open', current_balance: 0, transaction_count: 0, deleted: false };
      addRows(state, envelopeList, envelopesOf, [envelope]);
    },
    envelopeDeleteToggled: (state, action: PayloadAction<number>) => toggleDeleted(state, envelopeList, envelopesOf, action.payload),
  },
});

export const { editStarted, envelopeChanged, envelopeAdded, envelopeDeleteToggled, draftRebased, editCancelled, sinkFundSaved } = sinkFundEditSlice.actions;
sinkFundEditSlot.provide(sinkFundEditSlice.reducer);
