import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConflictBanner } from '../../components/ConflictBanner';
import { LiveChangeNotice } from '../../components/LiveChangeNotice';
import { liveResource } from '../../shared/liveEvents';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { Result } from '../../components/Result';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { usePageHeading } from '../../components/usePageHeading';
import { errorShown, infoShown } from '../../app/messages/messagesSlice';
import { useWriteAction } from '../../app/messages/useWriteAction';
import { apiErrorMessages, errorStatus } from '../../app/apiErrors';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { AllocationsTable } from './AllocationsTable';
import { budgetSaved, draftRebased, editCancelled, editStarted, NO_REFUSED_ROWS, saveRefused } from './budgetEditSlice';
import { budgetMessages } from './budgetMessages';
import { describeBudgetRefusal } from './budgetRefusal';
import { selectHasUnsavedEdits, selectIsEditing, selectSavePayload, selectSaveRowKeys } from './budgetSelectors';
import { useGetBudgetQuery, useUpdateBudgetMutation } from './budgetsApi';
import { BudgetSetupNotice } from './BudgetSetupNotice';
import { BudgetFiguresBar, BudgetSummary } from './BudgetSummary';
import { IncomesTable } from './IncomesTable';
import { showsOwners } from '../../shared/incomeOwners';
import { useNarrowScreen } from '../../app/useNarrowScreen';
import { BudgetPageTitle } from './BudgetPageTitle';
import { BUDGET_NOT_FOUND_MESSAGE } from '../../shared/budgetMessages';

const NO_ACCOUNTS: never[] = [];

/** Subscribes to the draft's dirty flag here, so the page itself never re-renders on a keystroke. */
function BudgetUnsavedChangesGuard() {
  const dirty = useAppSelector(selectHasUnsavedEdits);
  return <UnsavedChangesGuard dirty={dirty} changesTo="this budget" />;
}

export default function BudgetDetailPage() {
  const { id } = useParams();
  const budgetId = Number(id);
  if (!Number.isInteger(budgetId) || budgetId <= 0) return <Result status="404" title={BUDGET_NOT_FOUND_MESSAGE} />;
  return <BudgetDetail key={budgetId} budgetId={budgetId} />;
}

function BudgetDetail({ budgetId }: { budgetId: number }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const mobile = useNarrowScreen();
  const { data: budget, error, refetch, isFetching } = useGetBudgetQuery(budgetId);
  useGetAllocationCategoriesQuery();
  const { data: accounts = NO_ACCOUNTS } = useGetBankAccountsQuery();
  const { data: settings } = useGetSettingsQuery();
  const [updateBudget, { isLoading: saving }] = useUpdateBudgetMutation();
  const { run } = useWriteAction();
  const editing = useAppSelector((state) => selectIsEditing(state, budgetId));
  const [conflict, setConflict] = useState<string | null>(null);
  /** The reasons of the last refused save, one per line; shown until dismissed, saved or cancelled. */
  const [refusal, setRefusal] = useState<string[] | null>(null);
  usePageHeading(budget ? `Edit Budget: ${budget.name}` : 'Edit Budget');

  // A draft belongs to the page it was started on: leaving the page (after confirming) discards it.
  useEffect(() => () => void dispatch(editCancelled()), [dispatch]);

  if (error && !budget) {
    const message = apiErrorMessages(error).join(' ');
    if (errorStatus(error) === 404) return <Result status="404" title={BUDGET_NOT_FOUND_MESSAGE} subTitle={message} />;
    return <LoadError message={message} onRetry={refetch} />;
  }
  if (!budget) return <PageLoading />;

  const closed = budget.status === 'closed';

  const dismissRefusal = () => {
    setRefusal(null);
    dispatch(saveRefused(NO_REFUSED_ROWS));
  };

  const save = async () => {
    const state = store.getState();
    const body = selectSavePayload(state);
    const keys = selectSaveRowKeys(state);
    if (!body || !keys) return;
    const saved = await run({
      write: () => updateBudget({ id: budgetId, body }).unwrap(),
      success: budgetMessages.saved,
      failure: budgetMessages.notSaved,
      onRefused: (refused) => {
        if (refused.conflict) {
          setConflict(refused.messages.join(' '));
          return;
        }
        // The server names rows by their place in the save: say which rows, by name, and mark them.
        const { reasons, rows } = describeBudgetRefusal(refused, body, keys);
        setRefusal(reasons);
        dispatch(saveRefused(rows));
        dispatch(errorShown([budgetMessages.notSaved, ...reasons].join(' ')));
      },
    });
    if (saved) {
      setConflict(null);
      setRefusal(null);
      dispatch(budgetSaved());
    }
  };

  const cancel = () => {
    dispatch(editCancelled());
    setConflict(null);
    setRefusal(null);
    refetch();
    dispatch(infoShown(budgetMessages.editingCanceled));
  };

  const reload = async () => {
    const fresh = await refetch();
    if (!fresh.data) {
      dispatch(errorShown(apiErrorMessages(fresh.error).join(' ')));
      return;
    }
    dispatch(draftRebased(fresh.data));
    setConflict(null);
    dispatch(infoShown('Reloaded the latest budget with your changes kept on top. Check them and save again.'));
  };

  return (
    <section className="ec-budget ec-budget-detail" data-budget-id={budgetId}>
      <BudgetPageTitle title={`Edit Budget: ${budget.name}`}>{closed && <span className="ec-tag">Closed</span>}</BudgetPageTitle>
      <BudgetSetupNotice />
      <div className="ec-budget-toolbar">
        <Button onClick={() => navigate(paths.budgets)}>Back to Budget List</Button>
        <Button onClick={() => navigate(paths.transactionsFor({ budgetId }))}>View Transactions</Button>
        {editing ? (
          <>
            <Button type="primary" loading={saving} onClick={save}>
              Save Changes
            </Button>
            <Button onClick={cancel} disabled={saving}>
              Cancel
            </Button>
          </>
        ) : (
          !closed && (
            <Button type="primary" disabled={isFetching} onClick={() => dispatch(editStarted(budget))}>
              Make Changes
            </Button>
          )
        )}
      </div>
      {conflict && editing && <ConflictBanner message={conflict} edits="kept" onReload={() => void reload()} reloading={isFetching} />}
      <LiveChangeNotice editing={editing && !conflict} resources={[liveResource.budget(budgetId), 'budgets']} what="this budget" edits="kept" onReload={() => void reload()} reloading={isFetching} />
      {refusal && editing && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={dismissRefusal}
          title={budgetMessages.notSaved}
          description={
            <ul className="ec-refusal-reasons">
              {refusal.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          }
        />
      )}
      <IncomesTable budgetId={budgetId} editing={editing} accounts={accounts} partners={showsOwners(settings) ? settings : null} mobile={mobile} />
      <AllocationsTable budgetId={budgetId} editing={editing} mobile={mobile} open={!closed} />
      <BudgetSummary budgetId={budgetId} />
      <BudgetFiguresBar budgetId={budgetId} />
      <BudgetUnsavedChangesGuard />
    </section>
  );
}
