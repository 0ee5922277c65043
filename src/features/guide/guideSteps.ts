import { paths } from '../../platform/paths';
import type { GlossaryTermId } from '../glossary';

export type GuideStepId = 'accounts' | 'budget' | 'entries' | 'reconcile';

export interface GuideStep {
  id: GuideStepId;
  title: string;
  /** Why this step matters, in one or two sentences. */
  why: string;
  links: { label: string; to: string }[];
  term?: GlossaryTermId;
}

/** The first month, in the order a new household meets it. Each step is done when the household's data says so. */
export const guideSteps: readonly GuideStep[] = [
  {
    id: 'accounts',
    title: 'Add your accounts',
    why:
      'EveryCent counts every balance from where each account starts. Give each account the date you start from and the balance your bank showed at the end of that day; for a credit card or a loan type the amount owed as a positive number: EveryCent stores and shows it as a negative balance.',
    links: [
      { label: 'Add your bank (Financial Institutions)', to: paths.institutions },
      { label: 'Add your accounts (Bank Accounts)', to: paths.bankAccounts },
      { label: 'Choose the primary budget account and your names (Settings)', to: paths.settings },
    ],
    term: 'opening-balance',
  },
  {
    id: 'budget',
    title: 'Plan your first month',
    why:
      'A budget gives each part of the month\'s income a job. Add allocation categories (groups such as Housing or Food), then "Add New Budget": enter the incomes, then the allocations until "Unallocated" is what you mean to keep free.',
    links: [
      { label: 'Add allocation categories', to: paths.allocationCategories },
      { label: 'Add your first budget', to: paths.budgets },
    ],
    term: 'zero-based',
  },
  {
    id: 'entries',
    title: 'Record what you spend',
    why:
      'Spent and Remaining come from the transactions. Add them one at a time with Quick Add, or import your bank\'s export (CSV) on the Transactions page with "Make Changes" then "Import Transactions".',
    links: [
      { label: 'Quick Add', to: paths.quickAdd },
      { label: 'Transactions (import)', to: paths.transactions },
    ],
  },
  {
    id: 'reconcile',
    title: 'Check against a bank statement',
    why:
      'Reconciling proves that EveryCent\'s balance is your bank\'s: when a statement arrives, enter its date and balance, and any difference is shown and settled with one adjustment.',
    links: [{ label: 'Account Balances: Reconcile to a Statement', to: paths.accountBalances }],
    term: 'reconcile',
  },
];
