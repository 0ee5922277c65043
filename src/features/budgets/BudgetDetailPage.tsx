import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { paths } from '../../platform/paths';
import { Button } from '../../components/Button';
import { ConflictBanner } from '../../components/ConflictBanner';
import { LiveChangeNotice } from '../../components/LiveChangeNotice';
import { liveResource } from '../../shared/liveEvents';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { ErrorBoundary } from '../../components/PageErrorBoundary';
import { Result } from '../../components/Result';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { usePageHeading } from '../../components/usePageHeading';
import { RefusalNotice } from '../../platform/editing/RefusalNotice';
import { useEditMode } from '../../platform/editing/useEditMode';
import { useEditKeys } from '../../platform/editing/useEditKeys';
import type { Budget, UpdateBudgetBody } from '../../shared/schemas/budgets';
import { apiErrorText, errorStatus } from '../../platform/apiErrors';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { AllocationsTable } from './AllocationsTable';
import { budgetSaved, draftRebased, editCancelled, editStarted, NO_REFUSED_ROWS, saveRefused } from './budgetEditSlice';
import { BUDGET_NOT_FOUND_MESSAGE, budgetMessages } from '../../shared/budgetMessages';
import { amountsOverTheLimit, describeBudgetRefusal } from './budgetRefusal';
import { selectHasUnsavedEdits, selectIsEditing, selectSavePayload, selectSaveRowKeys } from './budgetSelectors';
import { useGetBudgetQuery, useUpdateBudgetMutation } from './budgetsApi';
import { BudgetSetupNotice } from './BudgetSetupNotice';
import { BudgetFiguresBar, BudgetSummary } from './BudgetSummary';
import { IncomesTable } from './IncomesTable';
import { showsOwners } from '../../shared/incomeOwners';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { BudgetPageTitle } from './BudgetPageTitle';
import { SkipToAllocations } from './SkipToAllocations';
import { useScheduledToCome } from './scheduledToCome';

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

/**
 * The budget's edit mode through the edit kit: save, cancel (asking when there are edits), reload after a
 * conflict and the rows a refusal names. Everything about the page's edit state is reachable here, so a notice
 * such as "someone changed this budget — Reload" needs only `reload` and `editing`.
 */
function useBudgetEditMode(budgetId: number) {
  const dispatch = useAppDispatch();
  const [updateBudget] = useUpdateBudgetMutation();
  const { refetch } = useGetBudgetQuery(budgetId);
  const editing = useAppSelector((state) => selectIsEditing(state, budgetId));
  const lastSave = useRef<{ body: UpdateBudgetBody; keys: { incomes: number[]; allocations: number[] } } | null>(null);
  const edit = useEditMode<Budget>({
    words: { saved: budgetMessages.saved, notSaved: budgetMessages.notSaved, cancelled: budgetMessages.editingCanceled, reloaded: BUDGET_RELOADED },
    selectDirty: selectHasUnsavedEdits,
    check: (state) => {
      const body = selectSavePayload(state);
      const keys = selectSaveRowKeys(state);
      const overLimit = body && amountsOverTheLimit(body);
      if (!body || !keys || !overLimit) return null;
      const { reasons, rows } = describeBudgetRefusal(overLimit, body, keys);
      dispatch(saveRefused(rows));
      return reasons;
    },
    write: (state) => {
      const body = selectSavePayload(state);
      const keys = selectSaveRowKeys(state);
      if (!body || !keys) return null;
      lastSave.current = { body, keys };
      return () => updateBudget({ id: budgetId, body, endsEditing: true }).unwrap();
    },
    refused: (refusal) => {
      const sent = lastSave.current;
      if (!sent) return refusal.messages;
      // The server names rows by their place in the save: say which rows, by name, and mark them.
      const { reasons, rows } = describeBudgetRefusal(refusal, sent.body, sent.keys);
      dispatch(saveRefused(rows));
      return reasons;
    },
    saved: () => dispatch(budgetSaved()),
    cancelled: () => {
      dispatch(editCancelled());
      void refetch();
    },
    refetch,
    rebased: (fresh) => dispatch(draftRebased(fresh)),
  });
  const dismissRefusal = () => {
    edit.dismissRefusal();
    dispatch(saveRefused(NO_REFUSED_ROWS));
  };
  return { ...edit, editing, dismissRefusal };
}

