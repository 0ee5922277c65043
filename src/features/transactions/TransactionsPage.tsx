import { Alert, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../platform/hooks';
import { paths } from '../../platform/paths';
import { LoadError } from '../../components/LoadError';
import { MissingSetupNotice, type MissingSetup } from '../../components/MissingSetupNotice';
import { PageLoading } from '../../components/PageLoading';
import { PageTitle } from '../../components/PageTitle';
import { usePageHeading } from '../../components/usePageHeading';
import type { BudgetSummary } from '../../shared/schemas/budgets';
import { apiErrorText } from '../../platform/apiErrors';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { TransactionWindowEditor } from './TransactionWindowEditor';
import { useGetBudgetsQuery, useGetCurrentBudgetQuery } from '../budgets/budgetsApi';
import { selectIsEditingTransactions } from './transactionSelectors';
import { useGetBudgetAllocationsQuery } from './transactionsApi';
import './transactions.css';
import { GuideNextStep } from '../guide';
import { UpcomingRows } from '../schedules';

const NO_ALLOCATIONS: never[] = [];
const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** The current budget first, then the others newest first. */
function budgetChoices(budgets: readonly BudgetSummary[], currentId: number | null): BudgetSummary[] {
  const current = budgets.filter((budget) => budget.id === currentId);
  return [...current, ...budgets.filter((budget) => budget.id !== currentId)];
}

/** Transactions: pick an account and a budget (kept in the URL), then view or edit that window. */
export default function TransactionsPage() {
  usePageHeading('Transactions');
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = useAppSelector(selectIsEditingTransactions);
  const accountsQuery = useGetBankAccountsQuery({ includeCurrentBalance: true });
  const settingsQuery = useGetSettingsQuery();
  const budgetsQuery = useGetBudgetsQuery();
  const currentQuery = useGetCurrentBudgetQuery();
  const categoriesQuery = useGetAllocationCategoriesQuery();

  const accounts = useMemo(() => accountsQuery.data ?? [], [accountsQuery.data]);
  const budgets = useMemo(() => budgetChoices(budgetsQuery.data ?? [], currentQuery.data?.budget_id ?? null), [budgetsQuery.data, currentQuery.data]);
  const primaryId = settingsQuery.data?.primary_budget_account_id ?? null;

  const urlAccountId = idParam(searchParams.get('bank_account_id'));
  const urlBudgetId = idParam(searchParams.get('budget_id'));
  const defaultAccountId = accounts.find((account) => account.id === primaryId)?.id ?? accounts[0]?.id ?? null;
  const defaultBudgetId = currentQuery.data?.budget_id ?? budgets[0]?.id ?? null;
  const accountId = urlAccountId ?? defaultAccountId;
  const budgetId = urlBudgetId ?? defaultBudgetId;
  const settled = !accountsQuery.isLoading && !settingsQuery.isLoading && !budgetsQuery.isLoading && !currentQuery.isLoading;

  // The defaults go into the URL too, so what is on screen can be bookmarked.
  useEffect(() => {
    if (!settled || (urlAccountId && urlBudgetId) || !accountId || !budgetId) return;
    setSearchParams({ bank_account_id: String(accountId), budget_id: String(budgetId) }, { replace: true });
  }, [settled, urlAccountId, urlBudgetId, accountId, budgetId, setSearchParams]);

  const allocationsQuery = useGetBudgetAllocationsQuery(budgetId ?? 0, { skip: !budgetId });

  if (!settled || categoriesQuery.isLoading) return <PageLoading />;

  const loadFailure = [accountsQuery, budgetsQuery, currentQuery, categoriesQuery].find((query) => query.isError);
  if (loadFailure) {
    return <LoadError message={apiErrorText(loadFailure.error)} onRetry={loadFailure.refetch} />;
  }

  const missing: MissingSetup[] = [];
  if ((categoriesQuery.data ?? []).length === 0) missing.push('categories');
  if (accounts.length === 0) missing.push('accounts');
  if (missing.length > 0 || budgets.length === 0) {
    return (
      <section>
        <PageTitle title="Transactions" />
        <MissingSetupNotice missing={missing} />
        {/* The setup notice already says what to do first: the guided start's note waits until setup is done. */}
        {missing.length === 0 && <GuideNextStep step="budget" missing="There is no budget yet: transactions are recorded against a budget's allocations." />}
      </section>
    );
  }

  const account = accounts.find((candidate) => candidate.id === accountId);
  const budget = budgets.find((candidate) => candidate.id === budgetId);
  const choose = (next: { bankAccountId?: number; budgetId?: number }) =>
    setSearchParams({ bank_account_id: String(next.bankAccountId ?? accountId), budget_id: String(next.budgetId ?? budgetId) });

  return (
    <section className="ec-transactions-page">
      <div className="ec-transactions-pickers">
        <label>
          Bank Account
          <Select
            aria-label="Bank Account"
            value={account?.id}
            disabled={editing}
            options={accounts.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={(value: number) => choose({ bankAccountId: value })}
          />
        </label>
        <label>
          Budget
          <Select
            aria-label="Budget"
            value={budget?.id}
            disabled={editing}
            options={budgets.map((candidate) => ({ value: candidate.id, label: candidate.status === 'closed' ? `${candidate.name} (closed)` : candidate.name }))}
            onChange={(value: number) => choose({ budgetId: value })}
          />
        </label>
        {budget && <Link to={paths.budget(budget.id)}>Go to Budget</Link>}
        <Link to={paths.findTransactions}>Find Transactions</Link>
      </div>
      {!account && <Alert type="warning" showIcon title="That bank account was not found. Choose one above." />}
      {!budget && <Alert type="warning" showIcon title="That budget was not found. Choose one above." />}
      {account && budget && (
        <TransactionWindowEditor
          key={`${account.id}-${budget.id}`}
          account={account}
          accounts={accounts}
          budgetId={budget.id}
          window={budget}
          allocations={allocationsQuery.data ?? NO_ALLOCATIONS}
          isPrimaryBudgetAccount={account.id === primaryId}
          closed={budget.status === 'closed'}
        />
      )}
      {account && budget && <UpcomingRows bankAccountId={account.id} window={budget} />}
      {!editing && <GuideNextStep step="entries" missing={'No transactions yet. Add them here with "Make Changes", one at a time with Quick Add, or import your bank\'s CSV export with "Make Changes" then "Import Transactions".'} />}
    </section>
  );
}
