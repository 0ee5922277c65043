import { MissingSetupNotice, type MissingSetup } from '../../components/MissingSetupNotice';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';

const NOTHING_MISSING: MissingSetup[] = [];

/**
 * What budgets need set up first: allocation categories (for allocations) and bank accounts (for incomes).
 * Undefined until both lists have arrived.
 */
export function useBudgetSetupMissing(): MissingSetup[] | undefined {
  const { data: categories } = useGetAllocationCategoriesQuery();
  const { data: accounts } = useGetBankAccountsQuery();
  if (!categories || !accounts) return undefined;
  const missing: MissingSetup[] = [];
  if (categories.length === 0) missing.push('categories');
  if (accounts.length === 0) missing.push('accounts');
  return missing.length === 0 ? NOTHING_MISSING : missing;
}

export function BudgetSetupNotice() {
  return <MissingSetupNotice missing={useBudgetSetupMissing() ?? NOTHING_MISSING} />;
}
