import { Select } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { categorySpendingColumns } from '../../shared/reports';
import type { CategorySpendingRow } from '../../shared/schemas/reports';
import CategorySpendingChart from './charts/CategorySpendingChart';
import { ReportPage } from './ReportPage';
import { ReportTable } from './ReportTable';
import { useGetCategorySpendingReportQuery } from './reportsApi';
import { useReportSearch } from './useReportSearch';

// The table and the chart show one category: the category column would repeat one name on every row.
const tableColumns = categorySpendingColumns.filter((column) => column.key !== 'category_name');

/** The categories of the report, in its order (by name), and the one to show when none is chosen: the first with any money. */
function categoriesOf(rows: readonly CategorySpendingRow[]) {
  const categories = new Map<number, string>();
  for (const row of rows) categories.set(row.allocation_category_id, row.category_name);
  const busy = rows.find((row) => row.budgeted !== 0 || row.spent !== 0);
  return { options: [...categories].map(([value, label]) => ({ value, label })), fallback: busy?.allocation_category_id ?? rows[0]?.allocation_category_id };
}

/** "Category Spending Report": where does the money go? One category at a time, budgeted against spent. */
export default function CategorySpendingReportPage() {
  const navigate = useNavigate();
  const { params, range, update, setRange } = useReportSearch();
  const { data, error, refetch } = useGetCategorySpendingReportQuery(range);
  const allRows = data?.data;
  const { options, fallback } = useMemo(() => categoriesOf(allRows ?? []), [allRows]);
  const chosen = Number(params.get('category_id')) || undefined;
  const categoryId = options.some((option) => option.value === chosen) ? chosen : fallback;
  const rows = useMemo(() => allRows?.filter((row) => row.allocation_category_id === categoryId), [allRows, categoryId]);

  return (
    <ReportPage
      title="Category Spending Report"
      rows={rows}
      error={error}
      refetch={refetch}
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
