import { selectedTotal, summaryFigures, transactionTotal } from '../../../src/features/transactions/summary';
import { draftRow } from './builders';

describe('summary figures', () => {
  const rows = [
    draftRow({ withdrawal_amount: 10000 }),
    draftRow({ withdrawal_amount: 0, deposit_amount: 250000 }),
    draftRow({ withdrawal_amount: 99999, deleted: true }),
  ];

  it('totals the rows not toggled deleted', () => {
    expect(transactionTotal(rows)).toBe(240000);
  });

  it('current bank balance is the last balance plus the transaction total', () => {
    expect(summaryFigures({ accountBalance: 290000, rows, savedRows: rows, isCreditCard: false })).toEqual({
      lastBankBalance: 50000,
      transactionTotal: 240000,
      currentBankBalance: 290000,
    });
  });

  it('leaves out rows dated on or before the opening date: no balance counts them, as on the server', () => {
    const window = [
      draftRow({ transaction_date: '2026-03-13', withdrawal_amount: 4000 }),
      draftRow({ transaction_date: '2026-03-14', withdrawal_amount: 2000 }),
      draftRow({ transaction_date: '2026-03-15', withdrawal_amount: 500 }),
    ];
    expect(summaryFigures({ accountBalance: 9500, openingDate: '2026-03-14', rows: window, savedRows: window, isCreditCard: false })).toEqual({
      lastBankBalance: 10000,
      transactionTotal: -500,
      currentBankBalance: 9500,
    });
    expect(transactionTotal(window, null)).toBe(-6500);
  });

  it("is the account's balance when saved, however many budgets hold rows, and moves with the draft", () => {
    // The account's balance (Account Balances' figure) also holds another open budget's rows: -1,873.45.
    const saved = [draftRow({ transaction_date: '2026-03-02', withdrawal_amount: 10000 })];
    const balance = 573766;
    expect(summaryFigures({ accountBalance: balance, openingDate: '2026-02-28', rows: saved, savedRows: saved, isCreditCard: false })).toEqual({
      lastBankBalance: balance + 10000,
      transactionTotal: -10000,
      currentBankBalance: balance,
    });
    const draft = [...saved, draftRow({ transaction_date: '2026-03-03', withdrawal_amount: 2500 })];
    expect(summaryFigures({ accountBalance: balance, openingDate: '2026-02-28', rows: draft, savedRows: saved, isCreditCard: false }).currentBankBalance).toBe(balance - 2500);
  });

  it('budget balance is the unspent money of the budget, moved live by allocated edits', () => {
    const saved = [draftRow({ allocation_id: 1, withdrawal_amount: 2000 })];
    const allocations = [
      { amount: 50000, spent: 2000 },
      { amount: 30000, spent: 0 },
    ];
    const unchanged = summaryFigures({ accountBalance: 78000, rows: saved, savedRows: saved, isCreditCard: false, allocations });
    expect(unchanged.currentBudgetBalance).toBe(78000);
    expect(unchanged.bankVsBudgetDifference).toBe(0);

    const edited = [
      { ...saved[0], withdrawal_amount: 3000 },
      draftRow({ allocation_id: 2, withdrawal_amount: 1500 }),
      draftRow({ allocation_id: null, withdrawal_amount: 700 }),
      draftRow({ allocation_id: 2, withdrawal_amount: 400, brought_forward_status: 'added' }),
    ];
    const live = summaryFigures({ accountBalance: 78000, rows: edited, savedRows: saved, isCreditCard: false, allocations });
    expect(live.currentBudgetBalance).toBe(78000 - 1000 - 1500);
    expect(live.currentBankBalance).toBe(80000 - 3000 - 1500 - 700 - 400);
    expect(live.bankVsBudgetDifference).toBe(live.currentBankBalance - live.currentBudgetBalance!);
  });

  it('a credit card shows its unpaid charges and how far its balance is from them', () => {
    const card = [
      draftRow({ status: 'unpaid', withdrawal_amount: 4000 }),
      draftRow({ status: 'unpaid', withdrawal_amount: 1000 }),
      draftRow({ status: 'paid', withdrawal_amount: 0, deposit_amount: 3000 }),
      draftRow({ status: 'unpaid', withdrawal_amount: 7000, deleted: true }),
    ];
    const figures = summaryFigures({ accountBalance: -5000, rows: card, savedRows: card, isCreditCard: true });
    expect(figures.unpaidBalance).toBe(5000);
    expect(figures.currentBankBalance).toBe(-5000);
    expect(figures.unpaidDifference).toBe(0);
    expect(figures.currentBudgetBalance).toBeUndefined();
  });

  it('selected total counts only chosen rows that are not deleted', () => {
    const chosen = new Set([rows[0].key, rows[2].key]);
    expect(selectedTotal(rows, chosen)).toBe(-10000);
  });
});
