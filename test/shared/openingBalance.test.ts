import { accountBalance, beforeOpeningDateMessage, defaultOpeningDate, earliestBudgetStart } from '../../src/shared/openingBalance';

describe('opening balance and date', () => {
  it('takes the budget that starts first, open or closed, none without budgets', () => {
    const budgets = [
      { status: 'open' as const, start_date: '2026-05-01' },
      { status: 'closed' as const, start_date: '2026-03-01' },
      { status: 'open' as const, start_date: '2026-04-01' },
    ];
    expect(earliestBudgetStart(budgets)).toBe('2026-03-01');
    expect(earliestBudgetStart([])).toBeNull();
  });

  it('opens a new account the day before the earliest budget, or on the last day of the previous month', () => {
    expect(defaultOpeningDate('2026-03-01', '2026-03-14')).toBe('2026-02-28');
    expect(defaultOpeningDate(null, '2026-03-14')).toBe('2026-02-28');
    expect(defaultOpeningDate(undefined, '2026-01-05')).toBe('2025-12-31');
  });

  it('counts only the transactions dated after the opening date', () => {
    const rows = [
      { transaction_date: '2026-02-28', deposit_amount: 9900, withdrawal_amount: 0 },
      { transaction_date: '2026-03-01', deposit_amount: 0, withdrawal_amount: 2500 },
      { transaction_date: '2026-03-20', deposit_amount: 1000, withdrawal_amount: 0 },
    ];
    expect(accountBalance({ opening_balance: 10000, opening_date: '2026-02-28' }, rows)).toBe(8500);
  });

  it('offers to move the opening date when refusing an earlier transaction', () => {
    expect(beforeOpeningDateMessage('2026-10-31', 'Cash', '2026-10-31')).toBe(
      "Oct 31, 2026 is on or before Cash's opening date (Oct 31, 2026): move the opening date in Setup to enter it",
    );
  });
});
