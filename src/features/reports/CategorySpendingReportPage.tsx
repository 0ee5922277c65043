import { Select } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { categorySpendingColumns, periodOf } from '../../shared/reports';
import type { CategorySpendingRow } from '../../shared/schemas/reports';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import CategorySpendingChart from './charts/CategorySpendingChart';
import { ReportPage } from './ReportPage';
import { ReportTable } from './ReportTable';
import { type ReportRange, useGetCategorySpendingReportQuery } from './reportsApi';
import { useReportSearch } from './useReportSearch';

// The table and the chart show one category: the category column would repeat one name on every row.
const tableColumns = categorySpendingColumns.filter((column) => column.key !== 'category_name');

/**
 * The category to open on when none is chosen: the first (by name) with any money in the range, read from the
 * range's newest periods (`recent`), else the first of them.
 */
function firstWithMoney(recent: readonly CategorySpendingRow[], from: string | undefined): number | undefined {
  const inRange = from ? recent.filter((row) => row.period >= periodOf(from)) : recent;
  const busy = inRange.find((row) => row.budgeted !== 0 || row.spent !== 0);
  return busy?.allocation_category_id ?? recent[0]?.allocation_category_id;
}

/**
 * "Category Spending Report": where does the money go? One category at a time, budgeted against spent. Only
 * that category's rows are asked for over a chosen range: every category over fifteen years is 13 × 183 rows.
 * Without a chosen category, the first with any money is found in the range's newest periods (at most the
 * server's default twelve), which is the whole report when no range is chosen either.
 */
export default function CategorySpendingReportPage() {
  const navigate = useNavigate();
  const { params, range, update, setRange } = useReportSearch();
  const categories = useGetAllocationCategoriesQuery();
  const options = useMemo(() => (categories.data ?? []).map(({ id, name }) => ({ value: id, label: name })), [categories.data]);
  const wanted = Number(params.get('category_id')) || undefined;
  const chosen = options.some((option) => option.value === wanted) ? wanted : undefined;
  // The newest periods (the server's default of the range's end): every category, so one with money can be found.
  const recentRange: ReportRange = { to: range.to };
  const recent = useGetCategorySpendingReportQuery(recentRange, { skip: !categories.data || chosen !== undefined });
  const categoryId = chosen ?? (recent.data ? (firstWithMoney(recent.data.data, range.from) ?? options[0]?.value) : undefined);
  // Without a range the recent rows are the report itself; otherwise the one category over the range.
  const whole = !range.from && chosen === undefined;
  const report = useGetCategorySpendingReportQuery({ ...range, categoryId }, { skip: whole || categoryId === undefined });
  const source = whole ? recent : report;
  const rows = useMemo(() => source.data?.data.filter((row) => row.allocation_category_id === categoryId), [source.data, categoryId]);
  const emptyHousehold = categories.data?.length === 0;
  const failedQuery = [categories, recent, source].find((query) => query.error);

  return (
    <ReportPage
      title="Category Spending Report"
      rows={emptyHousehold ? [] : rows}
      error={failedQuery?.error}
      refetch={() => void failedQuery?.refetch()}
      range={range}
      onRangeChange={setRange}
      download={{ report: 'category_spending', ...range, categoryId }}
      options={
        <label className="ec-report-category">
          Category
          <Select
            aria-label="Category"
            showSearch={{ optionFilterProp: 'label' }}
            value={categoryId}
            options={options}
            onChange={(value: number) => update({ category_id: String(value) })}
          />
        </label>
      }
      chart={rows && <CategorySpendingChart rows={rows} onOpen={(budgetId) => navigate(paths.budget(budgetId))} />}
      table={rows && <ReportTable caption="Budgeted and spent by period" columns={tableColumns} rows={rows} />}
    />
  );
}
