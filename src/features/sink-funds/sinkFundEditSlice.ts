import { createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import { rebaseRows } from '../../app/rebaseRows';
import type { SinkFund } from '../../shared/schemas/sinkFunds';
import { userLoggedOut } from '../../app/authSlice';
import { envelopeRowsOf, envelopesAdapter, type EnvelopeFields, type EnvelopeLine } from './envelopeRows';

/**
 * The edit-mode draft of one sink fund's envelopes: everything between "Make Changes" and "Save Changes"/"Cancel".
 * `base` is the server's list when editing started, so a reload after a conflict keeps exactly the rows the
 * person changed and takes everything else from the server.
 */
export interface SinkFundDraft {
  accountId: number;
  lockVersion: number;
  envelopes: EntityState<EnvelopeLine, number>;
  base: EntityState<EnvelopeLine, number>;
  /** Next key for an envelope added on this screen (negative, so it never meets a server id). */
  nextKey: number;
  dirty: boolean;
}

export interface SinkFundEditState {
  draft: SinkFundDraft | null;
}

const initialState: SinkFundEditState = { draft: null };

const sinkFundEditSlice = createSlice({
  name: 'sinkFundEdit',
  initialState,
  reducers: {
    editStarted: (_state, action: PayloadAction<SinkFund>) => {
      const rows = envelopeRowsOf(action.payload);
      return { draft: { accountId: action.payload.id, lockVersion: action.payload.lock_version, envelopes: rows, base: rows, nextKey: -1, dirty: false } };
    },
    envelopeChanged: (state, action: PayloadAction<{ key: number; changes: Partial<EnvelopeFields> }>) => {
      if (!state.draft) return;
      envelopesAdapter.updateOne(state.draft.envelopes, { id: action.payload.key, changes: action.payload.changes });
      state.draft.dirty = true;
    },
    envelopeAdded: (state) => {
      const draft = state.draft;
      if (!draft) return;
      const key = draft.nextKey--;
      envelopesAdapter.addOne(draft.envelopes, { key, id: 0, name: '', target: 0, comment: '', status: 'open', current_balance: 0, transaction_count: 0, deleted: false });
      draft.dirty = true;
    },
    envelopeDeleteToggled: (state, action: PayloadAction<number>) => {
      const row = state.draft?.envelopes.entities[action.payload];
      if (!state.draft || !row) return;
      row.deleted = !row.deleted;
      state.draft.dirty = true;
    },
    /** After a 409: the server's latest envelopes under the person's edits, ready to be saved again. */
    draftRebased: (state, action: PayloadAction<SinkFund>) => {
      const draft = state.draft;
      if (!draft || draft.accountId !== action.payload.id) return;
      const fresh = envelopeRowsOf(action.payload);
      const rows = rebaseRows<EnvelopeLine>(
        draft.envelopes,
        draft.base,
        fresh,
        (mine, theirs) => ({ ...mine, current_balance: theirs.current_balance, transaction_count: theirs.transaction_count }),
        () => draft.nextKey--,
      );
      draft.envelopes = envelopesAdapter.setAll(envelopesAdapter.getInitialState(), rows);
      draft.base = fresh;
      draft.lockVersion = action.payload.lock_version;
    },
    editCancelled: () => initialState,
    sinkFundSaved: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(userLoggedOut, () => initialState),
});

export const { editStarted, envelopeChanged, envelopeAdded, envelopeDeleteToggled, draftRebased, editCancelled, sinkFundSaved } = sinkFundEditSlice.actions;
export const sinkFundEditReducer = sinkFundEditSlice.reducer;
