import { Alert, Button, Pagination } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { rowsOfRefusal } from '../../platform/editing/fieldErrors';
import { RefusalNotice } from '../../platform/editing/RefusalNotice';
import { useEditMode } from '../../platform/editing/useEditMode';
import { useEditKeys } from '../../platform/editing/useEditKeys';
import { apiErrorText } from '../../platform/apiErrors';
import { paths } from '../../platform/paths';
import { ConflictBanner } from '../../components/ConflictBanner';
import { LiveChangeNotice } from '../../components/LiveChangeNotice';
import { liveResource } from '../../shared/liveEvents';
import { LoadError } from '../../components/LoadError';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { addMonths, formatShortDate, today } from '../../shared/dates';
import type { Allocation } from '../../shared/schemas/budgets';
import type { BankAccount } from '../../shared/schemas/setup';
import { defaultRowDate, newRowStatus, type BudgetWindow } from '../../shared/transactionRules';
import { ReconcileDialog } from '../reconcile';
import { allocationOptions, useAccountChoices } from './AllocationPicker';
import { draftFromTransaction, draftRowIdentity, fixRowsMessage, newDraftRow, rowsNeedingFixes, rowsToSave, type DraftRow } from './draftRows';
import { rowsTouchedByBoth } from '../../platform/rebaseRows';
import { ImportDialog } from './ImportDialog';
import { importSummaryText, type ImportOutcome } from './import/merge';
import { columnTotals, selectedTotal, summaryFigures } from './summary';
import { envelopeMoves } from './envelopeMoves';
import { SummaryCard } from './SummaryCard';
import { TransactionTable } from './TransactionTable';
import {
  allSuggestionsAccepted,
  draftRebased,
  editCancelled,
  editStarted,
  rowAdded,
  windowSaved,
  rowsImported,
  rowDeleteToggled,
} from './transactionEditSlice';
import { selectDraftLockVersion, selectDraftRows, selectHasUnsavedTransactions, selectIsEditingWindow, selectOpenSuggestionCount } from './transactionSelectors';
import { useAllocationSuggestions } from './useAllocationSuggestions';
import { useGetTransactionWindowQuery, useSaveTransactionWindowMutation, type TransactionWindow } from './transactionsApi';
import { TransferDialog } from './TransferDialog';
import { MarkChargesPaidDialog } from './MarkChargesPaidDialog';
import { CardMonthNote } from './CardMonthNote';
import { useCarriedForwardChoices } from './carriedForwardChoices';
import { useRowSelection } from './useRowSelection';
import { PAGE_SIZE, useWindowPaging } from './useWindowPaging';
import { ScheduleDialog, type ScheduleDraft } from '../schedules';
import { useGetSchedulesQuery, useGetUpcomingQuery } from '../schedules/schedulesApi';

const WINDOW_NOT_SAVED = 'Transactions not saved.';
const TRANSACTIONS_RELOADED = 'Reloaded the latest transactions with your changes kept on top. Check them and save again.';

const NO_ROW_ERRORS: ReadonlyMap<string, string[]> = new Map();

interface Props {
  account: BankAccount;
  accounts: BankAccount[];
  budgetId: number;
  window: BudgetWindow;
  allocations: Allocation[];
  isPrimaryBudgetAccount: boolean;
  /** A closed budget's window is read-only: closing rolled the checkpoints, and the server refuses its saves. */
  closed: boolean;
}

/**
 * One account's transactions in one budget's window: view, edit (the draft lives in transactionEditSlice),
 * import, transfer and the summary card.
 */
