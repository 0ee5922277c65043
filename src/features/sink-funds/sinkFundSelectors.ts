import { rowsOfRefusal } from '../../platform/editing/fieldErrors';
import { createSelector, weakMapMemoize, type EntityState } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { sumCents } from '../../shared/money';
import type { UpdateSinkFundBody } from '../../shared/schemas/sinkFunds';
import { envelopeTotals } from '../../shared/sinkFundMath';
import { envelopeRowsOf, envelopesAdapter, type EnvelopeLine } from './envelopeRows';
import { sinkFundsApi } from './sinkFundsApi';

/**
 * What the Sink Funds screen shows: the draft while editing that account, otherwise the server's envelopes.
 * Every table row subscribes to its own envelope; layout and totals are memoised, so a keystroke re-renders the
 * edited row and the totals, not the table.
 */
const selectSinkFundDraft = (state: RootState) => state.sinkFundEdit.draft;
export const selectIsEditingSinkFund = (state: RootState, accountId: number) => state.sinkFundEdit.draft?.accountId === accountId;
export const selectHasUnsavedEnvelopeEdits = (state: RootState) => state.sinkFundEdit.draft?.dirty ?? false;

const sinkFundQuerySelectors = new Map<number, ReturnType<typeof sinkFundsApi.endpoints.getSinkFund.select>>();
const selectServerSinkFund = (state: RootState, accountId: number) => {
  let select = sinkFundQuerySelectors.get(accountId);
  if (!select) {
    select = sinkFundsApi.endpoints.getSinkFund.select(accountId);
    sinkFundQuerySelectors.set(accountId, select);
  }
  return select(state).data;
};

const serverRows = weakMapMemoize(envelopeRowsOf);
const NO_ROWS: EntityState<EnvelopeLine, number> = envelopesAdapter.getInitialState();
const envelopeSelectors = envelopesAdapter.getSelectors();

function selectEnvelopeRows(state: RootState, accountId: number): EntityState<EnvelopeLine, number> {
  const draft = state.sinkFundEdit.draft;
  if (draft?.accountId === accountId) return draft.envelopes;
  const fund = selectServerSinkFund(state, accountId);
  return fund ? serverRows(fund) : NO_ROWS;
}

export const selectEnvelope = (state: RootState, accountId: number, key: number) => selectEnvelopeRows(state, accountId).entities[key];

const NO_CLASH: Partial<EnvelopeLine> = {};
/** After a Reload: the envelope's fields someone else changed too, with their values (shown beside the person's). */
export const selectEnvelopeClash = (state: RootState, accountId: number, key: number): Partial<EnvelopeLine> => {
  const draft = state.sinkFundEdit.draft;
  return draft?.accountId === accountId ? ((draft.clashes?.envelopes?.[key] as Partial<EnvelopeLine> | undefined) ?? NO_CLASH) : NO_CLASH;
};

/** While editing: the envelopes as they were when editing started. */
const selectDraftBase = (state: RootState, accountId: number) => {
  const draft = state.sinkFundEdit.draft;
  return draft?.accountId === accountId ? draft.base.envelopes : null;
};
const selectShowClosed = (_state: RootState, _accountId: number, showClosed: boolean) => showClosed;
const selectEnvelopeList = createSelector([selectEnvelopeRows], (rows) => envelopeSelectors.selectAll(rows));

interface EnvelopeLayout {
  keys: number[];
  /** Closed envelopes left out of the table, and the money they still hold (so the totals still add up). */
  hiddenCount: number;
  hiddenBalance: number;
}

const sameKeys = (a: number[], b: number[]) => a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * The rows the table shows: open envelopes, and closed ones too when asked. While editing, an envelope that was
 * open when editing started stays in view after it is closed, so it does not vanish under the person's hand.
 */
export const selectEnvelopeLayout = createSelector(
  [selectEnvelopeList, selectDraftBase, selectShowClosed],
  (envelopes, base, showClosed): EnvelopeLayout => {
    const shown = (row: EnvelopeLine) => showClosed || row.status === 'open' || (base !== null && base.entities[row.key]?.status !== 'closed');
    const hidden = envelopes.filter((row) => !shown(row) && !row.deleted);
    return {
      keys: envelopes.filter(shown).map((row) => row.key),
      hiddenCount: hidden.length,
      hiddenBalance: sumCents(hidden.map((row) => row.current_balance)),
    };
  },
  { memoizeOptions: { resultEqualityCheck: (a: EnvelopeLayout, b: EnvelopeLayout) => sameKeys(a.keys, b.keys) && a.hiddenCount === b.hiddenCount && a.hiddenBalance === b.hiddenBalance } },
);

/** Totals of the envelopes in view (rows toggled deleted left out), live while editing. */
export const selectEnvelopeTotals = createSelector([selectEnvelopeList, selectEnvelopeLayout], (envelopes, layout) => {
  const inView = new Set(layout.keys);
  return envelopeTotals(envelopes.filter((row) => inView.has(row.key) && !row.deleted));
});

/** The PUT body (new rows toggled deleted left out) and the row key of each envelope in it, to place the refusals. */
export const selectSinkFundSavePayload = createSelector([selectSinkFundDraft], (draft): { body: UpdateSinkFundBody; keys: number[] } | null => {
  if (!draft) return null;
  const rows = envelopeSelectors.selectAll(draft.envelopes).filter((row) => !(row.id === 0 && row.deleted));
  return {
    keys: rows.map((row) => row.key),
    body: {
      lock_version: draft.lockVersion,
      sink_fund_allocations: rows.map((row) => ({ id: row.id, name: row.name, target: row.target, comment: row.comment, status: row.status, deleted: row.deleted })),
    },
  };
});

/** The refusals of a failed save (`sink_fund_allocations.<index>.<field>`), by the row key they belong to. */
export function refusalsByRow(fieldErrors: Record<string, string[]>, keys: number[]): Record<number, string[]> {
  return Object.fromEntries(rowsOfRefusal({ messages: [], fieldErrors }, { sink_fund_allocations: { keys, names: [], unnamed: '' } }).said.sink_fund_allocations);
}
