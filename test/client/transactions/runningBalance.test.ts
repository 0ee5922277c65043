import fc from 'fast-check';
import { readBankFile, type BankFile, type ImportChoices } from '../../../src/features/transactions/import/bankFile';
import { rememberedCsvMapping } from '../../../src/features/transactions/import/importSettings';

const csvFile = (text: string): BankFile => ({ text, encoding: 'UTF-8', fileName: 'export.csv' });
const signed = (choices: ImportChoices | null, text: string, isCreditCard = false) =>
  readBankFile(csvFile(text), choices, isCreditCard).rows.map((row) => [row.transaction_date, row.deposit_amount - row.withdrawal_amount]);

describe("a file's own running balance", () => {
  // No header; two amount columns, neither signed, and a balance: which one is money out only the balance tells.
  const unsignedPair = ['2026-03-02,Grocer,54.10,,945.90', '2026-03-05,Salary,,2500.00,3445.90', '2026-03-19,Pharmacy,12.00,,3433.90'].join('\n');

  it('decides which column is money out, so the preview does not ask', () => {
    const reading = readBankFile(csvFile(unsignedPair), null);
    expect(reading.questions).toEqual([]);
    expect(reading.rows.map((row) => row.deposit_amount - row.withdrawal_amount)).toEqual([-5410, 250000, -1200]);
    expect(reading.balance).toMatchObject({ column: 'Column 5', first: { date: '2026-03-02', balance: 94590 }, last: { date: '2026-03-19', balance: 343390 }, explained: 2, disagreement: null });
  });

  it('without the balance column, asks which column is money out', () => {
    const withoutBalance = unsignedPair.replace(/,\d+\.\d\d$/gm, '');
    expect(readBankFile(csvFile(withoutBalance), null).questions.map((question) => question.key)).toEqual(['sign']);
  });

  it('withholds every row of a reading it contradicts, and names the line; "None" as the balance column adds them', () => {
    const first = readBankFile(csvFile(unsignedPair), null);
    const reversed = { ...first.choices.csv!, withdrawalColumn: first.choices.csv!.depositColumn, depositColumn: first.choices.csv!.withdrawalColumn };
    const contradicted = readBankFile(csvFile(unsignedPair), { csv: reversed });
    expect(contradicted.rows).toEqual([]);
    expect(contradicted.totals.rows).toBe(0);
    expect(contradicted.withheld).toMatch(/^The file's own balance \(Column 5\) does not agree with these amounts, so no row is added\. Line 2: the balance goes from 945\.90 to 3,445\.90/);
    expect(signed({ csv: { ...reversed, balanceColumn: null } }, unsignedPair).map(([, amount]) => amount)).toEqual([5410, -250000, 1200]);
  });

  it('follows a file listed newest first', () => {
    const newestFirst = 'Date,Description,Amount,Balance\n03/19/2026,Pharmacy,-12.00,3433.90\n03/05/2026,Salary,2500.00,3445.90\n03/02/2026,Grocer,-54.10,945.90\n';
    const reading = readBankFile(csvFile(newestFirst), null);
    expect(reading.balance?.disagreement).toBeNull();
    expect(reading.balance?.explained).toBe(2);
    expect(reading.choices.csv?.balanceColumn).toBe(3);
  });

  it('carries a line without a balance into the next step (a bank leaves some blank)', () => {
    const text = 'Date,Description,Amount,Balance\n03/02/2026,A,-10.00,90.00\n03/02/2026,B,-5.00,\n03/03/2026,C,-1.00,84.00\n';
    expect(readBankFile(csvFile(text), null).balance).toMatchObject({ explained: 1, disagreement: null });
  });

  it('chooses the net amount, not the gross or the fee, when only the net explains the balance', () => {
    const text = 'Date,Name,Gross,Fee,Net,Balance\n01/03/2026,Sale,50.00,-1.75,48.25,48.25\n01/05/2026,Stream,-9.99,0.00,-9.99,38.26\n01/15/2026,Sale,120.00,-3.78,116.22,154.48\n';
    const reading = readBankFile(csvFile(text), null);
    expect(reading.questions).toEqual([]);
    expect(reading.totals).toMatchObject({ deposits: 16447, withdrawals: 999 });
  });

  it('takes the net when the only fee is on the first line, which no balance step checks', () => {
    const text = 'Date,Name,Gross,Fee,Net,Balance\n01/13/2026,Sale,50.00,-1.75,48.25,48.25\n01/14/2026,Stream,-9.99,0.00,-9.99,38.26\n01/16/2026,Books,-20.00,0.00,-20.00,18.26\n';
    const reading = readBankFile(csvFile(text), null);
    expect([reading.questions, reading.totals.deposits]).toEqual([[], 4825]);
  });

  it('asks, showing each reading, when more than one explains every step', () => {
    // One line has no balance, so two columns with the same sum over that step both explain it.
    const text = ['Date,Description,Amount,Betrag,Balance', '2026-03-02,A,-1.00,-1.00,100.00', '2026-03-03,B,-10.00,-20.00,', '2026-03-04,C,-25.00,-15.00,65.00', '2026-03-05,D,-1.00,-1.00,64.00'].join('\n');
    const reading = readBankFile(csvFile(text), null);
    expect(reading.questions.map((question) => [question.key, question.text, question.options.map((option) => option.label)])).toEqual([
      ['amountColumn', 'Each of these readings explains the file\u2019s own balance. Which is the transaction amount?', ['"Amount"', '"Betrag"']],
    ]);
    const [amount, betrag] = reading.questions[0].options.map((option) => signed(option.apply(reading.choices), text).map(([, amount]) => amount));
    expect([amount, betrag]).toEqual([
      [-100, -1000, -2500, -100],
      [-100, -2000, -1500, -100],
    ]);
  });

  it("on a card account, accepts a balance written as what is owed, but still asks which way the file writes amounts", () => {
    const owed = 'Date,Description,Amount,Balance\n2026-03-02,Grocer,54.10,54.10\n2026-03-05,Payment,-54.10,0.00\n2026-03-09,Books,20.00,20.00\n';
    const reading = readBankFile(csvFile(owed), null, true);
    expect(reading.balance?.disagreement).toBeNull();
    expect(reading.questions.map((question) => question.key)).toEqual(['sign']);
    expect(signed(reading.questions[0].options[1].apply(reading.choices), owed, true).map(([, amount]) => amount)).toEqual([-5410, 5410, -2000]);
    // A bank account's balance always moves with its amounts: for one, the file's amounts as written are confirmed.
    const bank = readBankFile(csvFile(owed), null);
    expect([bank.questions, bank.rows.map((row) => row.deposit_amount - row.withdrawal_amount)]).toEqual([[], [5410, -5410, 2000]]);
  });

  it('takes an unnamed column for a balance only when it explains at least two steps', () => {
    const two = '2026-03-02,A,-10.00,90.00\n2026-03-03,B,-5.00,85.00\n';
    expect(readBankFile(csvFile(two), null).choices.csv?.balanceColumn).toBeNull();
    const three = `${two}2026-03-04,C,-1.00,84.00\n`;
    expect(readBankFile(csvFile(three), null).choices.csv?.balanceColumn).toBe(3);
  });

  it('reads a mapping remembered before the balance column existed as before, without the check', () => {
    const remembered = rememberedCsvMapping({
      import_settings: JSON.stringify({ csv: { delimiter: ',', hasHeader: true, dateColumn: 0, dateFormat: 'MM/DD/YYYY', descriptionColumn: 1, amountMode: 'single', amountColumn: 2, negativeMeans: 'withdrawal', withdrawalColumn: 2, depositColumn: 2, decimalComma: false, bankRefColumn: null } }),
    });
    expect(remembered?.balanceColumn).toBeNull();
    const text = 'Date,Description,Amount,Balance\n03/02/2026,A,-10.00,90.00\n03/03/2026,B,-5.00,1.00\n';
    expect(signed({ csv: remembered! }, text)).toEqual([
      ['2026-03-02', -1000],
      ['2026-03-03', -500],
    ]);
  });
});

describe('running balance over random statements', () => {
  const line = fc.record({ day: fc.integer({ min: 1, max: 28 }), cents: fc.integer({ min: -500_000, max: 500_000 }).filter((cents) => cents !== 0) });
  const money = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  const layouts = ['signed', 'split', 'direction'] as const;

  /** A statement in one of three layouts, oldest or newest first, with its running balance after each line. */
  function statement(lines: { day: number; cents: number }[], layout: (typeof layouts)[number], newestFirst: boolean, opening: number): string {
    const sorted = [...lines].sort((a, b) => a.day - b.day);
    let balance = opening;
    const rows = sorted.map(({ day, cents }, i) => {
      balance += cents;
      const date = `03/${String(day).padStart(2, '0')}/2026`;
      const amount = layout === 'signed' ? money(cents) : layout === 'split' ? `${cents < 0 ? money(-cents) : ''},${cents > 0 ? money(cents) : ''}` : `${money(Math.abs(cents))},${cents < 0 ? 'DR' : 'CR'}`;
      return `${date},Line ${i},${amount},${money(balance)}`;
    });
    const header = layout === 'signed' ? 'Date,Description,Amount,Balance' : layout === 'split' ? 'Date,Description,Debit,Credit,Balance' : 'Date,Description,Amount,Type,Balance';
    return [header, ...(newestFirst ? rows.reverse() : rows)].join('\n');
  }

  it('reads every generated line right, with the balance confirming it and nothing asked', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 3, maxLength: 30 }), fc.constantFrom(...layouts), fc.boolean(), fc.integer({ min: -100_000, max: 100_000 }), (lines, layout, newestFirst, opening) => {
        // Days above 12 keep the date layout from being a question; the amounts are what is checked.
        fc.pre(lines.some((entry) => entry.day > 12));
        const reading = readBankFile(csvFile(statement(lines, layout, newestFirst, opening)), null);
        expect(reading.questions).toEqual([]);
        expect(reading.withheld).toBeNull();
        expect(reading.balance?.disagreement).toBeNull();
        const expected = [...lines].sort((a, b) => a.day - b.day).map((entry) => entry.cents);
        const read = reading.rows.map((row) => row.deposit_amount - row.withdrawal_amount);
        expect(newestFirst ? read.reverse() : read).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  // The oldest line's amount has no balance before it to be checked against, so any later line is changed.
  it('adds nothing when one amount in the file does not match its balance', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 3, maxLength: 20 }), fc.nat(), fc.integer({ min: 1, max: 99 }), (lines, which, off) => {
        fc.pre(lines.some((entry) => entry.day > 12));
        const text = statement(lines, 'signed', false, 0);
        const rows = text.split('\n');
        const i = 2 + (which % (lines.length - 1));
        const cells = rows[i].split(',');
        cells[2] = money(Number(cells[2].replace('.', '')) + off);
        rows[i] = cells.join(',');
        const reading = readBankFile(csvFile(rows.join('\n')), null);
        expect(reading.rows).toEqual([]);
        expect(reading.withheld).toMatch(/does not agree/);
      }),
      { numRuns: 60 },
    );
  });
});
