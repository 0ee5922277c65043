import { lazy } from 'react';

// The router loads this stub with the shell (it is in the shell's chunk), and the report pages' chunk from
// here: that chunk then comes after the shell and reuses the antd code the shell brought instead of splitting it
// anew, which would add chunks to the budget detail. The charting library comes with the report pages only.
const ReportRoutes = lazy(() => import(/* webpackChunkName: "reports" */ './ReportRoutes'));

/** While the pages load, the router's own Suspense shows the loading bar. */
export default function ReportsArea() {
  return <ReportRoutes />;
}
