import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createHashRouter, useNavigate } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { RequireAuth } from '../features/auth/RequireAuth';
import BudgetsArea from '../features/budgets/BudgetsArea';
import { antdArea } from '../components/antdArea';
import { PageLoading } from '../components/PageLoading';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { paths } from '../platform/paths';
import Shell from './Shell';

// The shell and the budgets area come in this chunk, with the router and the guard: after the first bundle,
// one step (this chunk and its vendor part, loaded in parallel) shows a budget, and neither needs antd.
// Every other area is its own chunk, loaded on demand with antd and the app's antd theme.
const HomePage = antdArea(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const TransactionsPage = antdArea(() => import(/* webpackChunkName: "transactions" */ '../features/transactions/TransactionsPage'));
const FindTransactionsPage = antdArea(() => import(/* webpackChunkName: "find-transactions" */ '../features/transactions/FindTransactionsPage'));
const QuickAddPage = antdArea(() => import(/* webpackChunkName: "quick-add-page" */ '../features/quick-add/QuickAddPage'));
const SinkFundsPage = antdArea(() => import(/* webpackChunkName: "sink-funds" */ '../features/sink-funds/SinkFundsPage'));
const SetupArea = antdArea(() => import(/* webpackChunkName: "setup" */ '../features/setup/SetupArea'));
const MembersPage = antdArea(() => import(/* webpackChunkName: "setup" */ '../features/members/MembersPage'));
const SchedulesPage = antdArea(() => import(/* webpackChunkName: "schedules" */ '../features/schedules/SchedulesPage'));
const AccountBalancesPage = antdArea(() => import(/* webpackChunkName: "account-balances" */ '../features/account-balances/AccountBalancesPage'));
const ReportsArea = antdArea(() => import(/* webpackChunkName: "reports" */ '../features/reports/ReportsArea'));
const SpecialEventsArea = antdArea(() => import(/* webpackChunkName: "special-events" */ '../features/special-events/SpecialEventsArea'));
const ActivityPage = antdArea(() => import(/* webpackChunkName: "activity" */ '../features/activity/ActivityPage'));
const YourDataPage = antdArea(() => import(/* webpackChunkName: "your-data" */ '../features/your-data/YourDataPage'));
// Plain elements only (no antd): the glossary and the guided start load with the light shell's look.
const GlossaryPage = lazy(() => import(/* webpackChunkName: "glossary" */ '../features/glossary/GlossaryPage'));
const GuidePage = lazy(() => import(/* webpackChunkName: "guide" */ '../features/guide/GuidePage'));
const ComingSoon = lazy(() => import(/* webpackChunkName: "coming-soon" */ '../components/ComingSoon'));

const page = (Page: LazyExoticComponent<ComponentType>) => (
  <PageErrorBoundary>
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  </PageErrorBoundary>
);

const comingSoon = (heading: string, text?: string) => (
  <Suspense fallback={<PageLoading />}>
    <ComingSoon heading={heading} text={text} />
  </Suspense>
);

/** The login page when reached inside the app (after a log-out or the guard's redirect). */
function RoutedLoginPage() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => navigate(paths.home)} />;
}

export const routes = [
  { path: '/login', element: <RoutedLoginPage /> },
  { path: '/logout', element: <LogoutPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Shell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: page(HomePage) },
      {
        path: 'budgets/*',
        element: (
          <PageErrorBoundary>
            <BudgetsArea />
          </PageErrorBoundary>
        ),
      },
      { path: 'transactions', element: page(TransactionsPage) },
      { path: 'transactions/find', element: page(FindTransactionsPage) },
      { path: 'quick-add', element: page(QuickAddPage) },
      { path: 'setup/members', element: page(MembersPage) },
      { path: 'setup/scheduled', element: page(SchedulesPage) },
      { path: 'setup/*', element: page(SetupArea) },
      { path: 'sink-funds', element: page(SinkFundsPage) },
      { path: 'account-balances', element: page(AccountBalancesPage) },
      { path: 'special-events/*', element: page(SpecialEventsArea) },
      { path: 'reports/*', element: page(ReportsArea) },
      { path: 'activity', element: page(ActivityPage) },
      { path: 'your-data', element: page(YourDataPage) },
      { path: 'glossary', element: page(GlossaryPage) },
      { path: 'start', element: page(GuidePage) },
      { path: '*', element: comingSoon('Page not found', 'There is no page at this address. Choose a page from the menu.') },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routes);