export function TransactionWindowEditor({ account, accounts, budgetId, window, allocations, isPrimaryBudgetAccount, closed }: Props) {
  const dispatch = useAppDispatch();
  const windowQuery = useGetTransactionWindowQuery({ bankAccountId: account.id, budgetId });
  const editing = useAppSelector((state) => selectIsEditingWindow(state, account.id, budgetId));
  const dirty = useAppSelector(selectHasUnsavedTransactions);
  const draftRows = useAppSelector(selectDraftRows);
  const savedRows = useMemo(() => (windowQuery.data?.transactions ?? []).map(draftFromTransaction), [windowQuery.data]);
  const rows = editing ? draftRows : savedRows;
  const suggestionCount = useAppSelector(selectOpenSuggestionCount);
  const suggestions = useAllocationSuggestions({ rows: draftRows, budgetId, enabled: editing && !account.is_sink_fund });

  const allocationChoices = useMemo(() => allocationOptions(allocations), [allocations]);
  const accountChoices = useAccountChoices(account, allocationChoices);
  const { options, carriedFrom } = useCarriedForwardChoices(account.id, budgetId, account.is_credit_card, savedRows, accountChoices);
  const selection = useRowSelection();
  const paging = useWindowPaging(rows);
  const { data: upcoming } = useGetUpcomingQuery({ from: window.start_date, to: window.end_date, bankAccountId: account.id });
  const { data: schedules } = useGetSchedulesQuery();
  const scheduled = useMemo(
    () => ({ upcoming: upcoming ?? [], tolerances: new Map((schedules ?? []).map((schedule) => [schedule.id, schedule.tolerance])) }),
    [upcoming, schedules],
  );
  // "Make this repeat": one saved row chosen, a schedule starting a month after it.
  const [repeating, setRepeating] = useState<ScheduleDraft | null>(null);
  const chosen = selection.selected.size === 1 ? rows.find((row) => selection.selected.has(row.key) && row.id !== null) : undefined;
  const repeatable: ScheduleDraft | null = chosen
    ? {
        description: chosen.description,
        amount: chosen.deposit_amount - chosen.withdrawal_amount,
        bank_account_id: account.id,
        allocation_id: chosen.allocation_id ?? undefined,
        start_date: addMonths(chosen.transaction_date, 1),
      }
    : null;
  const [saveWindow] = useSaveTransactionWindowMutation();
  /** The rows a refused save (or the check before sending) named, with what was said of each. */
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string[]>>(NO_ROW_ERRORS);
  const sentKeys = useRef<string[]>([]);
  /** Marks the rows and turns to the page of the first one (the notice then scrolls it into view). */
  const markRows = (marked: ReadonlyMap<string, string[]>, inRows: readonly DraftRow[]) => {
    setRowErrors(marked);
    const firstBad = inRows.findIndex((row) => marked.has(row.key));
    if (firstBad >= 0) paging.showRow(firstBad);
  };
  const [importNote, setImportNote] = useState<{ text: string; problems: string[] } | null>(null);
  const [dialog, setDialog] = useState<'import' | 'transfer' | 'reconcile' | 'mark-paid' | null>(null);
  // The row just added by "Add New Transaction": its first field takes the focus once it is on screen.
  const [focusRow, setFocusRow] = useState<string | null>(null);
  useEffect(() => {
    if (!focusRow) return;
    const field = document.querySelector<HTMLInputElement>(`tr[data-row-key="${focusRow}"] input[aria-label="Date"]`);
    if (!field) return;
    field.focus();
    setFocusRow(null);
  }, [focusRow, paging.pageRows]);

  // A draft belongs to the window it was started on: leaving the window (after confirming) discards it.
  useEffect(() => () => void dispatch(editCancelled()), [dispatch]);

  const figures = useMemo(
    () =>
      summaryFigures({
        // The page asks for current balances; the opening balance stands in only while they are not there.
        accountBalance: account.current_balance ?? account.opening_balance,
        openingDate: account.opening_date,
        rows,
        savedRows,
        isCreditCard: account.is_credit_card,
        allocations: isPrimaryBudgetAccount ? allocations : undefined,
      }),
    [account, rows, savedRows, isPrimaryBudgetAccount, allocations],
  );
  // A move between envelopes is two rows of the sink fund that cancel out: not counted as money out and in.
  const totals = useMemo(() => columnTotals(rows, account.is_sink_fund ? new Set(envelopeMoves(rows, () => '').keys()) : undefined), [rows, account.is_sink_fund]);

  const leaveEditMode = () => {
    setRowErrors(NO_ROW_ERRORS);
    setImportNote(null);
    selection.clear();
  };
  const edit = useEditMode<TransactionWindow>({
    words: { saved: 'Transactions saved.', notSaved: WINDOW_NOT_SAVED, cancelled: 'Editing canceled', reloaded: TRANSACTIONS_RELOADED },
    selectDirty: selectHasUnsavedTransactions,
    check: (state) => {
      const draft = selectDraftRows(state);
      const needingFixes = rowsNeedingFixes(draft, window);
      if (needingFixes.size === 0) return null;
      markRows(needingFixes, draft);
      return [fixRowsMessage(needingFixes.size)];
    },
    write: (state) => {
      const { transactions, keys } = rowsToSave(selectDraftRows(state));
      const lockVersion = selectDraftLockVersion(state);
      sentKeys.current = keys;
      return () =>
        saveWindow({ bank_account_id: account.id, budget_id: budgetId, ...(lockVersion !== undefined ? { window_lock_version: lockVersion } : {}), transactions }).unwrap();
    },
    refused: (refusal) => {
      // The server's messages name the row themselves ("Row 2 (Rent): ..."): no name is put before them.
      const { reasons, said } = rowsOfRefusal(refusal, { transactions: { keys: sentKeys.current, names: [], unnamed: '' } });
      markRows(said.transactions, draftRows);
      return reasons;
    },
    saved: () => {
      dispatch(windowSaved());
      leaveEditMode();
    },
    cancelled: () => {
      dispatch(editCancelled());
      leaveEditMode();
    },
    refetch: windowQuery.refetch,
    rebased: (fresh) => {
      setRowErrors(NO_ROW_ERRORS);
      dispatch(draftRebased({ rows: fresh.transactions.map(draftFromTransaction), lockVersion: fresh.lockVersion }));
    },
    // A partner's Quick Add (or any change to other rows) is taken in and the save sent again; only rows both changed ask.
    overlaps: (state, fresh) => {
      const draft = state.transactionEdit.draft;
      return !draft || rowsTouchedByBoth(draft.rows, draft.base.rows, fresh.transactions.map(draftFromTransaction), draftRowIdentity.keyOf).length > 0;
    },
  });
  useEditKeys(editing, edit.save, edit.cancel);
  const startEditing = () => {
    dispatch(editStarted({ bankAccountId: account.id, budgetId, isCreditCard: account.is_credit_card, lockVersion: windowQuery.data?.lockVersion, rows: savedRows }));
    setRowErrors(NO_ROW_ERRORS);
    setImportNote(null);
    edit.dismissRefusal();
  };
  const addRow = () => {
    const row = newDraftRow(defaultRowDate(window, today()), newRowStatus(account.is_credit_card));
    dispatch(rowAdded(row));
    paging.showRow(rows.length);
    setFocusRow(row.key);
  };
  const imported = (outcome: ImportOutcome, problems: string[]) => {
    suggestions.suggestNow();
    dispatch(rowsImported(outcome.rows));
    for (const key of outcome.replacedKeys) dispatch(rowDeleteToggled(key));
    setImportNote({ text: importSummaryText(outcome, problems.length), problems: [...outcome.matched, ...problems] });
    if (outcome.rows.length > 0) paging.showRow(rows.length);
  };

  if (windowQuery.isError && !windowQuery.data) {
    return <LoadError message={apiErrorText(windowQuery.error)} onRetry={windowQuery.refetch} />;
  }

  return (
    <>
      {closed ? (
        <Alert
          type="info"
          showIcon
          className="ec-transactions-closed"
          title="This budget is closed, so its transactions cannot be changed."
          description={
            <>
              To change them, reopen it: on <Link to={paths.budgets}>Budgets</Link>, use “Reopen Last Budget” (the newest closed budget
              reopens first).
            </>
          }
        />
      ) : (
        <div className="ec-transactions-actions">
          {editing ? (
            <>
              <Button type="primary" onClick={() => void edit.save()} loading={edit.busy}>
                Save Changes
              </Button>
              <Button onClick={() => void edit.cancel()} disabled={edit.busy}>
                Cancel
              </Button>
              <Button onClick={addRow}>Add New Transaction</Button>
              <Button onClick={() => setDialog('import')}>Import Transactions</Button>
              {suggestionCount > 0 && <Button onClick={() => dispatch(allSuggestionsAccepted())}>{`Accept all suggestions (${suggestionCount})`}</Button>}
            </>
          ) : (
            <>
              <Button type="primary" onClick={startEditing} disabled={!windowQuery.data || windowQuery.isFetching}>
                Make Changes
              </Button>
              <Button onClick={() => setDialog('transfer')} disabled={accounts.length < 2}>
                Transfer
              </Button>
              <Button onClick={() => setDialog('reconcile')}>Reconcile</Button>
              {account.is_credit_card && (
                <Button onClick={() => setDialog('mark-paid')} disabled={!windowQuery.data || windowQuery.isFetching}>
                  Mark Charges Paid
                </Button>
              )}
              {account.reconciled_through && <span className="ec-transactions-reconciled">Reconciled through {formatShortDate(account.reconciled_through)}</span>}
            </>
          )}
        </div>
      )}
      {edit.conflict && editing && <ConflictBanner message={edit.conflict} edits="kept" onReload={() => void edit.reload()} reloading={windowQuery.isFetching} />}
      <LiveChangeNotice editing={editing && !edit.conflict} resources={[liveResource.window(account.id, budgetId), 'transactions']} what="these transactions" edits="kept" onReload={() => void edit.reload()} />
      {edit.refusal && editing && <RefusalNotice title={WINDOW_NOT_SAVED} reasons={edit.refusal} onClose={edit.dismissRefusal} within=".ec-transactions-table-wrap" />}
      {editing && suggestions.problem && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={suggestions.problem}
          action={
            <Button size="small" onClick={suggestions.retry}>
              Retry
            </Button>
          }
        />
      )}
      {importNote && (
        <Alert
          type="info"
          className="ec-import-summary"
          showIcon
          closable={{ onClose: () => setImportNote(null) }}
          title={importNote.text}
          description={importNote.problems.length > 0 ? importNote.problems.slice(0, 10).join('; ') : undefined}
        />
      )}
      {!editing && repeatable && (
        <Button className="ec-make-repeat" onClick={() => setRepeating(repeatable)}>
          Make this repeat
        </Button>
      )}
      <div className={`ec-transactions-layout${editing ? ' ec-transactions-layout--editing' : ''}`}>
        <div className="ec-transactions-table-wrap">
          <TransactionTable
            rows={paging.pageRows}
            editing={editing}
            isSinkFund={account.is_sink_fund}
            isCreditCard={account.is_credit_card}
            carriedFrom={carriedFrom}
            options={options}
            window={window}
            selected={selection.selected}
            onSelect={selection.select}
            rowErrors={rowErrors}
            totals={totals}
          />
          {rows.length > PAGE_SIZE && (
            <Pagination current={paging.page} pageSize={PAGE_SIZE} total={rows.length} onChange={paging.setPage} showSizeChanger={false} style={{ marginTop: 8 }} />
          )}
        </div>
        <div className="ec-transactions-side">
          <SummaryCard figures={figures} selectedTotal={selectedTotal(rows, selection.selected)} selectedCount={selection.selected.size} onClearSelection={selection.clear} />
          {account.is_credit_card && <CardMonthNote figures={figures} rows={rows} window={window} />}
        </div>
      </div>
      <ImportDialog open={dialog === 'import'} account={account} window={window} existing={draftRows} options={options} scheduled={scheduled} onImported={imported} onDone={() => setDialog(null)} />
      <TransferDialog
        open={dialog === 'transfer'}
        accounts={accounts}
        fromAccountId={account.id}
        budgetId={budgetId}
        window={window}
        allocationChoices={allocationChoices}
        onDone={() => setDialog(null)}
      />
      {account.is_credit_card && (
        <MarkChargesPaidDialog
          open={dialog === 'mark-paid'}
          accountId={account.id}
          budgetId={budgetId}
          rows={savedRows}
          lockVersion={windowQuery.data?.lockVersion}
          selectedKeys={selection.selected}
          onDone={(marked) => {
            setDialog(null);
            if (marked) selection.clear();
          }}
        />
      )}
      <ReconcileDialog open={dialog === 'reconcile'} accounts={accounts} accountId={account.id} onDone={() => setDialog(null)} />
      <ScheduleDialog open={repeating !== null} draft={repeating ?? undefined} onDone={() => setRepeating(null)} />
      <UnsavedChangesGuard dirty={dirty} changesTo="these transactions" />
    </>
  );
}
