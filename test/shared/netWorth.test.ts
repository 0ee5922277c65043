import { balanceGroupOf, groupTotals, netWorthFigures, type GroupedAccount } from '../../src/shared/netWorth';

const account = (account_category: GroupedAccount['account_category'], is_cash: boolean, balance: number) => ({ account_type: 'normal' as const, account_category, is_cash, balance });
const grouped = (account_category: GroupedAccount['account_category'], is_cash: boolean, account_type: GroupedAccount['account_type'] = 'normal') => ({
  account_type,
  account_category,
  is_cash,
});

describe('net worth', () => {
  it('puts current accounts in one group whatever their cash flag, and splits assets and liabilities by it', () => {
    expect(balanceGroupOf(grouped('current', true))).toBe('current_accounts');
    expect(balanceGroupOf(grouped('current', false))).toBe('current_accounts');
    expect(balanceGroupOf(grouped('asset', true))).toBe('cash_assets');
    expect(balanceGroupOf(grouped('asset', false))).toBe('non_cash_assets');
    expect(balanceGroupOf(grouped('liability', true))).toBe('credit_cards');
    expect(balanceGroupOf(grouped('liability', false))).toBe('loans');
  });

  it('lists every credit card under Credit Cards, a new card (a non-cash liability) included, whatever its category', () => {
    expect(balanceGroupOf(grouped('liability', false, 'credit_card'))).toBe('credit_cards');
    expect(balanceGroupOf(grouped('liability', true, 'credit_card'))).toBe('credit_cards');
    expect(balanceGroupOf(grouped('current', true, 'credit_card'))).toBe('credit_cards');
    expect(balanceGroupOf(grouped('liability', false, 'sink_fund'))).toBe('loans');
  });

  it('totals each group in cents, empty groups at 0', () => {
    const accounts = [account('current', true, 150_025), account('current', false, -25), account('liability', true, -30_000), account('liability', true, -1)];
    expect(groupTotals(accounts, (a) => a.balance)).toEqual({ current_accounts: 150_000, cash_assets: 0, non_cash_assets: 0, credit_cards: -30_001, loans: 0 });
  });

  it('nets assets against what is owed, and net worth is the sum of every group both ways round', () => {
    const totals = { current_accounts: 120_000, cash_assets: 500_000, non_cash_assets: 30_000_000, credit_cards: -45_000, loans: -21_000_000 };
    const figures = netWorthFigures(totals);
    expect(figures).toEqual({
      totalAssets: 30_620_000,
      totalLiabilities: -21_045_000,
      netCurrentCash: 75_000,
      netCashAssets: 500_000,
      netNonCashAssets: 9_000_000,
      netWorth: 9_575_000,
    });
    expect(figures.netCurrentCash + figures.netCashAssets + figures.netNonCashAssets).toBe(figures.netWorth);
    expect(Object.values(totals).reduce((sum, total) => sum + total, 0)).toBe(figures.netWorth);
  });
});
