import { paths } from '../platform/paths';

interface MenuEntry {
  label: string;
  to: string;
}

interface MenuSection {
  /** Grouped entries show under a heading ("Reports", "Setup"). */
  heading?: string;
  entries: MenuEntry[];
}

/** The side menu, in the product's order. */
export const menuSections: MenuSection[] = [
  {
    entries: [
      { label: 'Home', to: paths.home },
      { label: 'Current Budget', to: paths.currentBudget },
      { label: 'Budgets', to: paths.budgets },
      { label: 'Future Budgets', to: paths.futureBudgets },
      { label: 'Transactions', to: paths.transactions },
      { label: 'Quick Add', to: paths.quickAdd },
      { label: 'Find Transactions', to: paths.findTransactions },
      { label: 'Sink Funds', to: paths.sinkFunds },
      { label: 'Account Balances', to: paths.accountBalances },
      { label: 'Special Events', to: paths.specialEvents },
      { label: 'Activity', to: paths.activity },
    ],
  },
  {
    heading: 'Reports',
    entries: [
      { label: 'Net Worth Report', to: paths.netWorthReport },
      { label: 'Category Spending Report', to: paths.categorySpendingReport },
      { label: 'Needs vs Wants Report', to: paths.needsVsWantsReport },
    ],
  },
  {
    heading: 'Setup',
    entries: [
      { label: 'Allocation Categories', to: paths.allocationCategories },
      { label: 'Financial Institutions', to: paths.institutions },
      { label: 'Bank Accounts', to: paths.bankAccounts },
      { label: 'Scheduled', to: paths.scheduled },
      { label: 'Settings', to: paths.settings },
      { label: 'Members', to: paths.members },
    ],
  },
  {
    heading: 'Help',
    entries: [
      { label: 'Guided start', to: paths.guide },
      { label: 'Glossary', to: paths.glossary },
    ],
  },
  { entries: [{ label: 'Log out', to: paths.logout }] },
];

const allPaths = menuSections.flatMap((section) => section.entries.map((entry) => entry.to));

/** The menu entry to highlight for a location: the exact path, else the longest entry it lies under. */
export function selectedMenuPath(pathname: string): string | undefined {
  if (allPaths.includes(pathname)) return pathname;
  return allPaths
    .filter((path) => path !== paths.home && pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}
