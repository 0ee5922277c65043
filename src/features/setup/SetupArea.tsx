import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../platform/paths';
import AllocationCategoriesPage from './AllocationCategoriesPage';
import BankAccountsPage from './BankAccountsPage';
import InstitutionsPage from './InstitutionsPage';
import SettingsPage from './SettingsPage';
import './setup.css';

// The four pages are small and share antd's Form, Table and Modal, so they travel in the one "setup" chunk
// the router already loads on demand (with Members, which the router places beside them); splitting them further
// would only add round trips.
const relative = (path: string) => path.replace('/setup/', '');

export default function SetupArea() {
  return (
    <Routes>
      <Route index element={<Navigate to={paths.allocationCategories} replace />} />
      <Route path={relative(paths.allocationCategories)} element={<AllocationCategoriesPage />} />
      <Route path={relative(paths.institutions)} element={<InstitutionsPage />} />
      <Route path={relative(paths.bankAccounts)} element={<BankAccountsPage />} />
      <Route path={relative(paths.settings)} element={<SettingsPage />} />
      <Route path="*" element={<Navigate to={paths.allocationCategories} replace />} />
    </Routes>
  );
}
