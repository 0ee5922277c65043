import { Radio } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { BASES, basisTitles, needsVsWantsColumns, type Basis } from '../../shared/reports';
import NeedsVsWantsChart from './charts/NeedsVsWantsChart';
import { ReportPage } from './ReportPage';
import { ReportTable } from './ReportTable';
import { useGetNeedsVsWantsReportQuery } from './reportsApi';
import { useReportSearch } from './useReportSearch';

/** "Needs vs Wants Report": do we live on needs or on wants? Budgeted or actual shares of the income. */
export default function NeedsVsWantsReportPage() {
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const { params, range, update, setRange } = useReportSearch();
  const { data, error, refetch } = useGetNeedsVsWantsReportQuery(range);
  const rows = data?.data;
  const basis: Basis = params.get('basis') === 'actual' ? 'actual' : 'budgeted';
  // A phone shows the shares only; the amounts are a wider screen's (and the CSV's).
  const columns = needsVsWantsColumns(basis).filter((column) => !narrow || column.kind !== 'money');

  return (
    <ReportPage
      title="Needs vs Wants Report"
      rows={rows}
      error={error}
      refetch={refetch}
      range={range}
      onRangeChange={setRange}
      download={{ report: 'needs_vs_wants', ...range }}
      options={
        <Radio.Group
          aria-label="Budgeted or actual"
          optionType="button"
          value={basis}
          options={BASES.map((value) => ({ value, label: basisTitles[value] }))}
          onChange={(event) => update({ basis: event.target.value === 'actual' ? 'actual' : undefined })}
        />
      }
      wideTable={!narrow}
      chart={rows && <NeedsVsWantsChart rows={rows} basis={basis} onOpen={(budgetId) => navigate(paths.budget(budgetId))} />}
      table={rows && <ReportTable caption={`Needs, wants and savings by period, ${basisTitles[basis].toLowerCase()}`} columns={columns} rows={rows} />}
    />
  );
}
