import { currentBudgetStart, newAccountCheckpointDate } from '../../src/shared/openingBalance';

describe('opening balance date', () => {
  it('takes the open budget that starts first as the current one, none while every budget is closed', () => {
    const budgets = [
      { status: 'open' as const, start_date: '2026-05-01' },
      { status: 'open' as const, start_date: '2026-04-01' },
      { status: 'closed' as const, start_date: '2026-03-01' },
    ];
    expect(currentBudgetStart(budgets)).toBe('2026-04-01');
    expect(currentBudgetStart(budgets.filter((budget) => budget.status === 'closed'))).toBeNull();
  });

  it("counts a new account's opening balance at the end of the day before the current budget, or of today", () => {
    expect(newAccountCheckpointDate('2026-03-01', '2026-03-14')).toBe('2026-02-28');
    expect(newAccountCheckpointDate(null, '2026-03-14')).toBe('2026-03-14');
  });
});
