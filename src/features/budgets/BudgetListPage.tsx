import { Button, Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { usePageHeading } from '../../components/usePageHeading';
import type { BudgetSummary } from '../../shared/schemas/budgets';
import { apiErrorText } from '../../platform/apiErrors';
import { AddBudgetDialog } from './AddBudgetDialog';
import { budgetMessages } from '../../shared/budgetMessages';
import { useCloseBudgetMutation, useCopyBudgetMutation, useGetBudgetsQuery, useReopenLastBudgetMutation } from './budgetsApi';
import { BudgetSetupNotice, useBudgetSetupMissing } from './BudgetSetupNotice';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { BudgetPageTitle } from './BudgetPageTitle';
import { closeQuestion, copyQuestion, lastClosedBudget, reopenQuestion, reopenUnavailableReason } from './budgetCycleHelp';
import { today } from '../../shared/dates';
import { HelpTip } from '../glossary';
import { GuideNextStep } from '../guide';

/**
 * Which rows offer Copy and Close. The list is newest first: Copy belongs to the newest budget (the first
 * row), Close to the current budget, the earliest open one (the last open row).
 */
function budgetListActions(budgets: readonly BudgetSummary[]): { copyId: number | null; closeId: number | null } {
  const open = budgets.filter((budget) => budget.status === 'open');
  return { copyId: budgets[0]?.id ?? null, closeId: open.at(-1)?.id ?? null };
}

/**
 * Two years of budgets a page: a household with fifteen years of history draws 24 rows, not 180 (issue 35).
 * Newest first, so the rows with Copy and Close are on the first page.
 */
export const BUDGET_LIST_PAGE_SIZE = 24;
const BUDGET_LIST_PAGING = { pageSize: BUDGET_LIST_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false } as const;

function StatusTag({ status }: { status: BudgetSummary['status'] }) {
  return status === 'open' ? <Tag color="success">Open</Tag> : <Tag>Closed</Tag>;
}

export default function BudgetListPage() {
  usePageHeading('Budgets');
  const { data: budgets, error, isLoading, refetch } = useGetBudgetsQuery();
  const [copyBudget] = useCopyBudgetMutation();
  const [closeBudget] = useCloseBudgetMutation();
  const [reopenLastBudget, { isLoading: reopening }] = useReopenLastBudgetMutation();
  const { run } = useWriteAction();
  const navigate = useNavigate();
  const { copyId, closeId } = useMemo(() => budgetListActions(budgets ?? []), [budgets]);
  const setupMissing = useBudgetSetupMissing();
  // The setup notice already says what to do first: the guided start's note waits until setup is done.
  const setupDone = setupMissing?.length === 0;

  const columns: ColumnsType<BudgetSummary> = [
    { title: 'Budget', dataIndex: 'name', key: 'name' },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (status: BudgetSummary['status']) => <StatusTag status={status} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, budget) => (
        <Space wrap size="small">
          <Button size="small" onClick={() => navigate(paths.budget(budget.id))}>
            View
          </Button>
          {budget.id === copyId && (
            <Button
              size="small"
              onClick={() =>
                run({
                  question: copyQuestion(budget),
                  progress: budgetMessages.copying,
                  success: budgetMessages.copied,
                  failure: budgetMessages.notCopied,
                  write: () => copyBudget(budget.id).unwrap(),
                })
              }
            >
              Copy
            </Button>
          )}
          {budget.id === closeId && (
            <Button
              size="small"
              danger
              onClick={() =>
                run({
                  question: closeQuestion(budget, today()),
                  progress: budgetMessages.closing,
                  success: budgetMessages.closed,
                  failure: budgetMessages.notClosed,
                  write: () => closeBudget(budget.id).unwrap(),
                })
              }
            >
              Close
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const reopenBlocked = reopenUnavailableReason(budgets);
  const reopen = () =>
    run({
      question: reopenQuestion(lastClosedBudget(budgets)),
      progress: budgetMessages.reopening,
      success: budgetMessages.reopened,
      write: () => reopenLastBudget().unwrap(),
    });

  // Drawn once it is known whether setup is missing: the notice, arriving later above the toolbar, would move
  // "Add New Budget" under the person's pointer.
  if (setupMissing === undefined) {
    return (
      <section className="ec-budget ec-budget-list">
        <BudgetPageTitle title="Budgets" />
        <PageLoading />
      </section>
    );
  }

  return (
    <section className="ec-budget ec-budget-list">
      <BudgetPageTitle title="Budgets" />
      <BudgetSetupNotice />
      <Space wrap className="ec-budget-toolbar">
        <AddBudgetDialog newestEndDate={budgets?.[0]?.end_date} />
        <Button onClick={reopen} loading={reopening} disabled={reopenBlocked !== null} aria-describedby={reopenBlocked ? 'ec-reopen-reason' : undefined}>
          Reopen Last Budget
        </Button>
        {reopenBlocked && (
          <span id="ec-reopen-reason" className="ec-budget-toolbar-note">
            {reopenBlocked}
          </span>
        )}
        <HelpTip term="close-copy-reopen" />
      </Space>
      {error ? (
        <LoadError message={apiErrorText(error)} onRetry={refetch} />
      ) : budgets && budgets.length === 0 ? (
        <>
          <Empty
            description={
              <>
                <strong>No budgets yet.</strong>
                <br />
                Start with &ldquo;Add New Budget&rdquo;: pick the day your first budget period begins (usually the day your
                income arrives). Each budget runs for one month; after that, &ldquo;Copy&rdquo; carries it into the next month.
              </>
            }
          />
          {setupDone && <GuideNextStep step="budget" missing="This household has no budget yet." />}
        </>
      ) : (
        <Table<BudgetSummary> rowKey="id" columns={columns} dataSource={budgets} loading={isLoading} pagination={BUDGET_LIST_PAGING} size="middle" />
      )}
    </section>
  );
}
