import { Alert, Button, Modal, Pagination } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { today } from '../../shared/dates';
import type { Allocation } from '../../shared/schemas/budgets';
import type { BankAccount } from '../../shared/schemas/setup';
import { errorShown, infoShown } from '../messages/messagesSlice';
import { apiErrorMessages, apiFieldErrors, errorStatus } from '../../app/apiErrors';
import { LoadError } from '../../components/LoadError';
import { allocationOptions, envelopeOptions } from './AllocationPicker';
import { draftFromTransaction, draftReducer, newRowKey, rowErrorsFromFieldErrors, rowsToSave, type DraftRow } from './draftRows';
import { ImportDialog } from './ImportDialog';
import { importSummaryText, type ImportOutcome } from './import/merge';
import { defaultRowDate, newRowStatus, rowProblems, type BudgetWindow } from '../../shared/transactionRules';
import { selectedTotal, summaryFigures } from './summary';
import { SummaryCard } from './SummaryCard';
import { TransactionTable } from './TransactionTable';
import { useGetSinkFundEnvelopesQuery, useGetTransactionWindowQuery, useSaveTransactionWindowMutation } from './transactionsApi';
import { TransferDialog } from './TransferDialog';

/** Rows per page: a 2,000-row window renders 100 rows at a time. */
export const PAGE_SIZE = 100;
const lastPage = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

interface SaveProblem {
  messages: string[];
  rowErrors: Map<string, string[]>;
  conflict: boolean;
}

const NO_ROW_ERRORS: ReadonlyMap<string, string[]> = new Map();
const NO_ROWS: DraftRow[] = [];

export interface TransactionWindowEditorProps {
  account: BankAccount;
  accounts: BankAccount[];
  budgetId: number;
  window: BudgetWindow;
  allocations: Allocation[];
  isPrimaryBudgetAccount: boolean;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}

