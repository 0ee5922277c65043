import { Alert, Button, Checkbox, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../platform/apiErrors';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { paths } from '../../platform/paths';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { ConflictBanner } from '../../components/ConflictBanner';
import { LiveChangeNotice } from '../../components/LiveChangeNotice';
import { liveResource } from '../../shared/liveEvents';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { usePageHeading } from '../../components/usePageHeading';
import type { SinkFund, UpdateSinkFundBody } from '../../shared/schemas/sinkFunds';
import { RefusalNotice } from '../../platform/editing/RefusalNotice';
import { rowsOfRefusal } from '../../platform/editing/fieldErrors';
import { useEditMode } from '../../platform/editing/useEditMode';
import { useEditKeys } from '../../platform/editing/useEditKeys';
import { EnvelopesTable, type EnvelopeTarget } from './EnvelopesTable';
import { EnvelopeTransactionsDialog } from './EnvelopeTransactionsDialog';
import { draftRebased, editCancelled, editStarted, sinkFundSaved } from './sinkFundEditSlice';
import { sinkFundMessages } from './sinkFundMessages';
import { useGetSinkFundQuery, useGetSinkFundsQuery, useUpdateSinkFundMutation } from './sinkFundsApi';
import { selectHasUnsavedEnvelopeEdits, selectIsEditingSinkFund, selectSinkFundSavePayload } from './sinkFundSelectors';
import { TransferMoneyDialog } from './TransferMoneyDialog';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import './sinkFunds.css';
import { HelpTip } from '../glossary';
import { GuideNextStep } from '../guide';

const NO_FUNDS: SinkFund[] = [];
const NO_REFUSALS: Record<number, string[]> = {};
const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** Sink Funds: pick a sink-fund account (kept in the URL), then see and manage its envelopes. */
export default function SinkFundsPage() {
  usePageHeading('Sink Funds');
  const [searchParams, setSearchParams] = useSearchParams();
  const fundsQuery = useGetSinkFundsQuery();
  const editing = useAppSelector((state) => state.sinkFundEdit.draft !== null);
  const funds = fundsQuery.data ?? NO_FUNDS;
  const urlId = idParam(searchParams.get('bank_account_id'));
  // Open accounts come first: the first one is the default.
  const defaultId = funds[0]?.id ?? null;
  const accountId = urlId ?? defaultId;

  // The default goes into the URL too, so what is on screen can be bookmarked.
  useEffect(() => {
    if (urlId === null && defaultId !== null) setSearchParams({ bank_account_id: String(defaultId) }, { replace: true });
  }, [urlId, defaultId, setSearchParams]);

  if (fundsQuery.isLoading) return <PageLoading />;
  if (fundsQuery.error && !fundsQuery.data) return <LoadError message={apiErrorText(fundsQuery.error)} onRetry={fundsQuery.refetch} />;
  if (funds.length === 0) {
    return (
      <section className="ec-sink-funds">
        <p>
          There is no sink fund account yet. A sink fund is one savings account split into envelopes (the car, insurance, Christmas).{' '}
          <Link to={paths.bankAccounts}>Add a bank account</Link> with the account feature "Sink Fund" to start one.
        </p>
        <GuideNextStep step="accounts" evenWhenDone missing='A sink fund is one of your accounts, added with the account feature "Sink Fund".' />
      </section>
    );
  }

  const fund = funds.find((candidate) => candidate.id === accountId);
  return (
    <section className="ec-sink-funds">
      <div className="ec-sink-fund-picker">
        <label>
          Sink Fund Account
          <HelpTip term="sink-fund" />
          <Select
            aria-label="Sink Fund Account"
            value={fund?.id}
            disabled={editing}
            options={funds.map((candidate) => ({ value: candidate.id, label: candidate.status === 'closed' ? `${candidate.name} (closed)` : candidate.name }))}
            onChange={(value: number) => setSearchParams({ bank_account_id: String(value) })}
          />
        </label>
        {fund && <Link to={paths.transactionsFor({ bankAccountId: fund.id })}>View Transactions</Link>}
      </div>
      {fund ? <SinkFundDetail key={fund.id} accountId={fund.id} /> : <Alert type="warning" showIcon title="That sink fund account was not found. Choose one above." />}
    </section>
  );
}

function SinkFundDetail({ accountId }: { accountId: number }) {
  const dispatch = useAppDispatch();
  const mobile = useNarrowScreen();
  const { data: fund, error, refetch, isFetching } = useGetSinkFundQuery(accountId);
  const [updateSinkFund] = useUpdateSinkFundMutation();
  const editing = useAppSelector((state) => selectIsEditingSinkFund(state, accountId));
  const unsaved = useAppSelector(selectHasUnsavedEnvelopeEdits);
  const [showClosed, setShowClosed] = useState(false);
  const [refusals, setRefusals] = useState(NO_REFUSALS);
  const [transferring, setTransferring] = useState(false);
  const [transactionsOf, setTransactionsOf] = useState<EnvelopeTarget | null>(null);
  const sent = useRef<{ body: UpdateSinkFundBody; keys: number[] } | null>(null);
  const { save, cancel, reload, busy, conflict, refusal, dismissRefusal } = useEditMode<SinkFund>({
    words: { saved: sinkFundMessages.saved, notSaved: sinkFundMessages.notSaved, cancelled: sinkFundMessages.editingCanceled, reloaded: sinkFundMessages.reloaded },
    selectDirty: selectHasUnsavedEnvelopeEdits,
    write: (state) => {
      const payload = selectSinkFundSavePayload(state);
      if (!payload) return null;
      sent.current = payload;
      return () => updateSinkFund({ id: accountId, body: payload.body }).unwrap();
    },
    refused: (refused) => {
      const payload = sent.current;
      if (!payload) return refused.messages;
      const names = (payload.body.sink_fund_allocations ?? []).map((row) => row.name ?? '');
      const { reasons, said } = rowsOfRefusal(refused, { sink_fund_allocations: { keys: payload.keys, names, unnamed: 'New envelope' } });
      setRefusals(Object.fromEntries(said.sink_fund_allocations));
      return reasons;
    },
    saved: () => {
      setRefusals(NO_REFUSALS);
      dispatch(sinkFundSaved());
    },
    cancelled: () => {
      setRefusals(NO_REFUSALS);
      dispatch(editCancelled());
    },
    refetch,
    rebased: (fresh) => {
      setRefusals(NO_REFUSALS);
      dispatch(draftRebased(fresh));
    },
  });
  useEditKeys(editing, save, cancel);

  // A draft belongs to the page it was started on: leaving the page (after confirming) discards it.
  useEffect(() => () => void dispatch(editCancelled()), [dispatch]);

  if (error && !fund) return <LoadError message={apiErrorText(error)} onRetry={refetch} />;
  if (!fund) return <PageLoading />;

  return (
    <div className="ec-sink-fund" data-account-id={accountId}>
      <Space wrap className="ec-sink-fund-toolbar">
        {editing ? (
          <>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              Save Changes
            </Button>
            <Button onClick={() => void cancel()} disabled={busy}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button type="primary" disabled={isFetching} onClick={() => dispatch(editStarted(fund))}>
              Make Changes
            </Button>
            {/* View mode only: a draft keeps the balances it started with. */}
            <Button onClick={() => setTransferring(true)}>Transfer Money</Button>
          </>
        )}
        <Checkbox checked={showClosed} onChange={(event) => setShowClosed(event.target.checked)}>
          Show Closed Envelopes?
        </Checkbox>
      </Space>
      {conflict && editing && <ConflictBanner message={conflict} edits="kept" onReload={() => void reload()} reloading={isFetching} />}
      <LiveChangeNotice editing={editing && !conflict} resources={[liveResource.envelopes(accountId)]} what="these envelopes" edits="kept" onReload={() => void reload()} reloading={isFetching} />
      {refusal && editing && <RefusalNotice title={sinkFundMessages.notSaved} reasons={refusal} onClose={dismissRefusal} within=".ec-sink-fund" />}
      <EnvelopesTable accountId={accountId} fund={fund} editing={editing} mobile={mobile} showClosed={showClosed} refusals={refusals} onShowTransactions={setTransactionsOf} />
      <TransferMoneyDialog fund={fund} open={transferring} onDone={() => setTransferring(false)} />
      {transactionsOf && <EnvelopeTransactionsDialog target={transactionsOf} onClose={() => setTransactionsOf(null)} />}
      <UnsavedChangesGuard dirty={unsaved} changesTo="these envelopes" />
    </div>
  );
}
