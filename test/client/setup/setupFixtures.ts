import { bankAccount, settings } from '../../support/fixtures';

/** A household that has everything set up, so the pages show no getting-started guidance. */
export const setUpHousehold = () => ({
  'GET /allocation_categories': [{ id: 1, name: 'Groceries' }],
  'GET /institutions': [{ id: 1, name: 'First Bank' }],
  'GET /bank_accounts': [bankAccount()],
  'GET /settings': settings(),
  'GET /budgets': [],
});
