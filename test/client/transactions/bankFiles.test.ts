import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readBankFile, type ImportChoices } from '../../../src/features/transactions/import/bankFile';
import type { CsvMapping } from '../../../src/features/transactions/import/csvMapping';
import { decodeBankFile } from '../../../src/features/transactions/import/encoding';

/** One real bank file and what reading it must give (test/fixtures/bank-files/manifest.json). */
interface Expectation {
  file: string;
  format: string;
  encoding: string;
  refused?: string;
  questions: string[];
  answers?: Record<string, number>;
  /** The first reading adds nothing, because the file's own balance contradicts it: the sentence says where. */
  withheld?: string;
  /** What the person then changes in the column mapping (as in the dialog's mapping form). */
  mappingChanges?: Partial<CsvMapping>;
  rows: number;
  deposits: number;
  withdrawals: number;
  firstDate: string | null;
  lastDate: string | null;
  unreadableLines: number;
  leftOut: number;
}

const folder = path.join(__dirname, '../../fixtures/bank-files');
const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Expectation[];

describe('real bank files', () => {
  it('has at least 25 files, each listed once', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(25);
    expect(new Set(manifest.map((entry) => entry.file)).size).toBe(manifest.length);
  });

  it.each(manifest.map((entry) => [entry.file, entry] as const))('%s is read right or refused with a reason', async (file, expected) => {
    const decoded = await decodeBankFile(new Uint8Array(readFileSync(path.join(folder, file))));
    const bankFile = { ...decoded, fileName: file };
    // As in the dialog: a first reading decides what it can and asks the rest; each answer is one option's choices.
    const first = readBankFile(bankFile, null);
    expect(first.questions.map((question) => question.key)).toEqual(expected.questions);
    if (expected.withheld) {
      expect(first.rows).toEqual([]);
      expect(first.withheld).toContain(expected.withheld);
    } else {
      expect(first.withheld).toBeNull();
    }
    let choices: ImportChoices = first.choices;
    for (const question of first.questions) choices = question.options[expected.answers?.[question.key] ?? -1].apply(choices);
    if (expected.mappingChanges && choices.csv) choices = { ...choices, csv: { ...choices.csv, ...expected.mappingChanges } };
    const reading = first.questions.length > 0 || expected.mappingChanges ? readBankFile(bankFile, choices) : first;

    expect(reading.formatName).toBe(expected.format);
    expect(reading.encoding).toBe(expected.encoding);
    expect(decoded.text).not.toContain('\ufffd');
    expect(reading.refusal ?? undefined).toBe(expected.refused);
    expect(reading.totals).toEqual({ rows: expected.rows, deposits: expected.deposits, withdrawals: expected.withdrawals, firstDate: expected.firstDate, lastDate: expected.lastDate });
    expect(reading.problems).toHaveLength(expected.unreadableLines);
    expect(reading.skipped).toHaveLength(expected.leftOut);
    // Nothing is silently dropped: a file with no rows always says why.
    if (expected.rows === 0) expect(reading.refusal ?? reading.problems[0]).toBeTruthy();
    // No description keeps a mis-decoded character.
    for (const row of reading.rows) expect(row.description).not.toMatch(/\ufffd/);
  });
});
