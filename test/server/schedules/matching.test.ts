import { descriptionsAlike, pairRows, paysOccurrence } from '../../../src/shared/schedules/matching';

const rent = { date: '2026-12-01', amount: -120_000, description: 'Rent', tolerance: 500 };

describe('a bank row paying a scheduled occurrence', () => {
  it('needs alike descriptions, the amount within the tolerance, the same direction and a date within three days', () => {
    expect(descriptionsAlike('Rent', 'RENT PAYMENT FLAT 4')).toBe(true);
    expect(descriptionsAlike('Rent', 'Parent teacher fund')).toBe(false);
    const row = { transaction_date: '2026-12-02', net: -120_400, description: 'RENT DEC' };
    expect(paysOccurrence(row, rent)).toBe(true);
    expect(paysOccurrence({ ...row, net: -120_600 }, rent)).toBe(false);
    expect(paysOccurrence({ ...row, net: 120_000 }, rent)).toBe(false);
    expect(paysOccurrence({ ...row, transaction_date: '2026-11-28' }, rent)).toBe(true);
    expect(paysOccurrence({ ...row, transaction_date: '2026-11-27' }, rent)).toBe(false);
    expect(paysOccurrence({ ...row, transaction_date: '2026-12-05' }, rent)).toBe(false);
    expect(paysOccurrence({ ...row, description: 'Groceries' }, rent)).toBe(false);
  });

  it('pairs each row and each occurrence at most once, the nearest date first', () => {
    const weekly = (date: string) => ({ date, amount: -5_000, description: 'Cleaner', tolerance: 0 });
    const rows = [
      { transaction_date: '2026-12-08', net: -5_000, description: 'CLEANER' },
      { transaction_date: '2026-12-02', net: -5_000, description: 'CLEANER' },
    ];
    expect([...pairRows(rows, [weekly('2026-12-01'), weekly('2026-12-08')])]).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect([...pairRows(rows.slice(1), [weekly('2026-12-01'), weekly('2026-12-03')])]).toEqual([[0, 0]]);
  });
});
