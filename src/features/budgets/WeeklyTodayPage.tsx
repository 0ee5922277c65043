import { usePageHeading } from '../../components/usePageHeading';
import { BudgetPageTitle } from './BudgetPageTitle';

/** `budgets/weekly-today`: a placeholder, as in the product spec. */
export default function WeeklyTodayPage() {
  usePageHeading('Weekly Today');
  return (
    <section className="ec-budget">
      <BudgetPageTitle title="Weekly Today" />
      <p>Weekly Today is not available yet.</p>
    </section>
  );
}
