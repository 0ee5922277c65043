import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { Money } from '../../components/Money';
import { periodLabel, type ReportColumn } from '../../shared/reports';

interface PeriodRow {
  budget_id: number;
  period: string;
}

/** A whole percent, or "–" where there is none (a budget without income). */
export const percentText = (value: number | null) => (value == null ? '–' : `${value} %`);

function cell(column: ReportColumn, value: unknown, row: PeriodRow) {
  switch (column.kind) {
    case 'period':
      return (
        <Link to={paths.budget(row.budget_id)} title={`Open the budget of ${periodLabel(row.period)}`}>
          {periodLabel(row.period)}
        </Link>
      );
    case 'money':
      return value == null ? '–' : <Money cents={value as number} />;
    case 'percent':
      return percentText(value as number | null);
    default:
      return String(value);
  }
}

/** Two years of monthly periods a page: a whole history (fifteen years, 180 rows) is not drawn at once. */
const REPORT_TABLE_PAGE = 24;

/**
 * A report's table, one row per period, with the report's own columns (the CSV's too). The period opens its
 * budget. On a phone the table scrolls inside its own box. Longer than a page, it
 * opens on the last page (the newest periods); another range starts there again.
 */
export function ReportTable<Row extends PeriodRow>({ columns, rows, caption }: { columns: readonly ReportColumn[]; rows: Row[]; caption: string }) {
  const narrow = useNarrowScreen();
  const tableColumns: ColumnsType<Row> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    align: column.kind === 'money' || column.kind === 'percent' ? ('right' as const) : undefined,
    render: (_value: unknown, row: Row) => cell(column, (row as unknown as Record<string, unknown>)[column.key], row),
  }));
  return (
    <div className="ec-report-table" role="region" aria-label={caption}>
      <Table<Row>
        key={rows.length}
        size="small"
        columns={tableColumns}
        dataSource={rows}
        rowKey="budget_id"
        pagination={rows.length > REPORT_TABLE_PAGE && { pageSize: REPORT_TABLE_PAGE, defaultCurrent: Math.ceil(rows.length / REPORT_TABLE_PAGE), showSizeChanger: false }}
        // A phone scrolls the table sideways; a wide screen gives it room and lets headings wrap between words.
        scroll={narrow ? { x: 'max-content' } : undefined}
      />
    </div>
  );
}
