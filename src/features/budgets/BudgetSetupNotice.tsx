import { MissingSetupNotice, type MissingSetup } from '../../components/MissingSetupNotice';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';

/** Budgets need allocation categories (for allocations) and bank accounts (for incomes). */
export function BudgetSetupNotice() {
  const { data: categories } = useGetAllocationCategoriesQuery();
  const { data: accounts } = useGetBankAccountsQuery();
  const missing: MissingSetup[] = [];
  if (categories && categories.length === 0) missing.push('categories');
  if (accounts && accounts.length === 0) missing.push('accounts');
  return <MissingSetupNotice missing={missing} />;
}
