import { allNeedsVsWantsColumns, isPeriod, isPeriodOrDate, needsVsWantsColumns, periodLabel, periodOf, rangeEndDate, rangeStartDate } from '../../src/shared/reports';

describe('report periods and ranges', () => {
  it('accepts YYYY-MM periods of real months only', () => {
    expect(['2026-01', '2026-12', '1900-01'].every(isPeriod)).toBe(true);
    expect(['2026-00', '2026-13', '2026-1', '26-01', '2026-01-01', '', null].some(isPeriod)).toBe(false);
  });

  it('accepts a period or a real date as a range end', () => {
    expect(['2026-02', '2026-02-28', '2024-02-29'].every(isPeriodOrDate)).toBe(true);
    expect(['2026-02-29', '2026-02-30', 'Feb 2026', '2026/02'].some(isPeriodOrDate)).toBe(false);
  });

  it('stretches a period over its whole month and keeps a date as it is', () => {
    expect(rangeStartDate('2026-02')).toBe('2026-02-01');
    expect(rangeEndDate('2026-02')).toBe('2026-02-28');
    expect(rangeEndDate('2024-02')).toBe('2024-02-29');
    expect(rangeEndDate('2026-12')).toBe('2026-12-31');
    expect(rangeStartDate('2026-02-14')).toBe('2026-02-14');
    expect(rangeEndDate('2026-02-14')).toBe('2026-02-14');
  });

  it("names a budget's period after its end date's month", () => {
    expect(periodOf('2026-02-22')).toBe('2026-02');
    expect(periodLabel('2026-02')).toBe('Feb 2026');
    expect(periodLabel('2025-12')).toBe('Dec 2025');
  });

  it('lists the needs vs wants columns of one basis, and of both for the CSV', () => {
    expect(needsVsWantsColumns('actual').map((column) => [column.key, column.title])).toEqual([
      ['period', 'Period'],
      ['income', 'Income'],
      ['actual_needs', 'Needs'],
      ['actual_needs_percent', 'Needs %'],
      ['actual_wants_spent', 'Wants'],
      ['actual_wants_spent_percent', 'Wants %'],
      ['actual_savings', 'Savings'],
      ['actual_savings_percent', 'Savings %'],
      ['actual_unspent', 'Unspent'],
      ['actual_unspent_percent', 'Unspent %'],
    ]);
    expect(allNeedsVsWantsColumns.map((column) => column.title).slice(0, 4)).toEqual(['Period', 'Income', 'Budgeted Needs', 'Budgeted Needs %']);
    // The original backend's actuals (its actual_wants counts what is not yet spent), then what was spent on wants and what is not yet spent, apart.
    expect(allNeedsVsWantsColumns.map((column) => column.key).slice(-6)).toEqual(['actual_savings', 'actual_savings_percent', 'actual_wants_spent', 'actual_wants_spent_percent', 'actual_unspent', 'actual_unspent_percent']);
    expect(allNeedsVsWantsColumns.at(-1)).toEqual({ key: 'actual_unspent_percent', title: 'Actual Unspent %', kind: 'percent' });
  });
});
