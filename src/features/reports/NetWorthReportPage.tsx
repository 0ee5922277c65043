import { useNavigate } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { netWorthColumns } from '../../shared/reports';
import NetWorthChart from './charts/NetWorthChart';
import { ReportPage } from './ReportPage';
import { ReportTable } from './ReportTable';
import { useGetNetWorthReportQuery } from './reportsApi';
import { useReportSearch } from './useReportSearch';

/** "Net Worth Report": are we getting richer? */
export default function NetWorthReportPage() {
  const navigate = useNavigate();
  const { range, setRange } = useReportSearch();
  const { data, error, refetch } = useGetNetWorthReportQuery(range);
  const rows = data?.data;
  return (
    <ReportPage
      title="Net Worth Report"
      rows={rows}
      error={error}
      refetch={refetch}
      range={range}
      onRangeChange={setRange}
      download={{ report: 'net_worth', ...range }}
      chart={rows && <NetWorthChart rows={rows} onOpen={(budgetId) => navigate(paths.budget(budgetId))} />}
      table={rows && <ReportTable caption="Net worth by period" columns={netWorthColumns} rows={rows} />}
    />
  );
}
