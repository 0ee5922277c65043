import { MissingSetupNotice, type MissingSetup } from '../../components/MissingSetupNotice';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';

const NOTHING_MISSING: MissingSetup[] = [];

/**
 * What budgets need set up first: allocation categories (for allocations) and bank accounts (for incomes).
 * Undefined while either list is first being read (a list that could not be read misses nothing here: the
 * page that needs it says so).
 */
export function useBudgetSetupMissing(): MissingSetup[] | undefined {
  const categories = useGetAllocationCategoriesQuery();
  const accounts = useGetBankAccountsQuery();
  if (categories.isLoading || accounts.isLoading) return undefined;
  const missing: MissingSetup[] = [];
  if (categories.data?.length === 0) missing.push('categories');
  if (accounts.data?.length === 0) missing.push('accounts');
  return missing.length === 0 ? NOTHING_MISSING : missing;
}

export function BudgetSetupNotice() {
  return <MissingSetupNotice missing={useBudgetSetupMissing() ?? NOTHING_MISSING} />;
}
