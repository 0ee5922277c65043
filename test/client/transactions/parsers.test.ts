import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCamt } from '../../../src/features/transactions/import/camt';
import { guessCsvMapping } from '../../../src/features/transactions/import/csv';
import type { CsvMapping } from '../../../src/features/transactions/import/csvMapping';
import { parseCsv } from '../../../src/features/transactions/import/csvRows';
import { detectFormat, refusalText } from '../../../src/features/transactions/import/detect';
import { ofxDate, parseOfx } from '../../../src/features/transactions/import/ofx';
import { parseAmountText, parseDateText } from '../../../src/features/transactions/import/values';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures', name), 'utf8');

describe('date text', () => {
  it('reads each layout from its digits', () => {
    expect(parseDateText('2026-03-01', 'YYYY-MM-DD')).toBe('2026-03-01');
    expect(parseDateText('01/03/2026', 'DD/MM/YYYY')).toBe('2026-03-01');
    expect(parseDateText('03/01/2026', 'MM/DD/YYYY')).toBe('2026-03-01');
    expect(parseDateText('1.3.2026', 'DD.MM.YYYY')).toBe('2026-03-01');
    expect(parseDateText('20260301', 'YYYYMMDD')).toBe('2026-03-01');
    expect(parseDateText('31/03/2026 23:59', 'DD/MM/YYYY')).toBe('2026-03-31');
  });

  it('refuses impossible dates and other layouts', () => {
    expect(parseDateText('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDateText('13/13/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateText('2026-03-01', 'DD/MM/YYYY')).toBeNull();
    expect(parseDateText('', 'YYYY-MM-DD')).toBeNull();
  });

  it('takes the first 8 digits of an OFX date, whatever zone it names', () => {
    expect(ofxDate('20260304120000[-5:EST]')).toBe('2026-03-04');
    expect(ofxDate('20260331235959[+9:JST]')).toBe('2026-03-31');
    expect(ofxDate('20260230')).toBeNull();
  });
});

describe('amount text', () => {
  it('reads signs, separators, currency and brackets into cents', () => {
    expect(parseAmountText('-45,20', true)).toBe(-4520);
    expect(parseAmountText('3.250,00', true)).toBe(325000);
    expect(parseAmountText('1,850.00')).toBe(185000);
    expect(parseAmountText('(12.50)')).toBe(-1250);
    expect(parseAmountText('12.50-')).toBe(-1250);
    expect(parseAmountText('€ -0,29', true)).toBe(-29);
    expect(parseAmountText('$1,234.5')).toBe(123450);
  });

  it('gives null for text that is not an amount', () => {
    expect(parseAmountText('')).toBeNull();
    expect(parseAmountText('abc')).toBeNull();
    expect(parseAmountText('1.2.3')).toBeNull();
  });
});

describe('CSV', () => {
  it('reads a ; export with decimal commas, a quoted ; and DD.MM.YYYY dates', () => {
    const text = fixture('bank-export.csv');
    const { mapping } = guessCsvMapping(text);
    expect(mapping).toMatchObject({ delimiter: ';', hasHeader: true, dateColumn: 0, dateFormat: 'DD.MM.YYYY', descriptionColumn: 1, amountMode: 'single', amountColumn: 2, decimalComma: true, bankRefColumn: 3 });
    const { rows, problems } = parseCsv(text, mapping);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { transaction_date: '2026-03-01', description: 'REWE Markt Berlin', withdrawal_amount: 4520, deposit_amount: 0, bank_ref: 'BR-0001' },
      { transaction_date: '2026-03-02', description: 'Gehalt März', withdrawal_amount: 0, deposit_amount: 325000, bank_ref: 'BR-0002' },
      { transaction_date: '2026-03-15', description: 'Miete; Wohnung 3', withdrawal_amount: 110000, deposit_amount: 0, bank_ref: 'BR-0003' },
      { transaction_date: '2026-03-31', description: 'Stadtwerke Strom', withdrawal_amount: 8215, deposit_amount: 0, bank_ref: 'BR-0004' },
      { transaction_date: '2026-04-01', description: 'Apotheke am Markt', withdrawal_amount: 1299, deposit_amount: 0, bank_ref: 'BR-0005' },
    ]);
  });

  it('reads a US export with withdrawal and deposit columns and MM/DD/YYYY dates', () => {
    const text = fixture('bank-export-us.csv');
    const { mapping } = guessCsvMapping(text);
    expect(mapping).toMatchObject({ delimiter: ',', dateFormat: 'MM/DD/YYYY', amountMode: 'split', withdrawalColumn: 2, depositColumn: 3, decimalComma: false });
    const { rows } = parseCsv(text, mapping);
    expect(rows.map((r) => [r.transaction_date, r.description, r.withdrawal_amount, r.deposit_amount])).toEqual([
      ['2026-03-01', "Trader Joe's, Store #12", 5431, 0],
      ['2026-03-02', 'PAYROLL ACME CORP', 0, 275000],
      ['2026-03-15', 'Rent, March', 185000, 0],
      ['2026-03-31', 'City Water & Power', 6107, 0],
      ['2025-12-31', 'Old charge', 999, 0],
    ]);
  });

  it('follows the sign convention and reports unreadable lines by number', () => {
    const text = 'Posted,Payee,Amount\n2026-03-05,Card payment,-20.00\n2026-03-06,Refund,5.00\nnot a date,Oops,1.00\n2026-03-07,Bad amount,abc\n';
    const mapping: CsvMapping = { ...guessCsvMapping(text).mapping, negativeMeans: 'deposit' };
    const { rows, problems } = parseCsv(text, mapping);
    expect(rows).toEqual([
      { transaction_date: '2026-03-05', description: 'Card payment', withdrawal_amount: 0, deposit_amount: 2000 },
      { transaction_date: '2026-03-06', description: 'Refund', withdrawal_amount: 500, deposit_amount: 0 },
    ]);
    expect(problems).toEqual([
      'Line 4: "not a date" is not a date written YYYY-MM-DD; fix the line in the file or choose another date layout.',
      'Line 5: "abc" is not an amount written like 1,234.56; fix the line in the file or choose another amount column.',
    ]);
  });

  it('uses the delimiter it is given, not a guess', () => {
    const text = 'Date;Text;Amount\n2026-03-05;Coffee, large;-3,50\n';
    const { mapping } = guessCsvMapping(text);
    expect(parseCsv(text, mapping).rows[0]).toMatchObject({ description: 'Coffee, large', withdrawal_amount: 350 });
    expect(parseCsv(text, { ...mapping, delimiter: ',' }).rows).toEqual([]);
  });
});

