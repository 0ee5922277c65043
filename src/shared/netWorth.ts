import type { Cents } from './money';
import type { AccountCategory, AccountType } from './schemas/setup';

/**
 * Net worth from account balances, for the Account Balances page and the reports. Balances are signed as the
 * bank shows them: money owed (a credit card, a loan) is a negative balance, so every figure here is a plain sum.
 */

/** The groups of the Account Balances page, in its order. */
export const BALANCE_GROUPS = ['current_accounts', 'cash_assets', 'non_cash_assets', 'credit_cards', 'loans'] as const;
type BalanceGroup = (typeof BALANCE_GROUPS)[number];

export const balanceGroupTitles: Record<BalanceGroup, string> = {
  current_accounts: 'Current Accounts',
  cash_assets: 'Cash Assets',
  non_cash_assets: 'Non Cash Assets',
  credit_cards: 'Credit Cards',
  loans: 'Loans',
};

export interface GroupedAccount {
  account_type: AccountType;
  account_category: AccountCategory;
  is_cash: boolean;
}

/**
 * Every credit card is under Credit Cards (a new card is a non-cash liability, which used to land in Loans);
 * otherwise Current Accounts is category current (cash or not), and assets and other liabilities split by
 * "Is Cash Account?" as before, so no existing account changes group unless it is a card.
 */
export function balanceGroupOf(account: GroupedAccount): BalanceGroup {
  if (account.account_type === 'credit_card') return 'credit_cards';
  switch (account.account_category) {
    case 'current':
      return 'current_accounts';
    case 'asset':
      return account.is_cash ? 'cash_assets' : 'non_cash_assets';
    case 'liability':
      return account.is_cash ? 'credit_cards' : 'loans';
  }
}

type GroupTotals = Record<BalanceGroup, Cents>;

/** Σ `balance` of the accounts in each group (0 for an empty group). */
export function groupTotals<T extends GroupedAccount>(accounts: readonly T[], balance: (account: T) => Cents): GroupTotals {
  const totals: GroupTotals = { current_accounts: 0, cash_assets: 0, non_cash_assets: 0, credit_cards: 0, loans: 0 };
  for (const account of accounts) totals[balanceGroupOf(account)] += balance(account);
  return totals;
}

export interface NetWorthFigures {
  /** What the household has: Current Accounts + Cash Assets + Non Cash Assets. */
  totalAssets: Cents;
  /** What it owes (negative): Credit Cards + Loans. */
  totalLiabilities: Cents;
  /** Day-to-day money: Current Accounts + Credit Cards. */
  netCurrentCash: Cents;
  /** Savings it can reach: Cash Assets. */
  netCashAssets: Cents;
  /** Property and what is borrowed against it: Non Cash Assets + Loans. */
  netNonCashAssets: Cents;
  /** Every group: Total Assets + Total Liabilities, and also Net Current Cash + Net Cash Assets + Net Non Cash Assets. */
  netWorth: Cents;
}

export function netWorthFigures(totals: GroupTotals): NetWorthFigures {
  const totalAssets = totals.current_accounts + totals.cash_assets + totals.non_cash_assets;
  const totalLiabilities = totals.credit_cards + totals.loans;
  return {
    totalAssets,
    totalLiabilities,
    netCurrentCash: totals.current_accounts + totals.credit_cards,
    netCashAssets: totals.cash_assets,
    netNonCashAssets: totals.non_cash_assets + totals.loans,
    netWorth: totalAssets + totalLiabilities,
  };
}