/** One account's transactions in one budget's window: view, edit, import, transfer and the summary card. */
export function TransactionWindowEditor({ account, accounts, budgetId, window, allocations, isPrimaryBudgetAccount, editing, setEditing }: TransactionWindowEditorProps) {
  const appDispatch = useAppDispatch();
  const windowQuery = useGetTransactionWindowQuery({ bankAccountId: account.id, budgetId });
  const { data: envelopes } = useGetSinkFundEnvelopesQuery(account.id, { skip: !account.is_sink_fund });
  const [saveWindow, { isLoading: saving }] = useSaveTransactionWindowMutation();

  const [draft, dispatch] = useReducer(draftReducer, NO_ROWS);
  const [baseline, setBaseline] = useState<DraftRow[]>(NO_ROWS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [page, setPage] = useState(1);
  const [saveProblem, setSaveProblem] = useState<SaveProblem | null>(null);
  const [importNote, setImportNote] = useState<{ text: string; problems: string[] } | null>(null);
  const [dialog, setDialog] = useState<'import' | 'transfer' | null>(null);

  const savedRows = useMemo(() => (windowQuery.data?.transactions ?? []).map(draftFromTransaction), [windowQuery.data]);
  const rows = editing ? draft : savedRows;
  const dirty = editing && draft !== baseline;
  const options = useMemo(() => (account.is_sink_fund ? envelopeOptions(envelopes ?? []) : allocationOptions(allocations)), [account.is_sink_fund, envelopes, allocations]);

  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  const figures = useMemo(
    () =>
      summaryFigures({
        lastBankBalance: account.closing_balance ?? account.opening_balance,
        checkpointDate: account.closing_date,
        rows,
        savedRows,
        isCreditCard: account.is_credit_card,
        allocations: isPrimaryBudgetAccount ? allocations : undefined,
      }),
    [account, rows, savedRows, isPrimaryBudgetAccount, allocations],
  );
  const totals = useMemo(() => {
    let withdrawn = 0;
    let deposited = 0;
    for (const row of rows) {
      if (row.deleted) continue;
      withdrawn += row.withdrawal_amount;
      deposited += row.deposit_amount;
    }
    return { withdrawn, deposited };
  }, [rows]);
  const pageCount = lastPage(rows.length);
  const shownPage = Math.min(page, pageCount);
  const pageRows = useMemo(() => rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE), [rows, shownPage]);
  const updateSelected = useCallback((update: (current: ReadonlySet<string>) => ReadonlySet<string>) => setSelected(update), []);

  const startEditing = () => {
    dispatch({ type: 'editStarted', rows: savedRows });
    setBaseline(savedRows);
    setSaveProblem(null);
    setImportNote(null);
    setEditing(true);
  };
  const stopEditing = () => {
    setEditing(false);
    setSaveProblem(null);
    setImportNote(null);
    setSelected(new Set());
  };
  const cancel = () => {
    stopEditing();
    appDispatch(infoShown('Editing canceled'));
  };
  const addRow = () => {
    dispatch({
      type: 'rowAdded',
      row: {
        key: newRowKey(),
        id: null,
        transaction_date: defaultRowDate(window, today()),
        description: '',
        withdrawal_amount: 0,
        deposit_amount: 0,
        allocation_id: null,
        sink_fund_allocation_id: null,
        status: newRowStatus(account.is_credit_card),
        brought_forward_status: null,
        bank_ref: null,
        is_manual_adjustment: false,
        deleted: false,
      },
    });
    setPage(lastPage(draft.length + 1));
  };
  const imported = (outcome: ImportOutcome, problems: string[]) => {
    const firstNewRow = draft.length;
    dispatch({ type: 'rowsImported', rows: outcome.rows });
    setImportNote({ text: importSummaryText(outcome, problems.length), problems });
    if (outcome.rows.length > 0) setPage(Math.floor(firstNewRow / PAGE_SIZE) + 1);
  };

  const save = async () => {
    const rowErrors = new Map<string, string[]>();
    for (const row of draft) {
      const problems = rowProblems(row, window);
      if (problems.length > 0) rowErrors.set(row.key, problems);
    }
    if (rowErrors.size > 0) {
      const count = rowErrors.size;
      setSaveProblem({ messages: [`${count} ${count === 1 ? 'row needs' : 'rows need'} fixing before saving (marked below). Fix them or delete them.`], rowErrors, conflict: false });
      const firstBad = draft.findIndex((row) => rowErrors.has(row.key));
      setPage(Math.floor(firstBad / PAGE_SIZE) + 1);
      return;
    }
    const { transactions, keys } = rowsToSave(draft);
    const lockVersion = windowQuery.data?.lockVersion;
    try {
      await saveWindow({
        bank_account_id: account.id,
        budget_id: budgetId,
        ...(lockVersion !== undefined ? { window_lock_version: lockVersion } : {}),
        transactions,
      }).unwrap();
      stopEditing();
      appDispatch(infoShown('Transactions saved.'));
    } catch (error) {
      const messages = apiErrorMessages(error);
      const errorsByRow = rowErrorsFromFieldErrors(apiFieldErrors(error), keys);
      setSaveProblem({ messages, rowErrors: errorsByRow, conflict: errorStatus(error) === 409 });
      appDispatch(errorShown(['Transactions not saved.', ...messages].join(' ')));
      const firstBad = draft.findIndex((row) => errorsByRow.has(row.key));
      if (firstBad >= 0) setPage(Math.floor(firstBad / PAGE_SIZE) + 1);
    }
  };
  const reload = () => {
    stopEditing();
    void windowQuery.refetch();
  };

  if (windowQuery.isError && !windowQuery.data) {
    return <LoadError message={apiErrorMessages(windowQuery.error).join(' ')} onRetry={windowQuery.refetch} />;
  }

  return (
    <>
      <div className="ec-transactions-actions">
        {editing ? (
          <>
            <Button type="primary" onClick={() => void save()} loading={saving}>
              Save Changes
            </Button>
            <Button onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={addRow}>Add New Transaction</Button>
            <Button onClick={() => setDialog('import')}>Import Transactions</Button>
          </>
        ) : (
          <>
            <Button type="primary" onClick={startEditing} disabled={!windowQuery.data || windowQuery.isFetching}>
              Make Changes
            </Button>
            <Button onClick={() => setDialog('transfer')} disabled={accounts.length < 2}>
              Transfer
            </Button>
          </>
        )}
      </div>
      {saveProblem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={saveProblem.messages.join(' ')}
          action={
            saveProblem.conflict ? (
              <Button size="small" danger onClick={reload}>
                Reload
              </Button>
            ) : undefined
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
      <div className="ec-transactions-layout">
        <div className="ec-transactions-table-wrap">
          <TransactionTable
            rows={pageRows}
            editing={editing}
            isSinkFund={account.is_sink_fund}
            options={options}
            window={window}
            dispatch={dispatch}
            selected={selected}
            setSelected={updateSelected}
            rowErrors={saveProblem?.rowErrors ?? NO_ROW_ERRORS}
            totals={totals}
          />
          {rows.length > PAGE_SIZE && (
            <Pagination current={shownPage} pageSize={PAGE_SIZE} total={rows.length} onChange={setPage} showSizeChanger={false} style={{ marginTop: 8 }} />
          )}
        </div>
        <SummaryCard figures={figures} selectedTotal={selectedTotal(rows, selected)} selectedCount={selected.size} onClearSelection={() => setSelected(new Set())} />
      </div>
      <ImportDialog open={dialog === 'import'} account={account} window={window} existing={draft} onImported={imported} onDone={() => setDialog(null)} />
      <TransferDialog
        open={dialog === 'transfer'}
        accounts={accounts}
        fromAccountId={account.id}
        budgetId={budgetId}
        window={window}
        allocationChoices={account.is_sink_fund ? allocationOptions(allocations) : options}
        onDone={() => setDialog(null)}
      />
      <Modal open={blocker.state === 'blocked'} title="Leave without saving?" okText="Leave" cancelText="Stay" onOk={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()}>
        Your changes to these transactions are not saved yet. Leave this page and lose them?
      </Modal>
    </>
  );
}