describe('OFX and QFX', () => {
  it('reads an SGML bank statement with zoned dates as the bank wrote them', () => {
    const { rows, problems } = parseOfx(fixture('statement.ofx'));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { transaction_date: '2026-03-01', description: 'CORNER BAKERY POS PURCHASE', withdrawal_amount: 2345, deposit_amount: 0, bank_ref: 'OFX-2026030101' },
      { transaction_date: '2026-03-04', description: 'DIRECT DEPOSIT ACME', withdrawal_amount: 0, deposit_amount: 150000, bank_ref: 'OFX-2026030401' },
      { transaction_date: '2026-03-31', description: 'MORTGAGE PAYMENT', withdrawal_amount: 123456, deposit_amount: 0, bank_ref: 'OFX-2026033101' },
    ]);
  });

  it('reads an XML credit-card statement (QFX)', () => {
    const { rows } = parseOfx(fixture('statement.qfx'));
    expect(rows).toEqual([
      { transaction_date: '2026-03-01', description: 'GROCERY OUTLET', withdrawal_amount: 8810, deposit_amount: 0, bank_ref: 'QFX-0001' },
      { transaction_date: '2026-03-10', description: 'PAYMENT THANK YOU', withdrawal_amount: 0, deposit_amount: 50000, bank_ref: 'QFX-0002' },
    ]);
  });

  it('reads CDATA, double-escaped entities and unclosed SGML elements', () => {
    const text = '<OFX><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-7.25<FITID>A1<NAME><![CDATA[Tom & Jerry <Cafe>]]></STMTTRN><STMTTRN><DTPOSTED>20260306<TRNAMT>1.00<FITID>A2<NAME>TPAY &amp;lt;X&amp;gt; &eacute;<MEMO>Refund</BANKTRANLIST></OFX>';
    expect(parseOfx(text).rows).toEqual([
      { transaction_date: '2026-03-05', description: 'Tom & Jerry <Cafe>', withdrawal_amount: 725, deposit_amount: 0, bank_ref: 'A1' },
      { transaction_date: '2026-03-06', description: 'TPAY <X> &eacute; Refund', withdrawal_amount: 0, deposit_amount: 100, bank_ref: 'A2' },
    ]);
  });

  it('names what it cannot read, by transaction', () => {
    expect(parseOfx('<OFX><STMTTRN><DTPOSTED>2026<TRNAMT>$120<FITID>F9</STMTTRN></OFX>').problems).toEqual(['Transaction 1 (FITID F9): the date "2026" or the amount "$120" cannot be read.']);
  });
});

