import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The parsers must give the same days in every time zone. Jest's sandbox cannot switch the zone of a running
 * process (setting process.env.TZ inside a test changes a copy), so each zone gets its own Node process,
 * started with TZ set, that parses every sample file; the test checks the zone really was in force.
 */
const root = path.resolve(__dirname, '../../..');
const script = path.join(__dirname, 'support/parseFixturesInZone.ts');

interface ZoneRun {
  zone: string;
  offsetMinutes: number;
  results: Record<string, { rows: { transaction_date: string }[]; problems: string[] }>;
}

function parseIn(zone: string): ZoneRun {
  const output = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, TZ: zone }, encoding: 'utf8' });
  return JSON.parse(output) as ZoneRun;
}

const expectedDates = {
  'bank-export.csv': ['2026-03-01', '2026-03-02', '2026-03-15', '2026-03-31', '2026-04-01'],
  'bank-export-us.csv': ['2026-03-01', '2026-03-02', '2026-03-15', '2026-03-31', '2025-12-31'],
  'statement.ofx': ['2026-03-01', '2026-03-04', '2026-03-31'],
  'statement.qfx': ['2026-03-01', '2026-03-10'],
  'camt053.xml': ['2026-03-01', '2026-03-15', '2026-03-31'],
};

describe.each([
  ['America/New_York', 300],
  ['Asia/Tokyo', -540],
])('sample files parsed in %s', (zone, offsetMinutes) => {
  let run: ZoneRun;
  beforeAll(() => {
    run = parseIn(zone);
  }, 30_000);

  it('runs in that zone', () => {
    expect(run.zone).toBe(zone);
    expect(run.offsetMinutes).toBe(offsetMinutes);
  });

  it.each(Object.entries(expectedDates))('%s keeps every day as written', (file, dates) => {
    expect(run.results[file].problems).toEqual([]);
    expect(run.results[file].rows.map((row) => row.transaction_date)).toEqual(dates);
  });
});
