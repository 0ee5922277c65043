/** Every route path of the client, and builders for the ones with parameters. Hash routes: `#/budgets/12`. */
export const paths = {
  login: '/login',
  logout: '/logout',
  home: '/',
  budgets: '/budgets',
  currentBudget: '/budgets/current',
  futureBudgets: '/budgets/future',
  weeklyToday: '/budgets/weekly-today',
  budget: (id: number | 'current') => `/budgets/${id}`,
  transactions: '/transactions',
  transactionsFor: (params: { bankAccountId?: number; budgetId?: number }) => {
    const query = new URLSearchParams();
    if (params.bankAccountId) query.set('bank_account_id', String(params.bankAccountId));
    if (params.budgetId) query.set('budget_id', String(params.budgetId));
    const text = query.toString();
    return text ? `/transactions?${text}` : '/transactions';
  },
  findTransactions: '/transactions/find',
  quickAdd: '/quick-add',
  sinkFunds: '/sink-funds',
  sinkFundsFor: (bankAccountId: number) => `/sink-funds?bank_account_id=${bankAccountId}`,
  accountBalances: '/account-balances',
  specialEvents: '/special-events',
  specialEvent: (id: number) => `/special-events/${id}`,
  netWorthReport: '/reports/net-worth',
  categorySpendingReport: '/reports/category-spending',
  needsVsWantsReport: '/reports/needs-vs-wants',
  allocationCategories: '/setup/allocation-categories',
  institutions: '/setup/institutions',
  bankAccounts: '/setup/bank-accounts',
  settings: '/setup/settings',
  scheduled: '/setup/scheduled',
  members: '/setup/members',
  yourData: '/your-data',
  activity: '/activity',
  glossary: '/glossary',
  glossaryTerm: (term: string) => `/glossary?term=${term}`,
  guide: '/start',
} as const;
