import { Alert, Button, Select } from 'antd';
import { useEffect, useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { formatShortDate, isValidDate, today } from '../../shared/dates';
import { formatMoney, type Cents } from '../../shared/money';
import { amountOwedNote, enteredBalance, ENTERED_AS_AMOUNT_OWED, storedBalance } from '../../shared/amountOwed';
import type { AccountCategory } from '../../shared/schemas/setup';
import { RECONCILE_FUTURE_DATE } from '../../shared/schemas/reconciliation';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { useGetReconcilePreviewQuery, useReconcileAccountMutation } from './reconcileApi';
import './reconcile.css';

/** What the dialog needs of an account: a bank account or an Account Balances row. */
export interface ReconcilableAccount {
  id: number;
  name: string;
  account_category: AccountCategory;
}

interface Props {
  open: boolean;
  accounts: readonly ReconcilableAccount[];
  /** The account chosen first (the transactions window's own). */
  accountId: number;
  onDone: () => void;
}

interface FormProps extends Omit<Props, 'open'> {
  onCancel: () => void;
  markDirty: (dirty: boolean) => void;
}

function ReconcileForm({ accounts, accountId: firstAccountId, onDone, onCancel, markDirty }: FormProps) {
  const [todayDate] = useState(() => today());
  const [accountId, setAccountId] = useState(firstAccountId);
  const [statementDate, setStatementDate] = useState(todayDate);
  // What the person typed; until then the statement balance follows the app's own, so the difference reads 0.
  const [typed, setTyped] = useState<Cents | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const { run, pending } = useWriteAction();
  const [reconcile] = useReconcileAccountMutation();

  const account = accounts.find((candidate) => candidate.id === accountId);
  const category = account?.account_category ?? 'current';
  const owed = ENTERED_AS_AMOUNT_OWED.has(category);
  const dateProblem = !isValidDate(statementDate) ? 'Choose the statement’s closing date' : statementDate > todayDate ? RECONCILE_FUTURE_DATE : null;
  const preview = useGetReconcilePreviewQuery({ bankAccountId: accountId, statementDate }, { skip: dateProblem !== null });
  const current = preview.data && preview.data.bank_account_id === accountId && preview.data.statement_date === statementDate ? preview.data : undefined;
  const previewProblem = dateProblem ?? (preview.isError ? apiErrorText(preview.error) : null);

  const appBalance = current ? enteredBalance(category, current.balance_at_statement_date) : null;
  const savedBalance = current?.balance_at_statement_date;
  const statementBalance = typed ?? appBalance ?? 0;
  // The figure as it will be stored, then shown as the form shows it: a negative amount owed is the same debt.
  const statementStored = storedBalance(category, statementBalance, typed === null ? savedBalance : undefined);
  const owedNote = typed === null ? null : amountOwedNote(category, typed);
  const difference = appBalance === null ? null : enteredBalance(category, statementStored) - appBalance;
  useEffect(() => markDirty(typed !== null || statementDate !== todayDate || accountId !== firstAccountId), [typed, statementDate, todayDate, accountId, firstAccountId, markDirty]);

  const submit = async () => {
    if (!current || previewProblem) return;
    setRefusal([]);
    const done = await run({
      write: () =>
        reconcile({
          bankAccountId: accountId,
          statement_date: statementDate,
          statement_balance: statementStored,
          window_lock_version: current.window_lock_version,
        }).unwrap(),
      success: 'Account reconciled.',
      failure: 'Account not reconciled.',
      onRefused: (refused) => {
        setRefusal(refused.messages);
        if (refused.conflict) void preview.refetch();
      },
    });
    if (done) onDone();
  };

  const changedSince = current && current.reconciled_balance !== null && current.ledger_at_reconciled !== current.reconciled_balance;
  const balanceWord = owed ? 'amount owed' : 'balance';
  return (
    <form
      className="ec-reconcile"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        Account
        <Select aria-label="Account" value={accountId} options={accounts.map(({ id, name }) => ({ value: id, label: name }))} onChange={(value: number) => (setAccountId(value), setTyped(null))} />
      </label>
      <label>
        Statement closing date
        <input type="date" className="ec-input" aria-label="Statement closing date" value={statementDate} max={todayDate} onChange={(event) => setStatementDate(event.target.value)} />
      </label>
      <label>
        {owed ? 'Statement amount owed' : 'Statement closing balance'}
        <MoneyInput aria-label={owed ? 'Statement amount owed' : 'Statement closing balance'} cents={statementBalance} onCents={setTyped} />
        {owed && <span className="ec-reconcile__hint">What the statement says you owe, as a positive number: it is stored and shown as a negative balance.</span>}
        {owedNote && (
          <span role="status" className="ec-reconcile__hint">
            {owedNote}
          </span>
        )}
      </label>
      {previewProblem ? (
        <Alert type="error" showIcon role="alert" title={previewProblem} />
      ) : (
        current &&
        difference !== null && (
          <>
            <dl className="ec-reconcile__figures">
              <dt>EveryCent’s {balanceWord} on {formatShortDate(statementDate)}</dt>
              <dd aria-label="EveryCent balance">
                <Money cents={appBalance ?? 0} />
              </dd>
              <dt>Difference</dt>
              <dd aria-label="Difference">
                <Money cents={difference} />
              </dd>
            </dl>
            {current.reconciled_through && (
              <p className="ec-reconcile__last">
                Last reconciled through {formatShortDate(current.reconciled_through)} at <Money cents={enteredBalance(category, current.reconciled_balance ?? 0)} />.
              </p>
            )}
            {changedSince && current.reconciled_through && (
              <Alert
                type="warning"
                showIcon
                title={`Rows dated up to ${formatShortDate(current.reconciled_through)} changed after they were reconciled: EveryCent now has ${formatMoney(enteredBalance(category, current.ledger_at_reconciled ?? 0))} there.`}
              />
            )}
            <p className="ec-reconcile__outcome">
              {difference === 0
                ? `They agree: the ${current.unreconciled.length === 1 ? 'row' : `${current.unreconciled.length} rows`} up to ${formatShortDate(statementDate)} will be marked reconciled.`
                : `A "Manual Adjustment" dated ${formatShortDate(statementDate)} will make them agree, and the rows up to that day will be marked reconciled.`}
            </p>
            <table className="ec-reconcile__rows" aria-label="Unreconciled rows">
              <caption>Not yet reconciled, up to {formatShortDate(statementDate)}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="ec-num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {current.unreconciled.length === 0 ? (
                  <tr>
                    <td colSpan={3}>None</td>
                  </tr>
                ) : (
                  current.unreconciled.map((row) => (
                    <tr key={row.id}>
                      <td>{formatShortDate(row.transaction_date)}</td>
                      <td>{row.description}</td>
                      <td className="ec-num">
                        <Money cents={row.net_amount} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </>
        )
      )}
      {refusal.length > 0 && <Alert type="error" showIcon role="alert" title={['Account not reconciled.', ...refusal].join(' ')} />}
      <div className="ec-reconcile__actions">
        <Button type="primary" htmlType="submit" loading={pending} disabled={!current || previewProblem !== null || preview.isFetching}>
          Reconcile
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/**
 * "Reconcile": the statement's closing date and balance against the app's; on confirmation one adjustment at most
 * and the rows up to that date reconciled. The same dialog from the transactions window and Account Balances.
 */
export function ReconcileDialog({ open, ...props }: Props) {
  const { close, markDirty } = useGuardedClose(props.onDone, 'this reconciliation');
  return (
    <Dialog open={open} title="Reconcile to a Statement" footer={null} onCancel={close} destroyOnHidden width={{ xs: '100%', sm: 640 }}>
      <ReconcileForm {...props} onCancel={close} markDirty={markDirty} />
    </Dialog>
  );
}
