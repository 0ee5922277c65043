import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/PageLoading';

// This stub travels in the shell's chunk, so the report pages' chunk is loaded after the shell and reuses the
// antd code the shell brought instead of splitting it anew (which would add chunks to the budget detail). The
// charting library comes with the report pages only.
const ReportRoutes = lazy(() => import(/* webpackChunkName: "reports" */ './ReportRoutes'));

export default function ReportsArea() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ReportRoutes />
    </Suspense>
  );
}
