import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { apiErrorMessages, apiFieldErrors } from '../../platform/apiErrors';
import { useAppDispatch } from '../../platform/hooks';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import type { Cents } from '../../shared/money';
import type { AccountBalance } from '../../shared/schemas/accountBalances';
import { moneySchema } from '../../shared/schemas/common';
import { errorShown, infoShown } from '../../platform/messages/messagesSlice';
import { useAdjustBalancesMutation } from './accountBalancesApi';

interface Props {
  open: boolean;
  /** The accounts on the page, in its order. */
  accounts: AccountBalance[];
  narrow: boolean;
  onDone: () => void;
}

const FIELD_ERROR_KEY = /^adjustments\.(\d+)\./;

interface FormProps extends Omit<Props, 'open'> {
  /** Cancel: asks first when a balance was changed. */
  onCancel: () => void;
  markDirty: (dirty: boolean) => void;
}

function AdjustBalancesForm({ accounts, narrow, onDone, onCancel, markDirty }: FormProps) {
  const dispatch = useAppDispatch();
  const [adjust, { isLoading: saving }] = useAdjustBalancesMutation();
  // Only what the person typed; an account left alone follows its (live) current balance.
  const [counted, setCounted] = useState<ReadonlyMap<number, Cents>>(() => new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [rowProblems, setRowProblems] = useState<ReadonlyMap<number, string[]>>(() => new Map());

  const newBalance = (account: AccountBalance) => counted.get(account.id) ?? account.current_balance;
  const changed = accounts.filter((account) => newBalance(account) !== account.current_balance);
  const tooLarge = changed.filter((account) => !moneySchema.safeParse(newBalance(account)).success);
  useEffect(() => markDirty(changed.length > 0), [changed.length, markDirty]);

  const save = async () => {
    const sent = changed;
    try {
      await adjust({ adjustments: sent.map((account) => ({ bank_account_id: account.id, new_balance: newBalance(account) })) }).unwrap();
      dispatch(infoShown('Balances adjusted.'));
      onDone();
    } catch (error) {
      const messages = apiErrorMessages(error);
      const byAccount = new Map<number, string[]>();
      for (const [key, errors] of Object.entries(apiFieldErrors(error))) {
        const account = sent[Number(FIELD_ERROR_KEY.exec(key)?.[1] ?? -1)];
        if (account) byAccount.set(account.id, [...(byAccount.get(account.id) ?? []), ...errors]);
      }
      setProblems(messages);
      setRowProblems(byAccount);
      dispatch(errorShown(['Balances not adjusted.', ...messages].join(' ')));
    }
  };

  return (
    <form
      className="ec-adjust-balances"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed.length > 0 && tooLarge.length === 0) void save();
      }}
    >
      <p>Type the balance the bank shows for each account that differs. The difference is booked as a "Manual Adjustment" transaction the day after the account's last closing. Money owed (a credit card, a loan) is a negative balance here, as everywhere on this page.</p>
      <table className="ec-adjust-balances__table">
        <thead>
          <tr>
            <th scope="col">Account</th>
            {!narrow && <th scope="col" className="ec-num">Current Balance</th>}
            <th scope="col" className="ec-num">New Account Balance</th>
            <th scope="col" className="ec-num">Difference</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => {
            const balance = newBalance(account);
            const errors = [...(rowProblems.get(account.id) ?? []), ...(tooLarge.includes(account) ? ['New Account Balance is too large'] : [])];
            return (
              <tr key={account.id} className={balance !== account.current_balance ? 'ec-adjust-balances__changed' : undefined}>
                <th scope="row">
                  {account.name}
                  {narrow && (
                    <div className="ec-adjust-balances__now">
                      now <Money cents={account.current_balance} />
                    </div>
                  )}
                </th>
                {!narrow && (
                  <td className="ec-num">
                    <Money cents={account.current_balance} />
                  </td>
                )}
                <td className="ec-num">
                  <MoneyInput
                    aria-label={`New Account Balance: ${account.name}`}
                    aria-invalid={errors.length > 0}
                    cents={balance}
                    onCents={(cents) => setCounted((current) => new Map(current).set(account.id, cents))}
                  />
                  {errors.length > 0 && <div className="ec-field-error">{errors.join(' ')}</div>}
                </td>
                <td className="ec-num" aria-label={`Difference: ${account.name}`}>
                  <Money cents={balance - account.current_balance} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problems.length > 0 && <Alert type="error" showIcon role="alert" title={['Balances not adjusted.', ...problems].join(' ')} />}
      <div className="ec-adjust-balances__actions">
        <span className="ec-adjust-balances__count">
          {changed.length === 0 ? 'No balance changed yet.' : `${changed.length} ${changed.length === 1 ? 'account' : 'accounts'} to adjust.`}
        </span>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={changed.length === 0 || tooLarge.length > 0}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** "Adjust Account Balances": one "New Account Balance" per account; only the accounts that change are sent. */
export function AdjustBalancesDialog({ open, ...props }: Props) {
  const { close, markDirty } = useGuardedClose(props.onDone, 'these balances');
  return (
    <Dialog
      open={open}
      title="Adjust Account Balances"
      footer={null}
      onCancel={close}
      destroyOnHidden
      width={{ xs: '100%', sm: 640 }}
      className="ec-adjust-balances-dialog"
    >
      <AdjustBalancesForm {...props} onCancel={close} markDirty={markDirty} />
    </Dialog>
  );
}
