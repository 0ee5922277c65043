import { centsOf, dateOf, exportDateIn, monthOf } from '../../../server/services/history/amounts';

describe('amounts, dates and months as YNAB writes them', () => {
  it.each([
    ['$2,350.00', 235000],
    ['-$1.05', -105],
    ['1.234,56 €', 123456],
    ['-1.234,56 €', -123456],
    ['kr 30,00', 3000],
    ['kr -30,00', -3000],
    ['(12.30)', -1230],
    ['1 234,56', 123456],
    ['1\u00a0234,5 €', 123450],
    ["CHF 1'234.50", 123450],
    ['US$7', 700],
    ['€-0,00', 0],
    ['', 0],
  ])('%s is %d cents', (text, cents) => expect(centsOf(text)).toBe(cents));

  it.each(['twelve', '12abc34', '€', '1.2.3,4,5 6 x', '$1e5', '9'.repeat(20)])('%s is no amount: null, never 0', (text) => expect(centsOf(text)).toBeNull());

  it('reads dates month first, day first and year first, and refuses what is no day', () => {
    expect(dateOf('02/03/2026', false)).toBe('2026-02-03');
    expect(dateOf('02/03/2026', true)).toBe('2026-03-02');
    expect(dateOf('31.12.2025', true)).toBe('2025-12-31');
    expect(dateOf('2015/03/14', false)).toBe('2015-03-14');
    expect(dateOf('02/31/2026', false)).toBeNull();
    expect(dateOf('2026-13-01', false)).toBeNull();
  });

  it('reads plan months and the export day in YNAB’s file names', () => {
    expect(monthOf('Jan 2026')).toBe('2026-01');
    expect(monthOf('December 2015')).toBe('2015-12');
    expect(monthOf('2026-02')).toBe('2026-02');
    expect(monthOf('Foo 2026')).toBeNull();
    expect(exportDateIn(['', 'My Budget as of 2016-02-20 0915 PM-Register.csv'])).toBe('2016-02-20');
    expect(exportDateIn(['Register.csv'])).toBeNull();
  });
});
