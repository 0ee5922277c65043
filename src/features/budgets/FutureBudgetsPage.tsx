import { Empty } from 'antd';
import { Fragment, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { LoadError } from '../../components/LoadError';
import { Money } from '../../components/Money';
import { PageLoading } from '../../components/PageLoading';
import { usePageHeading } from '../../components/usePageHeading';
import type { Cents } from '../../shared/money';
import { apiErrorText } from '../../platform/apiErrors';
import { partnerShares } from '../../shared/budgetMath';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { useGetFutureBudgetsQuery } from './budgetsApi';
import { BudgetSetupNotice } from './BudgetSetupNotice';
import { ActionRow } from './gridCells';
import { futureBudgetGrid, massEditTarget, type FutureLine, type MassEditTarget } from './futureBudgetGrid';
import { MassEditDialog } from './MassEditDialog';
import { BudgetPageTitle } from './BudgetPageTitle';

function AmountCells({ amounts, highlight = false }: { amounts: Cents[]; highlight?: boolean }) {
  return (
    <>
      {amounts.map((amount, column) => (
        <td key={column} className="ec-num">
          <Money cents={amount} highlightPositive={highlight} />
        </td>
      ))}
    </>
  );
}

function LineRow({ line, onOpen }: { line: FutureLine; onOpen: () => void }) {
  return (
    <tr>
      <th scope="row">
        <button type="button" className="ec-link-button" onClick={onOpen}>
          {line.name}
        </button>
      </th>
      <AmountCells amounts={line.cells.map((cell) => cell.amount)} />
    </tr>
  );
}

function TotalRow({ label, amounts, highlight = false, className }: { label: string; amounts: Cents[]; highlight?: boolean; className?: string }) {
  return (
    <tr className={className ?? 'ec-row--subtotal'}>
      <th scope="row">{label}</th>
      <AmountCells amounts={amounts} highlight={highlight} />
    </tr>
  );
}

/** Every open budget side by side, to plan the coming months and change a line in all of them at once. */
export default function FutureBudgetsPage() {
  usePageHeading('Future Budgets');
  const { data: budgets, error, refetch } = useGetFutureBudgetsQuery();
  const { data: categories = [] } = useGetAllocationCategoriesQuery();
  const { data: accounts = [] } = useGetBankAccountsQuery();
  const { data: settings } = useGetSettingsQuery();
  const [target, setTarget] = useState<MassEditTarget | null>(null);
  const grid = useMemo(() => (budgets ? futureBudgetGrid(budgets, categories) : null), [budgets, categories]);

  if (error)
    return <LoadError message={apiErrorText(error)} onRetry={refetch} />;
  if (!grid) return <PageLoading />;

  const columns = grid.budgets.length + 1;
  const shares = grid.totals.map((totals, index) => partnerShares(settings, totals.discretionary, grid.budgets[index].incomes));

  return (
    <section className="ec-budget ec-future-budgets">
      <BudgetPageTitle title="Future Budgets" />
      <BudgetSetupNotice />
      {grid.budgets.length === 0 ? (
        <Empty description="There are no open budgets. Add one on the Budgets page, then plan the coming months here." />
      ) : (
        <div className="ec-grid-wrap">
          <table className="ec-grid ec-future-grid" aria-label="Future Budgets">
            <thead>
              <tr>
                <th />
                {grid.budgets.map((budget) => (
                  <th key={budget.id} className="ec-num">
                    <Link to={paths.budget(budget.id)}>{budget.name}</Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="ec-row--group">
                <th colSpan={columns} scope="rowgroup">
                  Incomes
                </th>
              </tr>
              {grid.incomes.map((line) => (
                <LineRow key={line.name} line={line} onOpen={() => setTarget(massEditTarget(grid, 'income', line))} />
              ))}
              <ActionRow label="Add New Income" columns={columns} onClick={() => setTarget(massEditTarget(grid, 'income', null))} />
              <TotalRow label="Total Income" amounts={grid.totals.map((totals) => totals.income)} />
              {grid.categories.map((category) => (
                <Fragment key={category.id}>
                  <tr className="ec-row--group">
                    <th colSpan={columns} scope="rowgroup">
                      {category.name}
                    </th>
                  </tr>
                  {category.lines.map((line) => (
                    <LineRow key={line.name} line={line} onOpen={() => setTarget(massEditTarget(grid, 'allocation', line, category.id))} />
                  ))}
                  <ActionRow
                    label={`Add ${category.name} Allocation`}
                    columns={columns}
                    onClick={() => setTarget(massEditTarget(grid, 'allocation', null, category.id))}
                  />
                  <TotalRow label={`${category.name} Subtotal`} amounts={category.subtotals} />
                </Fragment>
              ))}
            </tbody>
            <tfoot>
              <TotalRow label="Total Allocations" amounts={grid.totals.map((totals) => totals.allocated)} className="ec-row--total" />
              <TotalRow
                label="Total Discretionary Money"
                amounts={grid.totals.map((totals) => totals.discretionary)}
                highlight
                className="ec-row--total"
              />
              {shares[0].map((share, index) => (
                <TotalRow key={share.label} label={share.label} amounts={shares.map((column) => column[index].amount)} highlight className="ec-row--total" />
              ))}
            </tfoot>
          </table>
        </div>
      )}
      <MassEditDialog target={target} categories={categories} accounts={accounts} onClose={() => setTarget(null)} />
    </section>
  );
}
