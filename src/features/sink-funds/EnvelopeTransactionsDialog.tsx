import { apiErrorText } from '../../platform/apiErrors';
import { TransactionListDialog } from '../../components/TransactionListDialog';
import type { EnvelopeTarget } from './EnvelopesTable';
import { useGetEnvelopeTransactionsQuery } from './sinkFundsApi';

/** "Transactions for {envelope}": what makes up an envelope's balance, newest first; the total is its balance. */
export function EnvelopeTransactionsDialog({ target, onClose }: { target: EnvelopeTarget; onClose: () => void }) {
  const { data, error, isFetching } = useGetEnvelopeTransactionsQuery(target.id, { refetchOnMountOrArgChange: true });
  return (
    <TransactionListDialog
      title={`Transactions for ${target.name}`}
      transactions={data}
      error={error ? apiErrorText(error) : undefined}
      loading={isFetching}
      figure="balance"
      onClose={onClose}
    />
  );
}
