import ComingSoon from '../../components/ComingSoon';

export default function BudgetsArea() {
  return <ComingSoon heading="Budgets" />;
}
