import { Route, Routes } from 'react-router-dom';
import BudgetDetailPage from './BudgetDetailPage';
import BudgetListPage from './BudgetListPage';
import CurrentBudgetPage from './CurrentBudgetPage';
import FutureBudgetsPage from './FutureBudgetsPage';
import WeeklyTodayPage from './WeeklyTodayPage';
import './budgets.css';

/** budgets, budgets/current, budgets/future, budgets/weekly-today and budgets/:id. */
export default function BudgetsArea() {
  return (
    <Routes>
      <Route index element={<BudgetListPage />} />
      <Route path="current" element={<CurrentBudgetPage />} />
      <Route path="future" element={<FutureBudgetsPage />} />
      <Route path="weekly-today" element={<WeeklyTodayPage />} />
      <Route path=":id" element={<BudgetDetailPage />} />
    </Routes>
  );
}
