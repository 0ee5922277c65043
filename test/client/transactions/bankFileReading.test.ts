import { readBankFile, type BankFile } from '../../../src/features/transactions/import/bankFile';
import { decodeBankFile } from '../../../src/features/transactions/import/encoding';
import { parseAmountText, parseDateText } from '../../../src/features/transactions/import/values';

const csvFile = (text: string): BankFile => ({ text, encoding: 'UTF-8', fileName: 'export.csv' });
const read = (text: string) => readBankFile(csvFile(text), null);
const brief = (text: string) => read(text).rows.map((row) => [row.transaction_date, row.description, row.deposit_amount - row.withdrawal_amount]);

describe('values', () => {
  it('never strips letters from an amount', () => {
    expect(parseAmountText('From1')).toBeNull();
    expect(parseAmountText('ABC1')).toBeNull();
    expect(parseAmountText('12.50 EUR')).toBe(1250);
    expect(parseAmountText('+ £1,100.00')).toBe(110000);
    expect(parseAmountText('1.2.3', true)).toBeNull();
  });

  it('reads brackets, trailing minus and both separator styles', () => {
    expect(parseAmountText('(1,234.50)')).toBe(-123450);
    expect(parseAmountText('45,20-', true)).toBe(-4520);
    expect(parseAmountText('1 234,56', true)).toBe(123456);
  });

  it.each([
    ['07 Nov 2013', 'DD MMM YYYY', '2013-11-07'],
    ['12-Dec-2019', 'DD-MMM-YYYY', '2019-12-12'],
    ['22.02.18', 'DD.MM.YY', '2018-02-22'],
    ['2018-02-25 12:34:56 +0000', 'YYYY-MM-DD', '2018-02-25'],
    ['2018-03-01T11:33:59', 'YYYY-MM-DD', '2018-03-01'],
    ['2019.04.19.', 'YYYY.MM.DD', '2019-04-19'],
    ['07 Nox 2013', 'DD MMM YYYY', null],
  ] as const)('reads "%s" as %s: %s', (text, format, date) => {
    expect(parseDateText(text, format)).toBe(date);
  });
});

describe('CSV columns decided from every row', () => {
  it('takes an account number, a check number or a reference for nothing but text', () => {
    const text = ['4402931177,1001,03/02/2026,Grocer,-54.10', '4402931177,1002,03/05/2026,Pharmacy,-12.00', '4402931177,1003,03/19/2026,Salary,2500.00'].join('\n');
    expect(brief(text)).toEqual([
      ['2026-03-02', 'Grocer', -5410],
      ['2026-03-05', 'Pharmacy', -1200],
      ['2026-03-19', 'Salary', 250000],
    ]);
  });

  it('decides MM/DD from a later row when the first rows fit both', () => {
    const reading = read('Date,Payee,Amount\n03/02/2026,A,-1.00\n04/11/2026,B,-2.00\n04/13/2026,C,-3.00\n');
    expect(reading.questions).toEqual([]);
    expect(reading.rows.map((row) => row.transaction_date)).toEqual(['2026-03-02', '2026-04-11', '2026-04-13']);
  });

  it('asks when every day is 12 or less, showing both readings', () => {
    const file = csvFile('Date,Payee,Amount\n03/02/2026,A,-1.00\n04/11/2026,B,-2.00\n');
    const reading = readBankFile(file, null);
    expect(reading.questions).toHaveLength(1);
    const [dayFirst, monthFirst] = reading.questions[0].options.map((option) => readBankFile(file, option.apply(reading.choices)).totals);
    expect([dayFirst.firstDate, dayFirst.lastDate]).toEqual(['2026-02-03', '2026-11-04']);
    expect([monthFirst.firstDate, monthFirst.lastDate]).toEqual(['2026-03-02', '2026-04-11']);
  });

  it('asks which column is the amount when two differ', () => {
    const reading = read('Date;Text;Betrag (EUR);Betrag (Fremdwährung);Umsatz\n01.03.2026;Hotel;-90,00;-100,00;-90,00\n');
    expect(reading.questions).toEqual([]);
    expect(read('Date,Text,Amount,Value\n2026-03-01,Hotel,-90.00,-100.00\n').questions.map((question) => [question.key, question.options.map((option) => option.label)])).toEqual([['amountColumn', ['"Amount"', '"Value"']]]);
  });

  it('reads a sign column: Af/Bij, D/C, S/H', () => {
    expect(brief('"Datum","Naam / Omschrijving","Af Bij","Bedrag (EUR)"\n"20260301","Albert Heijn","Af","12,34"\n"20260302","Salaris","Bij","2.000,00"\n')).toEqual([
      ['2026-03-01', 'Albert Heijn', -1234],
      ['2026-03-02', 'Salaris', 200000],
    ]);
    expect(brief('Buchungstag;Text;Umsatz;S/H\n01.03.2026;Miete;800,00;S\n02.03.2026;Gehalt;2.100,00;H\n').map((row) => row[2])).toEqual([-80000, 210000]);
  });

  it('reads separate withdrawal and deposit columns', () => {
    expect(brief('Date,Description,Paid out,Paid in,Balance\n01/03/2026,Rent,850.00,,1000.00\n15/03/2026,Wages,,1950.00,2950.00\n').map((row) => row[2])).toEqual([-85000, 195000]);
  });

  it('keeps the answer to one question when another is answered', () => {
    const file = csvFile('03/02/2026,Coffee,3.50\n04/11/2026,Lunch,12.00\n');
    const first = readBankFile(file, null);
    const [date, sign] = first.questions;
    expect([date.key, sign.key]).toEqual(['dateFormat', 'sign']);
    const answered = sign.options[1].apply(date.options[1].apply(first.choices));
    expect(readBankFile(file, answered).rows.map((row) => [row.transaction_date, row.withdrawal_amount])).toEqual([
      ['2026-03-02', 350],
      ['2026-04-11', 1200],
    ]);
  });

  it('asks which way the money went when every amount is positive', () => {
    const reading = read('2026-03-01,Coffee,3.50\n2026-03-02,Lunch,12.00\n');
    expect(reading.questions.map((question) => question.key)).toEqual(['sign']);
  });
});

