import { Alert, Spin } from 'antd';
import { formatShortDate } from '../shared/dates';
import type { Transaction } from '../shared/schemas/transactions';
import { AntdTheme } from './AntdTheme';
import { Dialog } from './Dialog';
import { Money } from './Money';
import { formatMoney, sumCents, type Cents } from '../shared/money';
import './transactionListDialog.css';
import { useReturnFocus } from './useReturnFocus';

interface Props {
  title: string;
  transactions: Transaction[] | undefined;
  /** The failure, already turned into text for people. */
  error?: string;
  loading: boolean;
  /**
   * The figure the list adds up to, in that figure's sign: an allocation's Spent (withdrawals positive, refunds
   * negative, as on the budget row) or an envelope's balance (deposits positive).
   */
  figure: 'spent' | 'balance';
  onClose: () => void;
}

const amountAs = (figure: Props['figure'], transaction: Transaction): Cents =>
  figure === 'balance' || transaction.net_amount === 0 ? transaction.net_amount : -transaction.net_amount;

/**
 * One row's amount. In a Spent list a negative amount is money given back (a refund): it reads as a refund, in
 * the page's colour, not as the dark red of an overspent or owed figure.
 */
function RowAmount({ figure, cents }: { figure: Props['figure']; cents: Cents }) {
  if (figure !== 'spent' || cents >= 0) return <Money cents={cents} />;
  return (
    <span className="ec-refund">
      <span className="ec-refund-tag">Refund</span> <span className="ec-money">{formatMoney(cents)}</span>
    </span>
  );
}

/** The transactions behind a figure (an allocation's spent, an envelope's balance): date, description, amount and their total, which is the figure. */
export function TransactionListDialog({ title, transactions, error, loading, figure, onClose }: Props) {
  useReturnFocus();
  // In the app's antd theme wherever it opens: the budget detail puts only its two tables in the theme.
  return (
    <AntdTheme>
      <Dialog title={title} open width={500} onCancel={onClose} footer={null}>
        {error ? (
          <Alert type="error" showIcon title={error} />
        ) : loading || !transactions ? (
          <Spin />
        ) : (
          <table className="ec-grid ec-transactions-list" aria-label="Transactions">
            <colgroup>
              <col className="ec-list-date" />
              <col />
              <col className="ec-list-amount" />
            </colgroup>
            <thead>
              <tr>
                <th>Date</th>
                <th>Description</th>
                <th className="ec-num">{figure === 'spent' ? 'Spent' : 'Amount'}</th>
              </tr>
            </thead>
            <tbody>
              {transactions.length === 0 && (
                <tr>
                  <td colSpan={3}>No transactions yet.</td>
                </tr>
              )}
              {transactions.map((transaction) => (
                // A split row is listed once per part in this figure, each as its own entry (its part's amount).
                <tr key={`${transaction.id}:${transaction.splits?.[0]?.id ?? ''}`}>
                  <td>{formatShortDate(transaction.transaction_date)}</td>
                  <td>
                    {transaction.description}
                    {transaction.splits?.[0] && (
                      <span className="ec-split-part-note">
                        {' '}
                        (part of a split{transaction.splits[0].memo ? `: ${transaction.splits[0].memo}` : ''})
                      </span>
                    )}
                  </td>
                  <td className="ec-num">
                    <RowAmount figure={figure} cents={amountAs(figure, transaction)} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td className="ec-num">
                  <RowAmount figure={figure} cents={sumCents(transactions.map((transaction) => amountAs(figure, transaction)))} />
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </Dialog>
    </AntdTheme>
  );
}
