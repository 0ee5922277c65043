import { setupStore } from '../../../src/app/store';
import { userLoggedOut } from '../../../src/platform/authSlice';
import {
  editCancelled,
  suggestionsArrived,
  suggestionAccepted,
  allSuggestionsAccepted,
  editStarted,
  rowAdded,
  rowChanged,
  rowDeleteToggled,
  rowsImported,
  windowSaved,
} from '../../../src/features/transactions/transactionEditSlice';
import { selectOpenSuggestionCount, selectDraftLockVersion, selectDraftRows, selectHasUnsavedTransactions, selectIsEditingTransactions, selectIsEditingWindow } from '../../../src/features/transactions/transactionSelectors';
import { draftRow } from './builders';

function editingStore(rows = [draftRow(), draftRow(), draftRow()], isCreditCard = false) {
  const store = setupStore();
  store.dispatch(editStarted({ bankAccountId: 1, budgetId: 7, isCreditCard, lockVersion: 3, rows }));
  return { store, rows };
}

describe('the draft', () => {
  it('is "editing" only for the window it was started on, with that window\'s lock version, and not dirty yet', () => {
    const { store } = editingStore();
    expect(selectIsEditingWindow(store.getState(), 1, 7)).toBe(true);
    expect(selectIsEditingWindow(store.getState(), 2, 7)).toBe(false);
    expect(selectIsEditingWindow(store.getState(), 1, 8)).toBe(false);
    expect(selectDraftLockVersion(store.getState())).toBe(3);
    expect(selectHasUnsavedTransactions(store.getState())).toBe(false);
  });

  it('replaces only the row an edit touches', () => {
    const { store, rows } = editingStore();
    store.dispatch(rowChanged({ key: rows[1].key, changes: { description: 'Bakery' } }));
    const next = selectDraftRows(store.getState());
    expect(next[0]).toBe(rows[0]);
    expect(next[2]).toBe(rows[2]);
    expect(next[1]).toMatchObject({ description: 'Bakery' });
    expect(selectHasUnsavedTransactions(store.getState())).toBe(true);
  });

  it('toggles deletion back and forth', () => {
    const { store, rows } = editingStore([draftRow()]);
    store.dispatch(rowDeleteToggled(rows[0].key));
    expect(selectDraftRows(store.getState())[0].deleted).toBe(true);
    store.dispatch(rowDeleteToggled(rows[0].key));
    expect(selectDraftRows(store.getState())[0].deleted).toBe(false);
  });

  it('appends added and imported rows after the window, in order', () => {
    const { store, rows } = editingStore([draftRow()]);
    const added = draftRow({ description: 'Added' });
    const imported = [draftRow({ description: 'Imported 1' }), draftRow({ description: 'Imported 2', deleted: true, importFlag: 'duplicate' })];
    store.dispatch(rowAdded(added));
    store.dispatch(rowsImported(imported));
    expect(selectDraftRows(store.getState())).toEqual([rows[0], added, ...imported]);
    expect(selectHasUnsavedTransactions(store.getState())).toBe(true);
  });

  it.each([
    ['Cancel', editCancelled()],
    ['a save', windowSaved()],
    ['logging out', userLoggedOut()],
  ])('ends with %s', (_what, action) => {
    const { store, rows } = editingStore();
    store.dispatch(rowChanged({ key: rows[0].key, changes: { description: 'Bakery' } }));
    store.dispatch(action);
    expect(selectIsEditingTransactions(store.getState())).toBe(false);
    expect(selectHasUnsavedTransactions(store.getState())).toBe(false);
    expect(selectDraftRows(store.getState())).toEqual([]);
  });
});

describe('suggestions', () => {
  it('land only on rows still showing the description asked about and still without an allocation, without making the draft dirty', () => {
    const { store, rows } = editingStore([draftRow({ description: 'Tesco' }), draftRow({ description: 'Tesco' }), draftRow({ description: 'Shell', allocation_id: 4 })]);
    store.dispatch(rowChanged({ key: rows[1].key, changes: { description: 'Tesco Express' } }));
    store.dispatch(
      suggestionsArrived([
        { key: rows[0].key, description: 'Tesco', allocationId: 11 },
        { key: rows[1].key, description: 'Tesco', allocationId: 11 },
        { key: rows[2].key, description: 'Shell', allocationId: 12 },
      ]),
    );
    const next = selectDraftRows(store.getState());
    expect(next.map((row) => row.suggestedAllocationId)).toEqual([11, undefined, undefined]);
    expect(selectOpenSuggestionCount(store.getState())).toBe(1);

    store.dispatch(suggestionAccepted(rows[0].key));
    expect(selectDraftRows(store.getState())[0]).toMatchObject({ allocation_id: 11, status: 'paid', suggestedAllocationId: undefined });
    expect(selectOpenSuggestionCount(store.getState())).toBe(0);
  });

  it('accepting suggestions on a credit card gives the allocation and leaves Paid? as it was', () => {
    const { store, rows } = editingStore([draftRow({ description: 'Tesco', status: 'unpaid' }), draftRow({ description: 'Shell', status: 'unpaid' }), draftRow({ description: 'Refund', status: 'paid' })], true);
    store.dispatch(
      suggestionsArrived([
        { key: rows[0].key, description: 'Tesco', allocationId: 11 },
        { key: rows[1].key, description: 'Shell', allocationId: 12 },
        { key: rows[2].key, description: 'Refund', allocationId: 13 },
      ]),
    );
    store.dispatch(suggestionAccepted(rows[0].key));
    expect(selectDraftRows(store.getState())[0]).toMatchObject({ allocation_id: 11, status: 'unpaid' });
    store.dispatch(allSuggestionsAccepted());
    expect(selectDraftRows(store.getState()).map((row) => [row.allocation_id, row.status])).toEqual([
      [11, 'unpaid'],
      [12, 'unpaid'],
      [13, 'paid'],
    ]);
  });

  it('a suggestion is dropped when the description changes', () => {
    const { store, rows } = editingStore([draftRow({ description: 'Tesco' })]);
    store.dispatch(suggestionsArrived([{ key: rows[0].key, description: 'Tesco', allocationId: 11 }]));
    expect(selectHasUnsavedTransactions(store.getState())).toBe(false);
    store.dispatch(rowChanged({ key: rows[0].key, changes: { description: 'Shell' } }));
    expect(selectDraftRows(store.getState())[0].suggestedAllocationId).toBeUndefined();
  });
});