describe('the file around the table', () => {
  it('finds the header below preamble lines and leaves balance lines out', () => {
    const text = [
      '"Kontonummer:";"DE12 1203 0000 1234 5678 90 / Girokonto";',
      '',
      '"Von:";"01.03.2026";',
      '"Bis:";"31.03.2026";',
      '"Kontostand vom 31.03.2026:";"1.234,56 EUR";',
      '',
      '"Buchungstag";"Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)";',
      '"01.03.2026";"01.03.2026";"Saldo Anterior";"";"";"1.000,00";',
      '"02.03.2026";"02.03.2026";"Lastschrift";"Stadtwerke";"Strom März";"-62,10";',
      '',
      '"14.03.2026";"14.03.2026";"Gutschrift";"Arbeitgeber";"Gehalt";"2.500,00";',
      '"14.03.2026";"14.03.2026";"Gutschrift";"Falsch";"Kaputt";"zwei Euro";',
    ].join('\n');
    const reading = read(text);
    expect(reading.rows.map((row) => [row.transaction_date, row.description, row.deposit_amount - row.withdrawal_amount])).toEqual([
      ['2026-03-02', 'Stadtwerke', -6210],
      ['2026-03-14', 'Arbeitgeber', 250000],
    ]);
    expect(reading.skipped).toEqual(['Line 8: "Saldo Anterior" is a balance, not a transaction']);
    // The file's own line numbers, blank lines counted.
    expect(reading.problems).toEqual(['Line 12: "zwei Euro" is not an amount written like 1.234,56; fix the line in the file or choose another amount column.']);
    expect(reading.totals).toEqual({ rows: 2, deposits: 250000, withdrawals: 6210, firstDate: '2026-03-02', lastDate: '2026-03-14' });
  });

  it('keeps a header-less file\'s first transaction: a header names the columns where the rows hold dates and amounts', () => {
    const ing = ['"20260310","Mw J de Vries","NL91INGB0001234567","","GT","Bij","35,00","Internetbankieren",""', '"20260306","Supermarkt Zuid","NL91INGB0001234567","","BA","Af","23,40","Betaalautomaat",""'].join('\n');
    expect(read(ing).rows.map((row) => [row.transaction_date, row.description, row.deposit_amount - row.withdrawal_amount])).toEqual([
      ['2026-03-10', 'Mw J de Vries', 3500],
      ['2026-03-06', 'Supermarkt Zuid', -2340],
    ]);
    // A first line of names is the header even with a number where the rows hold text only ("2026").
    const named = read('Date,Payee,Amount,2026\n2026-03-01,Grocer,-4.00,x\n2026-03-02,Baker,-2.00,y\n');
    expect([named.choices.csv?.hasHeader, named.totals.rows]).toEqual([true, 2]);
  });

  it('finds the table below lines of account details and totals, and reads a footer line by line', () => {
    const text = [
      'Description,,Summary Amt.',
      'Beginning balance as of 03/01/2026,,"1,000.00"',
      'Total credits,,"2,300.00"',
      '',
      'Date,Description,Amount,Running Bal.',
      '03/01/2026,Beginning balance as of 03/01/2026,,"1,000.00"',
      '03/13/2026,"ACME PAYROLL","2,300.00","3,300.00"',
      '03/20/2026,"Check 1043","-300.00","3,000.00"',
      'Total,,"2,000.00",',
    ].join('\n');
    const reading = read(text);
    expect(reading.totals).toMatchObject({ rows: 2, deposits: 230000, withdrawals: 30000 });
    expect(reading.skipped).toEqual(['Line 6: "Beginning balance as of 03/01/2026" is a balance, not a transaction']);
    expect(reading.problems).toEqual(['Line 9: "Total" is not a date written MM/DD/YYYY; fix the line in the file or choose another date layout.']);
  });

  it('reads a dated line under the header whose amount is written oddly, never taking it for account details', () => {
    const reading = read('Buchungstag;Text;Betrag;Waehrung\n31.12.2024;Kontofuehrung;-10,7;EUR\n21.01.2025;Mail;-12,34;EUR\n30.04.2025;Kontofuehrung;-10,7;EUR\n');
    expect([reading.choices.csv?.hasHeader, reading.totals.rows, reading.totals.withdrawals]).toEqual([true, 3, 3374]);
  });

  it('leaves out lines a status column marks as pending, and lines a direction column marks as a memo', () => {
    const dkb = read('"Buchungsdatum";"Status";"Empfänger";"Betrag (€)"\n"26.02.26";"Vorgemerkt";"Bäckerei";"-6,4"\n"24.02.26";"Gebucht";"Muster GmbH";"2100"\n');
    expect([dkb.totals.rows, dkb.skipped]).toEqual([1, ['Line 2: pending, not booked yet']]);
    const paypal = read('Date,Name,Net,Balance Impact\n1/9/2026,,-20.00,Memo\n1/11/2026,Books,-20.00,Debit\n1/15/2026,Ann,116.22,Credit\n');
    expect([paypal.totals, paypal.skipped]).toEqual([
      { rows: 2, deposits: 11622, withdrawals: 2000, firstDate: '2026-01-11', lastDate: '2026-01-15' },
      ['Line 2: a memo, it does not move the balance'],
    ]);
  });

  it('takes the net amount over the gross and the fee, without a running balance', () => {
    const reading = read('Date,Name,Gross,Fee,Net\n01/03/2026,Sale,50.00,-1.75,48.25\n01/15/2026,Stream,-9.99,0.00,-9.99\n');
    expect([reading.questions, reading.totals.deposits, reading.totals.withdrawals]).toEqual([[], 4825, 999]);
  });

  it('uses a reference column only when its values are unique in the file', () => {
    const recurring = read('Date,Description,Amount,Mandate reference\n2026-03-01,Gym,-30.00,M-77\n2026-03-15,Gym,-30.00,M-77\n');
    expect(recurring.rows.map((row) => row.bank_ref)).toEqual([undefined, undefined]);
    const unique = read('Date,Description,Amount,Transaction ID\n2026-03-01,Gym,-30.00,T1\n2026-03-15,Gym,-30.00,T2\n');
    expect(unique.rows.map((row) => row.bank_ref)).toEqual(['T1', 'T2']);
  });
});

