import { apiErrorText } from '../../platform/apiErrors';
import { TransactionListDialog } from '../../components/TransactionListDialog';
import { useGetAllocationTransactionsQuery } from './budgetsApi';

export interface SpentTarget {
  id: number;
  name: string;
}

/** "Transactions for {item}": what makes up an allocation's spent, signed as the row's Spent (refunds negative). */
export default function AllocationTransactionsDialog({ target, onClose }: { target: SpentTarget; onClose: () => void }) {
  const { data, error, isFetching } = useGetAllocationTransactionsQuery(target.id, { refetchOnMountOrArgChange: true });
  return (
    <TransactionListDialog
      title={`Transactions for ${target.name}`}
      transactions={data}
      error={error ? apiErrorText(error) : undefined}
      loading={isFetching}
      figure="spent"
      onClose={onClose}
    />
  );
}
