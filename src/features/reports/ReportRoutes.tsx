import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../platform/paths';
import CategorySpendingReportPage from './CategorySpendingReportPage';
import NeedsVsWantsReportPage from './NeedsVsWantsReportPage';
import NetWorthReportPage from './NetWorthReportPage';

// The three reports share the period pickers, the table and the charting library: one chunk, loaded when a
// report is first opened.
const relative = (path: string) => path.replace('/reports/', '');

/** reports/net-worth, reports/category-spending and reports/needs-vs-wants. */
export default function ReportRoutes() {
  return (
    <Routes>
      <Route path={relative(paths.netWorthReport)} element={<NetWorthReportPage />} />
      <Route path={relative(paths.categorySpendingReport)} element={<CategorySpendingReportPage />} />
      <Route path={relative(paths.needsVsWantsReport)} element={<NeedsVsWantsReportPage />} />
      <Route path="*" element={<Navigate to={paths.netWorthReport} replace />} />
    </Routes>
  );
}
