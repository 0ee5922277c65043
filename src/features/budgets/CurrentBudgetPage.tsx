import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { takeCurrentBudgetFromBoot } from '../../platform/currentBudgetAtStart';
import { paths } from '../../platform/paths';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { Result } from '../../components/Result';
import { usePageHeading } from '../../components/usePageHeading';
import { apiErrorText } from '../../platform/apiErrors';
import { useGetCurrentBudgetQuery } from './budgetsApi';

// Shown only when no budget is open: the guide's code stays off the current budget's first paint (issue 48).
const GuideNextStep = lazy(() => import(/* webpackChunkName: "guide-next-step" */ '../guide/GuideNextStep').then((module) => ({ default: module.GuideNextStep })));

/** `/budgets/current`: the earliest open budget, or a clear way forward when none is open. */
export default function CurrentBudgetPage() {
  usePageHeading('Current Budget');
  const navigate = useNavigate();
  // Asked anew on every visit (another device may have closed a budget), except right after the start asked.
  const [fetchedAtStart] = useState(takeCurrentBudgetFromBoot);
  const { data, error, refetch, isFetching } = useGetCurrentBudgetQuery(undefined, { refetchOnMountOrArgChange: !fetchedAtStart });
  if (error)
    return <LoadError message={apiErrorText(error)} onRetry={refetch} />;
  if (!data || isFetching) return <PageLoading />;
  if (data.budget_id !== null) return <Navigate to={paths.budget(data.budget_id)} replace />;
  return (
    <>
      <Result
        status="info"
        title="There is no open budget"
        subTitle="Every budget is closed (or there are none yet). On the Budgets page, use “Add New Budget” to start the next period, or “Reopen Last Budget” to go back to the last one."
        extra={
          <Button type="primary" onClick={() => navigate(paths.budgets)}>
            Go to Budgets
          </Button>
        }
      />
      <Suspense fallback={null}>
        <GuideNextStep step="budget" missing="This household has no budget yet." />
      </Suspense>
    </>
  );
}
