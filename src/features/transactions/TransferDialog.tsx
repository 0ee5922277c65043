import { Alert, Button, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { today } from '../../shared/dates';
import type { BankAccount } from '../../shared/schemas/setup';
import { infoShown } from '../../platform/messages/messagesSlice';
import { apiErrorMessages } from '../../platform/apiErrors';
import { useAppDispatch } from '../../platform/hooks';
import { AllocationPicker, useAccountChoices, type PickerOptions } from './AllocationPicker';
import { defaultRowDate, windowDateMessage, windowDateProblem, type BudgetWindow } from '../../shared/transactionRules';
import { useTransferBetweenAccountsMutation } from './transactionsApi';

interface TransferProps {
  accounts: readonly BankAccount[];
  fromAccountId: number;
  budgetId: number;
  window: BudgetWindow;
  allocationChoices: PickerOptions;
  onDone: () => void;
}

const accountOptions = (accounts: readonly BankAccount[]) => accounts.map((account) => ({ value: account.id, label: account.name }));

function TransferForm({ accounts, fromAccountId, budgetId, window, allocationChoices, onDone, onCancel, markDirty }: TransferProps & { onCancel: () => void; markDirty: (dirty: boolean) => void }) {
  const dispatch = useAppDispatch();
  const [from, setFrom] = useState(fromAccountId);
  const [firstTo] = useState<number | null>(() => accounts.find((account) => account.id !== fromAccountId)?.id ?? null);
  const [to, setTo] = useState(firstTo);
  const [fromChoice, setFromChoice] = useState<number | null>(null);
  const [toChoice, setToChoice] = useState<number | null>(null);
  const [firstDate] = useState(() => defaultRowDate(window, today()));
  const [date, setDate] = useState(firstDate);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState(0);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [transfer, { isLoading }] = useTransferBetweenAccountsMutation();

  const fromAccount = accounts.find((account) => account.id === from);
  const toAccount = accounts.find((account) => account.id === to);
  const fromChoices = useAccountChoices(fromAccount, allocationChoices);
  const toChoices = useAccountChoices(toAccount, allocationChoices);
  const dateMessage = windowDateMessage(windowDateProblem(date, window));
  const changed = from !== fromAccountId || to !== firstTo || fromChoice !== null || toChoice !== null || date !== firstDate || description !== '' || amount !== 0;
  useEffect(() => markDirty(changed), [changed, markDirty]);

  const submit = async () => {
    setRefusal([]);
    try {
      await transfer({
        from,
        to,
        amount,
        description,
        date,
        budget_id: budgetId,
        from_allocation: fromAccount?.is_sink_fund ? null : fromChoice,
        from_sink_fund_allocation: fromAccount?.is_sink_fund ? fromChoice : null,
        to_allocation: toAccount?.is_sink_fund ? null : toChoice,
        to_sink_fund_allocation: toAccount?.is_sink_fund ? toChoice : null,
      }).unwrap();
      dispatch(infoShown('Transfer completed.'));
      onDone();
    } catch (error) {
      setRefusal(apiErrorMessages(error));
    }
  };

  const sideLabel = (side: 'From' | 'To', account: BankAccount | undefined) => `${side} ${account?.is_sink_fund ? 'Sink Fund Allocation' : 'Allocation'}`;

  return (
    <form
      className="ec-transfer-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        From
        <Select aria-label="From" value={from} options={accountOptions(accounts)} onChange={(value) => (setFrom(value), setFromChoice(null))} />
      </label>
      <label>
        {sideLabel('From', fromAccount)}
        <AllocationPicker ariaLabel={sideLabel('From', fromAccount)} value={fromChoice} options={fromChoices} onChange={setFromChoice} placeholder="None" />
      </label>
      <label>
        To
        <Select aria-label="To" value={to ?? undefined} options={accountOptions(accounts.filter((account) => account.id !== from))} onChange={(value) => (setTo(value), setToChoice(null))} />
      </label>
      <label>
        {sideLabel('To', toAccount)}
        <AllocationPicker ariaLabel={sideLabel('To', toAccount)} value={toChoice} options={toChoices} onChange={setToChoice} placeholder="None" />
      </label>
      <label>
        Date
        <input type="date" className="ec-input" aria-label="Date" value={date} min={window.start_date} max={window.end_date} onChange={(event) => setDate(event.target.value)} />
        {dateMessage && <span className="ec-field-error">{dateMessage}</span>}
      </label>
      <label>
        Description
        <input type="text" className="ec-input" aria-label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <label>
        Amount
        <MoneyInput aria-label="Amount" cents={amount} onCents={setAmount} />
      </label>
      <div className="ec-transfer-balances" aria-label="Resulting balances">
        {fromAccount && (
          <>
            <span>{fromAccount.name} after the transfer</span>
            <Money cents={(fromAccount.current_balance ?? 0) - amount} />
          </>
        )}
        {toAccount && (
          <>
            <span>{toAccount.name} after the transfer</span>
            <Money cents={(toAccount.current_balance ?? 0) + amount} />
          </>
        )}
      </div>
      {refusal.length > 0 && <Alert type="error" showIcon title={refusal.join(' ')} />}
      <div className="ec-transactions-actions">
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={dateMessage !== null}>
          Transfer
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/** "Bank Account Transfer": money from one account (and allocation or envelope) to another. */
export function TransferDialog({ open, ...props }: TransferProps & { open: boolean }) {
  const { close, markDirty } = useGuardedClose(props.onDone, 'this transfer');
  return (
    <Dialog open={open} title="Bank Account Transfer" footer={null} onCancel={close} destroyOnHidden>
      <TransferForm {...props} onCancel={close} markDirty={markDirty} />
    </Dialog>
  );
}
