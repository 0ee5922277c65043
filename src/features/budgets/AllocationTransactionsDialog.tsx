import { apiErrorMessages } from '../../app/apiErrors';
import { TransactionListDialog } from '../../components/TransactionListDialog';
import { useGetAllocationTransactionsQuery } from './budgetsApi';

export interface SpentTarget {
  id: number;
  name: string;
}

/** "Transactions for {item}": what makes up an allocation's spent (spending negative, refunds positive). */
export default function AllocationTransactionsDialog({ target, onClose }: { target: SpentTarget; onClose: () => void }) {
  const { data, error, isFetching } = useGetAllocationTransactionsQuery(target.id, { refetchOnMountOrArgChange: true });
  return (
    <TransactionListDialog
      title={`Transactions for ${target.name}`}
      transactions={data}
      error={error ? apiErrorMessages(error).join(' ') : undefined}
      loading={isFetching}
      onClose={onClose}
    />
  );
}
