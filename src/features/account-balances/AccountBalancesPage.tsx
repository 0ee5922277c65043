import { Button, Checkbox, Space } from 'antd';
import { useMemo, useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { PageTitle } from '../../components/PageTitle';
import { usePageHeading } from '../../components/usePageHeading';
import { BALANCE_GROUPS, balanceGroupOf, balanceGroupTitles, groupTotals, netWorthFigures } from '../../shared/netWorth';
import type { AccountBalance } from '../../shared/schemas/accountBalances';
import { budgetHolding, today } from '../../shared/dates';
import { useGetBudgetsQuery, useGetCurrentBudgetQuery } from '../budgets/budgetsApi';
import { ReconcileDialog } from '../reconcile';
import { useGetAccountBalancesQuery } from './accountBalancesApi';
import { AdjustBalancesDialog } from './AdjustBalancesDialog';
import { BalanceGroupTable } from './BalanceGroupTable';
import { sharedClosingDate } from './balanceHeadings';
import { NetWorthSummary } from './NetWorthSummary';
import './accountBalances.css';
import { GuideNextStep } from '../guide';

const NO_ACCOUNTS: AccountBalance[] = [];

/** Every account against the bank, grouped as a balance sheet, and the household's net worth. */
export default function AccountBalancesPage() {
  usePageHeading('Account Balances');
  const narrow = useNarrowScreen();
  const [includeClosed, setIncludeClosed] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [reconciling, setReconciling] = useState(false);
  const balances = useGetAccountBalancesQuery({ includeClosed });
  const currentBudget = useGetCurrentBudgetQuery();
  const budgets = useGetBudgetsQuery();
  // An adjustment is dated today: each name opens the window that holds today, else the current budget's.
  const windowBudgetId = (budgets.data && budgetHolding(budgets.data, today())?.id) ?? currentBudget.data?.budget_id ?? null;
  const accounts = balances.data ?? NO_ACCOUNTS;

  const groups = useMemo(
    () => BALANCE_GROUPS.map((group) => ({ group, accounts: accounts.filter((account) => balanceGroupOf(account) === group) })),
    [accounts],
  );
  const figures = useMemo(() => netWorthFigures(groupTotals(accounts, (account) => account.current_balance)), [accounts]);

  if (balances.isLoading) return <PageLoading />;
  if (!balances.data) return <LoadError message={apiErrorText(balances.error)} onRetry={balances.refetch} />;

  const pageClosingDate = sharedClosingDate(accounts);
  // Every account of a household closes at the end of the same current budget.
  const nextClosingDate = accounts[0]?.next_closing_date ?? null;
  const inPageOrder = groups.flatMap((group) => group.accounts);

  return (
    <section className="ec-account-balances">
      <PageTitle title="Account Balances" />
      <Space wrap className="ec-account-balances__toolbar">
        <Button type="primary" disabled={accounts.length === 0} onClick={() => setAdjusting(true)}>
          Adjust Account Balances
        </Button>
        <Button disabled={accounts.length === 0} onClick={() => setReconciling(true)}>
          Reconcile to a Statement
        </Button>
        <Checkbox checked={includeClosed} onChange={(event) => setIncludeClosed(event.target.checked)}>
          Include Closed Accounts?
        </Checkbox>
      </Space>
      {accounts.length === 0 ? (
        <GuideNextStep step="accounts" missing="There are no accounts yet: this page shows each account's balance against the bank." />
      ) : (
        <>
          {groups.map(({ group, accounts: members }) => (
            <BalanceGroupTable
              key={group}
              title={balanceGroupTitles[group]}
              accounts={members}
              closingDate={members.length > 0 ? sharedClosingDate(members) : pageClosingDate}
              nextClosingDate={nextClosingDate}
              windowBudgetId={windowBudgetId}
              narrow={narrow}
            />
          ))}
          <NetWorthSummary figures={figures} />
          <GuideNextStep step="reconcile" missing="No account has been checked against a bank statement yet." />
        </>
      )}
      <AdjustBalancesDialog open={adjusting} accounts={inPageOrder} narrow={narrow} onDone={() => setAdjusting(false)} />
      {inPageOrder.length > 0 && <ReconcileDialog open={reconciling} accounts={inPageOrder} accountId={inPageOrder[0].id} onDone={() => setReconciling(false)} />}
    </section>
  );
}
