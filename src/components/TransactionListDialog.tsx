import { Alert, Spin } from 'antd';
import { formatShortDate } from '../shared/dates';
import { sumCents, type Cents } from '../shared/money';
import type { Transaction } from '../shared/schemas/transactions';
import { AntdTheme } from './AntdTheme';
import { Dialog } from './Dialog';
import { Money } from './Money';
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

/** The transactions behind a figure (an allocation's spent, an envelope's balance): date, description, amount and their total, which is the figure. */
export function TransactionListDialog({ title, transactions, error, loading, figure, onClose }: Props) {
  useReturnFocus();
  // In the app's antd theme wherever it opens (the budget detail itself is drawn without antd).
  return (
    <AntdTheme>
      <Dialog title={title} open width={500} onCancel={onClose} footer={null}>
        {error ? (
          <Alert type="error" showIcon title={error} />
        ) : loading || !transactions ? (
          <Spin />
        ) : (
          <table className="ec-grid ec-transactions-list" aria-label="Transactions">
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
                <tr key={transaction.id}>
                  <td>{formatShortDate(transaction.transaction_date)}</td>
                  <td>{transaction.description}</td>
                  <td className="ec-num">
                    <Money cents={amountAs(figure, transaction)} />
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
                  <Money cents={sumCents(transactions.map((transaction) => amountAs(figure, transaction)))} />
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </Dialog>
    </AntdTheme>
  );
}