/**
 * The spec's heading, "Edit Budget: {name}", while editing; viewing, the page does not claim to edit:
 * "Budget: {name}".
 */
const budgetHeading = (name: string | undefined, editing: boolean): string => {
  const label = editing ? 'Edit Budget' : 'Budget';
  return name ? `${label}: ${name}` : label;
};

const BUDGET_RELOADED = 'Reloaded the latest budget with your changes kept on top. Check them and save again.';

function BudgetDetail({ budgetId }: { budgetId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mobile = useNarrowScreen();
  const { data: budget, error, refetch, isFetching } = useGetBudgetQuery(budgetId);
  useGetAllocationCategoriesQuery();
  const { data: accounts = NO_ACCOUNTS } = useGetBankAccountsQuery();
  const { data: settings } = useGetSettingsQuery();
  const scheduled = useScheduledToCome(budget);
  const { editing, save, cancel, reload, busy, conflict, refusal, dismissRefusal } = useBudgetEditMode(budgetId);
  useEditKeys(editing, save, cancel);
  const heading = budgetHeading(budget?.name, editing);
  usePageHeading(heading);

  // A draft belongs to the page it was started on: leaving the page (after confirming) discards it.
  useEffect(() => () => void dispatch(editCancelled()), [dispatch]);

  if (error && !budget) {
    const message = apiErrorText(error);
    if (errorStatus(error) === 404) return <Result status="404" title={BUDGET_NOT_FOUND_MESSAGE} subTitle={message} />;
    return <LoadError message={message} onRetry={refetch} />;
  }
  if (!budget) return <PageLoading />;

  const closed = budget.status === 'closed';

  return (
    <section className={`ec-budget ec-budget-detail${editing ? ' ec-budget-detail--editing' : ''}`} data-budget-id={budgetId}>
      <BudgetPageTitle title={heading}>
        <span className={`ec-tag ec-mode-tag${editing ? ' ec-mode-tag--editing' : ''}`}>
          {editing ? 'Editing' : 'Viewing'}
        </span>
        {closed && <span className="ec-tag">Closed</span>}
      </BudgetPageTitle>
      <BudgetSetupNotice />
      <div className="ec-budget-toolbar">
        <Button onClick={() => navigate(paths.budgets)}>Back to Budget List</Button>
        <Button onClick={() => navigate(paths.transactionsFor({ budgetId }))}>View Transactions</Button>
        {editing ? (
          <>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              Save Changes
            </Button>
            <Button onClick={() => void cancel()} disabled={busy}>
              Cancel
            </Button>
            <SkipToAllocations />
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
      {refusal && editing && <RefusalNotice title={budgetMessages.notSaved} reasons={refusal} onClose={dismissRefusal} within=".ec-budget-detail" />}
      {/* Inside the page, so that a part failing to draw keeps the page, its draft, Save and Cancel. */}
      <ErrorBoundary keeps={editing ? 'Your unsaved changes are kept: Save Changes and Cancel still work.' : undefined}>
        <IncomesTable budgetId={budgetId} editing={editing} accounts={accounts} partners={showsOwners(settings) ? settings : null} mobile={mobile} primaryAccountId={settings?.primary_budget_account_id ?? null} />
        <AllocationsTable budgetId={budgetId} editing={editing} mobile={mobile} open={!closed} scheduled={scheduled} />
        <BudgetSummary budgetId={budgetId} />
        <BudgetFiguresBar budgetId={budgetId} />
      </ErrorBoundary>
      <BudgetUnsavedChangesGuard />
    </section>
  );
}