describe('CAMT.053', () => {
  it('reads booked entries with debit/credit, remittance text and references', () => {
    const { rows, problems } = parseCamt(fixture('camt053.xml'));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { transaction_date: '2026-03-01', description: 'Streaming Service GmbH - Abo März', withdrawal_amount: 1999, deposit_amount: 0, bank_ref: 'ACSR-0001' },
      { transaction_date: '2026-03-15', description: 'Arbeitgeber AG - Gehalt März 2026', withdrawal_amount: 0, deposit_amount: 250000, bank_ref: 'ACSR-0002' },
      { transaction_date: '2026-03-31', description: 'Kartenzahlung Tankstelle', withdrawal_amount: 6450, deposit_amount: 0, bank_ref: 'ACSR-0003' },
    ]);
  });

  it('says so when the XML is broken', () => {
    expect(parseCamt('<Document><Ntry>').problems).toEqual(['This CAMT file is not well-formed XML and cannot be read. Download it again from your bank.']);
  });

  it('leaves pending entries out and names them', () => {
    const entry = (status: string, amount: string) => `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>${status}</Cd></Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><AcctSvcrRef>R${amount}</AcctSvcrRef></Ntry>`;
    const text = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt><Rpt>${entry('BOOK', '5.00')}${entry('PDNG', '9.00')}</Rpt></BkToCstmrAcctRpt></Document>`;
    const result = parseCamt(text);
    expect(result.rows.map((row) => row.withdrawal_amount)).toEqual([500]);
    expect(result.skipped).toEqual(['Entry 2: not booked yet (pending)']);
  });
});

describe('format detection', () => {
  it('tells the formats apart by content', () => {
    expect(detectFormat(fixture('statement.ofx'))).toEqual({ format: 'ofx' });
    expect(detectFormat(fixture('statement.qfx'))).toEqual({ format: 'ofx' });
    expect(detectFormat(fixture('camt053.xml'))).toEqual({ format: 'camt' });
    expect(detectFormat(fixture('bank-export.csv'))).toEqual({ format: 'csv' });
    expect(detectFormat('!Type:Bank\nD1/2/2026\nT-1.00\n^\n')).toEqual({ format: 'qif' });
    expect(detectFormat(':20:STARTUMS\n:25:123\n:28C:1\n:60F:C260301EUR0,\n:61:2603010301C1,NTRF//X\n:62F:C260301EUR1,\n')).toEqual({ format: 'mt940' });
    expect(detectFormat('anything', 'export.QFX')).toEqual({ format: 'ofx' });
  });

  it('names the formats it does not read', () => {
    expect(detectFormat('%PDF-1.7 ...')).toEqual({ refused: 'PDF' });
    expect(detectFormat('PK\u0003\u0004...')).toEqual({ refused: 'Excel (XLSX) or other zipped' });
    expect(detectFormat('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">')).toEqual({ refused: 'ISO 20022 payment order (pain)' });
    expect(refusalText('PDF')).toBe('This looks like a PDF file, which EveryCent cannot read yet. Export the statement from your bank as CSV, OFX, QFX, QIF, MT940 or CAMT instead.');
  });
});
