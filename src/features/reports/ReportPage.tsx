import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorText } from '../../platform/apiErrors';
import { paths } from '../../platform/paths';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { usePageHeading } from '../../components/usePageHeading';
import { CsvDownloadButton } from './CsvDownloadButton';
import { PeriodRangePicker } from './PeriodRangePicker';
import type { ReportRange, ReportRequest } from './reportsApi';
import './reports.css';
import { GuideNextStep } from '../guide';

interface ReportPageProps {
  title: string;
  /** The report's rows on screen (undefined while loading), for the periods the pickers show. */
  rows: ReadonlyArray<{ period: string }> | undefined;
  error: unknown;
  refetch: () => unknown;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
  /** What "Download CSV" fetches: the table on screen. */
  download: ReportRequest;
  /** The report's own choices (category, budgeted or actual). */
  options?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** A table of many columns: the chart goes above it, so every column has room (no cut headings at 1280 px). */
  wideTable?: boolean;
}

/**
 * The frame of every report: the period pickers, the report's options and "Download CSV", then the chart and
 * the table side by side (the chart above the table on narrow screens).
 */
export function ReportPage({ title, rows, error, refetch, range, onRangeChange, download, options, chart, table, wideTable = false }: ReportPageProps) {
  usePageHeading(title);
  const narrow = useNarrowScreen();
  const shown = { from: rows?.[0]?.period, to: rows?.[rows.length - 1]?.period };
  let body: ReactNode;
  if (error) body = <LoadError message={apiErrorText(error)} onRetry={refetch} />;
  else if (!rows) body = <PageLoading />;
  else if (rows.length === 0)
    body = (
      <>
        <Empty
          description={
            <>
              No budgets in these periods. Choose other periods, or see the <Link to={paths.budgets}>Budgets</Link>.
            </>
          }
        />
        <GuideNextStep step="budget" missing="Reports are drawn from your budgets, and this household has none yet." />
      </>
    );
  else
    body = (
      <div className={`ec-report-body${wideTable ? ' ec-report-body--wide-table' : ''}`}>
        {chart}
        {table}
      </div>
    );
  return (
    <section className="ec-report" aria-label={title}>
      {!narrow && <h2 className="ec-report-title">{title}</h2>}
      <div className="ec-report-controls">
        <PeriodRangePicker range={range} shown={shown} onChange={onRangeChange} />
        {options}
        <CsvDownloadButton request={download} />
      </div>
      {body}
    </section>
  );
}