describe('encodings', () => {
  const latin1 = Uint8Array.from([...'Date;Text;Amount\n2026-03-01;Caf'].map((c) => c.charCodeAt(0)).concat([0xe9, ...[...' M'].map((c) => c.charCodeAt(0)), 0xfc, ...[...'ller;-3,50\n'].map((c) => c.charCodeAt(0))]));

  it('reads a Latin-1 file with its accents', async () => {
    const decoded = await decodeBankFile(latin1);
    expect(decoded.text).toContain('Café Müller');
    expect(decoded.encoding).not.toMatch(/utf/i);
  });

  it('reads UTF-8 with and without a BOM, and UTF-16 with and without one', async () => {
    const text = 'Date,Text,Amount\n2026-03-01,Crème brûlée,-4.00\n';
    const utf8 = new TextEncoder().encode(text);
    const utf16le = Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]));
    expect(await decodeBankFile(utf8)).toEqual({ text, encoding: 'UTF-8' });
    expect(await decodeBankFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ text, encoding: 'UTF-8 (with BOM)' });
    expect(await decodeBankFile(Uint8Array.from([0xff, 0xfe, ...utf16le]))).toEqual({ text, encoding: 'UTF-16' });
    expect(await decodeBankFile(utf16le)).toEqual({ text, encoding: 'UTF-16' });
  });
});

describe('QIF and MT940', () => {
  it('asks the day/month order of a QIF file whose days are all 12 or less', () => {
    const file: BankFile = { text: '!Type:Bank\nD03/04/2026\nPShop\nT-5.00\n^\nD03/05/2026\nPShop\nT-6.00\n^\n', encoding: 'UTF-8', fileName: 'a.qif' };
    const reading = readBankFile(file, null);
    expect(reading.questions.map((question) => question.options.map((option) => readBankFile(file, option.apply(reading.choices)).totals.firstDate))).toEqual([['2026-03-04', '2026-04-03']]);
  });

  it('refuses an MT940 statement whose lines do not add up to its balances', () => {
    const text = ':20:STARTUMS\n:25:123\n:28C:1\n:60F:C260301EUR0,\n:61:2603010301C5,NTRFNONREF\n:86:Gift\n:62F:C260301EUR9,\n';
    const reading = readBankFile({ text, encoding: 'UTF-8', fileName: 'a.sta' }, null);
    expect(reading.rows).toEqual([]);
    expect(reading.problems[0]).toMatch(/^This MT940 statement cannot be read \(Sum of lines/);
  });
});
