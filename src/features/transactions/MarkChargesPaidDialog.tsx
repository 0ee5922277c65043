import { Alert, Button, Checkbox, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { isCardPayment, markableAsPaid, matchWords, oldestChargesCovering, owedBy, totalOwed } from '../../shared/cardPayments';
import { formatShortDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { DraftRow } from './draftRows';
import { useMarkChargesPaidMutation } from './transactionsApi';

type SavedRow = DraftRow & { id: number };

interface Props {
  open: boolean;
  accountId: number;
  budgetId: number;
  /** The window as saved. */
  rows: readonly DraftRow[];
  lockVersion: number | undefined;
  /** Rows the person selected in the window: ticked at first when any of them can be marked. */
  selectedKeys: ReadonlySet<string>;
  onDone: (marked: boolean) => void;
}

const saved = (row: DraftRow): row is SavedRow => row.id !== null;
const paymentLabel = (row: DraftRow) => `${formatShortDate(row.transaction_date)}: ${row.description} (${formatMoney(-owedBy(row))})`;

function MarkChargesPaidForm({ accountId, budgetId, rows, lockVersion, selectedKeys, onDone }: Omit<Props, 'open'>) {
  const charges = useMemo(() => rows.filter(saved).filter(markableAsPaid), [rows]);
  const payments = useMemo(() => rows.filter(saved).filter(isCardPayment), [rows]);
  const [paymentId, setPaymentId] = useState<number | null>(() => payments.at(-1)?.id ?? null);
  const paymentAmount = -owedBy(payments.find((row) => row.id === paymentId) ?? { withdrawal_amount: 0, deposit_amount: 0 });
  const propose = (amount: number) => new Set(oldestChargesCovering(charges, amount).map((row) => row.id));
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => {
    const chosen = charges.filter((row) => selectedKeys.has(row.key));
    return chosen.length > 0 ? new Set(chosen.map((row) => row.id)) : propose(paymentAmount);
  });
  const [refusal, setRefusal] = useState<string[]>([]);
  const { run, pending } = useWriteAction();
  const [markPaid] = useMarkChargesPaidMutation();
  const tickedTotal = totalOwed(charges.filter((row) => ticked.has(row.id)));

  const toggle = (id: number, on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = async () => {
    if (lockVersion === undefined || ticked.size === 0) return;
    setRefusal([]);
    const done = await run({
      write: () => markPaid({ bankAccountId: accountId, budget_id: budgetId, window_lock_version: lockVersion, transaction_ids: [...ticked] }).unwrap(),
      success: 'Charges marked paid.',
      failure: 'Charges not marked paid.',
      onRefused: (refused) => setRefusal(refused.messages),
    });
    if (done) onDone(true);
  };

  return (
    <form
      className="ec-mark-paid"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {payments.length === 0 ? (
        <p>No payment into this card in this month yet: a payment is a transfer into the card (“Transfer” from the account that pays it). You can still tick the charges a payment covered.</p>
      ) : (
        <label className="ec-mark-paid__payment">
          Payment
          <Select
            aria-label="Payment"
            value={paymentId}
            options={payments.map((row) => ({ value: row.id, label: paymentLabel(row) }))}
            onChange={(id: number) => {
              setPaymentId(id);
              setTicked(propose(-owedBy(payments.find((row) => row.id === id)!)));
            }}
          />
        </label>
      )}
      {charges.length === 0 ? (
        <p>Every charge of this month is already paid.</p>
      ) : (
        <>
          <p>Tick the charges the payment covered, or let EveryCent propose the oldest unpaid charges that add up to it.</p>
          <Button onClick={() => setTicked(propose(paymentAmount))} disabled={paymentAmount <= 0}>
            Propose the oldest charges
          </Button>
          <table className="ec-mark-paid__charges">
            <thead>
              <tr>
                <th scope="col">
                  <span className="ec-visually-hidden">Paid</span>
                </th>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" className="ec-num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {charges.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Checkbox aria-label={`Mark ${row.description} paid`} checked={ticked.has(row.id)} onChange={(event) => toggle(row.id, event.target.checked)} />
                  </td>
                  <td>{formatShortDate(row.transaction_date)}</td>
                  <td>{row.description}</td>
                  <td className="ec-num">
                    <Money cents={owedBy(row)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p role="status" aria-label="Ticked against the payment">
            {matchWords(tickedTotal, paymentAmount)}
          </p>
        </>
      )}
      {refusal.length > 0 && <Alert type="error" showIcon role="alert" title={refusal.join(' ')} />}
      <div className="ec-transactions-actions">
        <Button type="primary" htmlType="submit" loading={pending} disabled={ticked.size === 0 || lockVersion === undefined}>
          {ticked.size === 1 ? 'Mark 1 Charge Paid' : `Mark ${ticked.size} Charges Paid`}
        </Button>
        <Button onClick={() => onDone(false)} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** After a card payment: tick the charges it covered in one step (Undo puts them back). */
export function MarkChargesPaidDialog({ open, ...props }: Props) {
  return (
    <Dialog title="Mark Charges Paid" open={open} onCancel={() => props.onDone(false)} footer={null} destroyOnHidden width={560}>
      {open && <MarkChargesPaidForm {...props} />}
    </Dialog>
  );
}
