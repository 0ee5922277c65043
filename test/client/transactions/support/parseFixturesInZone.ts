/**
 * Run by parsers.timezones.test.ts in a child process started with TZ set (jest's sandboxed process.env cannot
 * change the zone of a running process): parses every sample file and prints what it read as JSON.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { parseCamt } from '../../../../src/features/transactions/import/camt';
import { guessCsvMapping } from '../../../../src/features/transactions/import/csv';
import { parseCsv } from '../../../../src/features/transactions/import/csvRows';
import { parseOfx } from '../../../../src/features/transactions/import/ofx';

(globalThis as unknown as { DOMParser: typeof DOMParser }).DOMParser = new JSDOM('').window.DOMParser;
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../fixtures', name), 'utf8');
const csv = (name: string) => parseCsv(fixture(name), guessCsvMapping(fixture(name)).mapping);

process.stdout.write(
  JSON.stringify({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    offsetMinutes: new Date(2026, 2, 1).getTimezoneOffset(),
    results: {
      'bank-export.csv': csv('bank-export.csv'),
      'bank-export-us.csv': csv('bank-export-us.csv'),
      'statement.ofx': parseOfx(fixture('statement.ofx')),
      'statement.qfx': parseOfx(fixture('statement.qfx')),
      'camt053.xml': parseCamt(fixture('camt053.xml')),
    },
  }),
);
