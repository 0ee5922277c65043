import {
  DATE_OUT_OF_RANGE,
  DATE_REQUIRED,
  defaultRowDate,
  countsAsSpending,
  defaultTransactionStatus,
  NEGATIVE_AMOUNT,
  newRowStatus,
  rowProblems,
  statusAfterAllocationChange,
  windowDateMessage,
  windowDateProblem,
} from '../../src/shared/transactionRules';

const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };
const row = (overrides: Partial<Parameters<typeof rowProblems>[0]> = {}) => ({
  transaction_date: '2026-03-10',
  withdrawal_amount: 1000,
  deposit_amount: 0,
  brought_forward_status: null,
  deleted: false,
  ...overrides,
});

describe('paid and unpaid', () => {
  it('choosing an allocation marks a row paid; clearing it marks it unpaid', () => {
    expect(statusAfterAllocationChange(12, false, 'unpaid')).toBe('paid');
    expect(statusAfterAllocationChange(null, false, 'paid')).toBe('unpaid');
    expect(statusAfterAllocationChange(undefined, false, 'paid')).toBe('unpaid');
  });

  it('never changes Paid? on a credit card when an allocation is chosen or cleared', () => {
    expect(statusAfterAllocationChange(12, true, 'unpaid')).toBe('unpaid');
    expect(statusAfterAllocationChange(null, true, 'paid')).toBe('paid');
    expect(statusAfterAllocationChange(12, true, 'paid')).toBe('paid');
  });

  it('a new row is unpaid on a credit card and paid elsewhere', () => {
    expect(newRowStatus(true)).toBe('unpaid');
    expect(newRowStatus(false)).toBe('paid');
  });

  it('a row saved or imported without a status: a credit-card charge is unpaid; a payment to the card is paid', () => {
    expect(defaultTransactionStatus(true, 500, 0)).toBe('unpaid');
    expect(defaultTransactionStatus(true, 0, 500)).toBe('paid');
    expect(defaultTransactionStatus(true, 500, 700)).toBe('paid');
    expect(defaultTransactionStatus(false, 500, 0)).toBe('paid');
  });
});

describe('spending', () => {
  it('carried-forward copies and their balancing row are not spending; everything else is', () => {
    expect(countsAsSpending(null)).toBe(true);
    expect(countsAsSpending('brought_forward')).toBe(true);
    expect(countsAsSpending('added')).toBe(false);
    expect(countsAsSpending('adjustment')).toBe(false);
  });
});

describe('dates inside the budget window', () => {
  it('accepts the first and last day and everything between', () => {
    expect(windowDateProblem('2026-03-01', MARCH)).toBeNull();
    expect(windowDateProblem('2026-03-31', MARCH)).toBeNull();
  });

  it('refuses days before or after the window with the product message', () => {
    expect(windowDateProblem('2026-02-28', MARCH)).toBe('before');
    expect(windowDateProblem('2026-04-01', MARCH)).toBe('after');
    expect(windowDateMessage('before')).toBe('Date is outside of budget range');
    expect(windowDateMessage('after')).toBe(DATE_OUT_OF_RANGE);
  });

  it('requires a date, and checks nothing more without a budget', () => {
    expect(windowDateProblem('', MARCH)).toBe('required');
    expect(windowDateProblem('2026-02-30', MARCH)).toBe('required');
    expect(windowDateMessage('required')).toBe(DATE_REQUIRED);
    expect(windowDateProblem('2020-01-01', null)).toBeNull();
  });

  it('dates a new row today when today is in the window, else on its first day', () => {
    expect(defaultRowDate(MARCH, '2026-03-17')).toBe('2026-03-17');
    expect(defaultRowDate(MARCH, '2026-05-02')).toBe('2026-03-01');
  });

  it('lists what stops a row from being saved, ignoring rows toggled deleted', () => {
    expect(rowProblems(row({ transaction_date: '2026-04-02' }), MARCH)).toEqual([DATE_OUT_OF_RANGE]);
    expect(rowProblems(row({ withdrawal_amount: -5 }), MARCH)).toEqual([NEGATIVE_AMOUNT]);
    expect(rowProblems(row({ withdrawal_amount: -5, brought_forward_status: 'adjustment' }), MARCH)).toEqual([]);
    expect(rowProblems(row({ transaction_date: '2026-04-02', deleted: true }), MARCH)).toEqual([]);
  });
});

