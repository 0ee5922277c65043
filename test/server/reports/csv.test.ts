import type { ReportColumn } from '../../../src/shared/reports';
import { csvFileName, reportCsv } from '../../../server/services/reports/csv';

const columns: ReportColumn[] = [
  { key: 'name', title: 'Category', kind: 'text' },
  { key: 'amount', title: 'Amount', kind: 'money' },
  { key: 'share', title: 'Share %', kind: 'percent' },
];

describe('report CSV', () => {
  it('writes money as plain decimals and a missing percentage as an empty cell', () => {
    expect(reportCsv(columns, [{ name: 'Rent', amount: -123_456_789, share: null }, { name: 'Gas', amount: 5, share: -3 }])).toBe(
      '\uFEFFCategory,Amount,Share %\r\nRent,-1234567.89,\r\nGas,0.05,-3\r\n',
    );
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    const rows = [{ name: 'a,b' }, { name: 'say "hi"' }, { name: 'two\nlines' }, { name: ' padded ' }].map((row) => ({ ...row, amount: 0, share: 1 }));
    expect(reportCsv(columns, rows).split('\r\n').slice(1, 5)).toEqual([
      '"a,b",0.00,1',
      '"say ""hi""",0.00,1',
      '"two\nlines",0.00,1',
      '" padded ",0.00,1',
    ]);
  });

  it('keeps a name that a spreadsheet would run as a formula as text', () => {
    const rows = ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'].map((name) => ({ name, amount: -100, share: 0 }));
    expect(reportCsv(columns, rows).split('\r\n').slice(1, 5)).toEqual([
      `"'=HYPERLINK(""x"")",-1.00,0`,
      "'+1,-1.00,0",
      "'-2,-1.00,0",
      "'@SUM(A1),-1.00,0",
    ]);
  });

  it('names the file after the report, its subject and its periods', () => {
    expect(csvFileName(['net worth'], ['2025-03', '2025-04', '2026-02'])).toBe('net-worth-2025-03-to-2026-02.csv');
    expect(csvFileName(['category spending', 'Café & "Bar"'], ['2026-01'])).toBe('category-spending-cafe-bar-2026-01-to-2026-01.csv');
    expect(csvFileName(['needs vs wants'], [])).toBe('needs-vs-wants.csv');
    expect(csvFileName(['category spending', '€€'], [])).toBe('category-spending.csv');
  });
});
