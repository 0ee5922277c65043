import ComingSoon from '../../components/ComingSoon';

export default function TransactionsPage() {
  return <ComingSoon heading="Transactions" />;
}
