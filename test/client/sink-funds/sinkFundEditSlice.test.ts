import { setupStore, type AppStore } from '../../../src/app/store';
import { userLoggedOut } from '../../../src/platform/authSlice';
import {
  draftRebased,
  editCancelled,
  editStarted,
  envelopeAdded,
  envelopeChanged,
  envelopeDeleteToggled,
  sinkFundSaved,
} from '../../../src/features/sink-funds/sinkFundEditSlice';
import {
  refusalsByRow,
  selectEnvelope,
  selectEnvelopeLayout,
  selectEnvelopeTotals,
  selectHasUnsavedEnvelopeEdits,
  selectIsEditingSinkFund,
  selectSinkFundSavePayload,
} from '../../../src/features/sink-funds/sinkFundSelectors';
import { sinkFundsApi } from '../../../src/features/sink-funds/sinkFundsApi';
import { envelope, savingsFund } from './fixtures';

async function storeWithFund(fund = savingsFund()): Promise<AppStore> {
  const store = setupStore();
  await store.dispatch(sinkFundsApi.util.upsertQueryData('getSinkFund', fund.id, fund));
  return store;
}

describe('sink fund edit draft', () => {
  it("shows the server's envelopes until editing starts, and only for the account being edited", async () => {
    const store = await storeWithFund();
    expect(selectIsEditingSinkFund(store.getState(), 5)).toBe(false);
    expect(selectEnvelope(store.getState(), 5, 11)).toMatchObject({ name: 'Car', target: 50_000, comment: 'service in May', current_balance: 30_000 });
    store.dispatch(editStarted(savingsFund()));
    expect(selectIsEditingSinkFund(store.getState(), 5)).toBe(true);
    expect(selectIsEditingSinkFund(store.getState(), 6)).toBe(false);
    expect(selectHasUnsavedEnvelopeEdits(store.getState())).toBe(false);
    store.dispatch(envelopeChanged({ key: 11, changes: { name: 'Car service' } }));
    expect(selectEnvelope(store.getState(), 5, 11)?.name).toBe('Car service');
    expect(selectHasUnsavedEnvelopeEdits(store.getState())).toBe(true);
    store.dispatch(editCancelled());
    expect(selectEnvelope(store.getState(), 5, 11)?.name).toBe('Car');
  });

  it('hides closed envelopes unless asked, keeping their money in the totals that add up', async () => {
    const store = await storeWithFund();
    expect(selectEnvelopeLayout(store.getState(), 5, false)).toEqual({ keys: [11, 12], hiddenCount: 1, hiddenBalance: 2_000 });
    expect(selectEnvelopeLayout(store.getState(), 5, true)).toEqual({ keys: [11, 12, 13], hiddenCount: 0, hiddenBalance: 0 });
    expect(selectEnvelopeTotals(store.getState(), 5, false)).toEqual({ balance: 35_000, target: 50_000, outstanding: -20_000 });
    expect(selectEnvelopeTotals(store.getState(), 5, true)).toEqual({ balance: 37_000, target: 70_000, outstanding: -38_000 });
  });

  it('keeps an envelope closed during this edit in view until it is saved', async () => {
    const store = await storeWithFund();
    store.dispatch(editStarted(savingsFund()));
    store.dispatch(envelopeChanged({ key: 12, changes: { status: 'closed' } }));
    expect(selectEnvelopeLayout(store.getState(), 5, false).keys).toEqual([11, 12]);
  });

  it('totals follow the draft live: new targets, added envelopes, and rows toggled deleted left out', async () => {
    const store = await storeWithFund();
    store.dispatch(editStarted(savingsFund()));
    store.dispatch(envelopeChanged({ key: 11, changes: { target: 40_000 } }));
    store.dispatch(envelopeAdded());
    store.dispatch(envelopeChanged({ key: -1, changes: { name: 'Holiday', target: 100_000 } }));
    expect(selectEnvelopeTotals(store.getState(), 5, false)).toEqual({ balance: 35_000, target: 140_000, outstanding: -10_000 - 100_000 });
    store.dispatch(envelopeDeleteToggled(-1));
    expect(selectEnvelopeTotals(store.getState(), 5, false)).toEqual({ balance: 35_000, target: 40_000, outstanding: -10_000 });
    store.dispatch(envelopeDeleteToggled(-1));
    expect(selectEnvelopeTotals(store.getState(), 5, false).target).toBe(140_000);
  });

  it('saves every row with its id (0 for new), deleted ones flagged, new ones toggled deleted left out, and the lock_version', async () => {
    const store = await storeWithFund();
    store.dispatch(editStarted(savingsFund()));
    store.dispatch(envelopeChanged({ key: 12, changes: { comment: 'gifts', status: 'closed' } }));
    store.dispatch(envelopeDeleteToggled(13));
    store.dispatch(envelopeAdded());
    store.dispatch(envelopeChanged({ key: -1, changes: { name: 'Holiday', target: 100_000 } }));
    store.dispatch(envelopeAdded());
    store.dispatch(envelopeDeleteToggled(-2));
    expect(selectSinkFundSavePayload(store.getState())).toEqual({
      keys: [11, 12, 13, -1],
      body: {
        lock_version: 4,
        sink_fund_allocations: [
          { id: 11, name: 'Car', target: 50_000, comment: 'service in May', status: 'open', deleted: false },
          { id: 12, name: 'Christmas', target: 0, comment: 'gifts', status: 'closed', deleted: false },
          { id: 13, name: 'Insurance', target: 20_000, comment: '', status: 'closed', deleted: true },
          { id: 0, name: 'Holiday', target: 100_000, comment: '', status: 'open', deleted: false },
        ],
      },
    });
    store.dispatch(sinkFundSaved());
    expect(selectSinkFundSavePayload(store.getState())).toBeNull();
  });

  it('after a conflict, keeps the changed rows on top of the latest envelopes and takes the new lock_version', async () => {
    const store = await storeWithFund();
    store.dispatch(editStarted(savingsFund()));
    store.dispatch(envelopeChanged({ key: 11, changes: { target: 45_000 } }));
    store.dispatch(envelopeAdded());
    store.dispatch(envelopeChanged({ key: -1, changes: { name: 'Holiday' } }));
    const theirs = savingsFund({
      lock_version: 5,
      sink_fund_allocations: [
        envelope(11, 'Car (renamed by them)', 31_000, 50_000),
        envelope(12, 'Christmas (renamed by them)', 5_000, 0),
        envelope(14, 'Gifts', 0, 10_000),
      ],
    });
    store.dispatch(draftRebased(theirs));
    const payload = selectSinkFundSavePayload(store.getState())!;
    expect(payload.body.lock_version).toBe(5);
    expect(payload.body.sink_fund_allocations.map((row) => [row.id, row.name, row.target])).toEqual([
      [11, 'Car', 45_000],
      [12, 'Christmas (renamed by them)', 0],
      [14, 'Gifts', 10_000],
      [0, 'Holiday', 0],
    ]);
    // The changed row shows the latest balance.
    expect(selectEnvelope(store.getState(), 5, 11)?.current_balance).toBe(31_000);
  });

  it('places the refusals of a failed save on the rows they name', () => {
    expect(
      refusalsByRow(
        { 'sink_fund_allocations.0.name': ["Name can't be blank"], 'sink_fund_allocations.2.deleted': ['has 2 transactions'], 'sink_fund_allocations.0.target': ['Target must not be negative'], lock_version: ['x'] },
        [11, -1, 13],
      ),
    ).toEqual({ 11: ["Name can't be blank", 'Target must not be negative'], 13: ['has 2 transactions'] });
  });

  it('forgets the draft when the person logs out', async () => {
    const store = await storeWithFund();
    store.dispatch(editStarted(savingsFund()));
    store.dispatch(userLoggedOut());
    expect(store.getState().sinkFundEdit.draft).toBeNull();
  });
});
