import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { antdArea } from '../../components/antdArea';
import { PageLoading } from '../../components/PageLoading';
import BudgetDetailPage from './BudgetDetailPage';
import CurrentBudgetPage from './CurrentBudgetPage';
import WeeklyTodayPage from './WeeklyTodayPage';
import './budgets.css';

// The budget detail (and the current budget, which leads to it) come with this area and draw without antd; the
// list and Future Budgets use antd tables and dialogs, so they load with it on first visit.
const BudgetListPage = antdArea(() => import(/* webpackChunkName: "budget-list" */ './BudgetListPage'));
const FutureBudgetsPage = antdArea(() => import(/* webpackChunkName: "future-budgets" */ './FutureBudgetsPage'));

const loading = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/** budgets, budgets/current, budgets/future, budgets/weekly-today and budgets/:id. */
export default function BudgetsArea() {
  return (
    <Routes>
      <Route index element={loading(<BudgetListPage />)} />
      <Route path="current" element={<CurrentBudgetPage />} />
      <Route path="future" element={loading(<FutureBudgetsPage />)} />
      <Route path="weekly-today" element={<WeeklyTodayPage />} />
      <Route path=":id" element={<BudgetDetailPage />} />
    </Routes>
  );
}
