import { Alert, Modal, Spin } from 'antd';
import { Money } from '../../components/Money';
import { formatShortDate } from '../../shared/dates';
import { sumCents } from '../../shared/money';
import { apiErrorMessages } from '../../app/apiErrors';
import { useGetAllocationTransactionsQuery } from './budgetsApi';

export interface SpentTarget {
  id: number;
  name: string;
}

/** "Transactions for {item}": what makes up an allocation's spent (spending negative, refunds positive). */
export function AllocationTransactionsDialog({ target, onClose }: { target: SpentTarget; onClose: () => void }) {
  const { data, error, isFetching } = useGetAllocationTransactionsQuery(target.id, { refetchOnMountOrArgChange: true });
  return (
    <Modal title={`Transactions for ${target.name}`} open width={500} onCancel={onClose} footer={null}>
      {error ? (
        <Alert type="error" showIcon title={apiErrorMessages(error).join(' ')} />
      ) : isFetching || !data ? (
        <Spin />
      ) : (
        <table className="ec-grid ec-transactions-list" aria-label="Transactions">
          <thead>
            <tr>
              <th>Date</th>
              <th>Description</th>
              <th className="ec-num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {data.length === 0 && (
              <tr>
                <td colSpan={3}>No transactions yet.</td>
              </tr>
            )}
            {data.map((transaction) => (
              <tr key={transaction.id}>
                <td>{formatShortDate(transaction.transaction_date)}</td>
                <td>{transaction.description}</td>
                <td className="ec-num">
                  <Money cents={transaction.net_amount} />
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
                <Money cents={sumCents(data.map((transaction) => transaction.net_amount))} />
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </Modal>
  );
}
