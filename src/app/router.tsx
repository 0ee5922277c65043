import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createHashRouter, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { RequireAuth } from '../features/auth/RequireAuth';
import { PageLoading } from '../components/PageLoading';
import { paths } from './paths';

// zod probes for eval with `new Function`, which the Content-Security-Policy (script-src 'self') reports as a
// violation; the pages behind the router use zod, so it is told not to try before any of them load.
z.config({ jitless: true });

// The shell and the budgets area share one chunk: budgets come with the shell (never a separate wait),
// while the login page stays free of both. Every other area is its own chunk, loaded on demand.
const Shell = lazy(() => import(/* webpackChunkName: "shell" */ './Shell'));
const BudgetsArea = lazy(() => import(/* webpackChunkName: "shell" */ '../features/budgets/BudgetsArea'));
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const TransactionsPage = lazy(() => import(/* webpackChunkName: "transactions" */ '../features/transactions/TransactionsPage'));
const SinkFundsPage = lazy(() => import(/* webpackChunkName: "sink-funds" */ '../features/sink-funds/SinkFundsPage'));
const SetupArea = lazy(() => import(/* webpackChunkName: "setup" */ '../features/setup/SetupArea'));
const AccountBalancesPage = lazy(() => import(/* webpackChunkName: "account-balances" */ '../features/account-balances/AccountBalancesPage'));
const ReportsArea = lazy(() => import(/* webpackChunkName: "shell" */ '../features/reports/ReportsArea'));
const SpecialEventsArea = lazy(() => import(/* webpackChunkName: "special-events" */ '../features/special-events/SpecialEventsArea'));
const ComingSoon = lazy(() => import(/* webpackChunkName: "coming-soon" */ '../components/ComingSoon'));

const page = (Page: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoading />}>
    <Page />
  </Suspense>
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
    element: <RequireAuth>{page(Shell)}</RequireAuth>,
    children: [
      { index: true, element: page(HomePage) },
      { path: 'budgets/*', element: page(BudgetsArea) },
      { path: 'transactions', element: page(TransactionsPage) },
      { path: 'setup/*', element: page(SetupArea) },
      { path: 'sink-funds', element: page(SinkFundsPage) },
      { path: 'account-balances', element: page(AccountBalancesPage) },
      { path: 'special-events/*', element: page(SpecialEventsArea) },
      { path: 'reports/*', element: page(ReportsArea) },
      { path: '*', element: comingSoon('Page not found', 'There is no page at this address. Choose a page from the menu.') },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routes);
