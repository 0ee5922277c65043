import fc from 'fast-check';
import { nextOccurrence, occurrencesBetween, type Recurrence } from '../../../src/shared/schedules/occurrences';

const rule = (overrides: Partial<Recurrence>): Recurrence => ({
  frequency: 'monthly',
  interval: 1,
  start_date: '2026-01-01',
  day_of_month: null,
  end_date: null,
  count: null,
  ...overrides,
});

describe('occurrences: examples', () => {
  it('puts "the last day" (31) on the last day of every month, leap February included', () => {
    expect(occurrencesBetween(rule({ start_date: '2028-01-01', day_of_month: 31 }), '2028-01-01', '2028-06-30')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
    ]);
    expect(occurrencesBetween(rule({ start_date: '2027-02-01', day_of_month: 30 }), '2027-02-01', '2027-03-31')).toEqual(['2027-02-28', '2027-03-30']);
  });

  it('starts at the first day on or after the start date', () => {
    expect(occurrencesBetween(rule({ start_date: '2026-01-20', day_of_month: 5 }), '2026-01-01', '2026-03-31')).toEqual(['2026-02-05', '2026-03-05']);
  });

  it('repeats every N weeks across month and year ends', () => {
    expect(occurrencesBetween(rule({ frequency: 'weekly', interval: 2, start_date: '2026-12-17' }), '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-17',
      '2026-12-31',
      '2027-01-14',
      '2027-01-28',
    ]);
  });

  it('falls on Feb 28 in the years without a Feb 29 when it started on one, and on Feb 29 again in leap years', () => {
    expect(occurrencesBetween(rule({ frequency: 'yearly', start_date: '2024-02-29' }), '2024-01-01', '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('ends at the end date (included) or after the count, whichever comes first', () => {
    expect(occurrencesBetween(rule({ day_of_month: 1, end_date: '2026-03-01' }), '2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(occurrencesBetween(rule({ day_of_month: 1, count: 2 }), '2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2026-02-01']);
    expect(occurrencesBetween(rule({ day_of_month: 1, count: 5, end_date: '2026-02-15' }), '2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2026-02-01']);
    // The count is of occurrences from the start, not of those in the range asked for.
    expect(occurrencesBetween(rule({ day_of_month: 1, count: 3 }), '2026-02-01', '2026-12-31')).toEqual(['2026-02-01', '2026-03-01']);
    expect(nextOccurrence(rule({ day_of_month: 1, count: 3 }), '2026-03-02')).toBeNull();
  });
});

/*
 * The reference: a walk over every day of the range that asks of each day whether it is an occurrence, from
 * the definition (and plain UTC day numbers), instead of stepping from one occurrence to the next.
 */
const DAY = 86_400_000;
const parse = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) });
const dayNumber = (date: string) => {
  const { y, m, d } = parse(date);
  return Date.UTC(y, m - 1, d) / DAY;
};
const fromDayNumber = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function isCandidate(r: Recurrence, date: string): boolean {
  const s = parse(r.start_date);
  const c = parse(date);
  const months = (c.y - s.y) * 12 + (c.m - s.m);
  switch (r.frequency) {
    case 'weekly':
      return (dayNumber(date) - dayNumber(r.start_date)) % (7 * r.interval) === 0;
    case 'monthly':
      return months % r.interval === 0 && c.d === Math.min(r.day_of_month!, lastDayOf(c.y, c.m));
    case 'yearly':
      return (c.y - s.y) % r.interval === 0 && c.m === s.m && c.d === Math.min(s.d, lastDayOf(c.y, c.m));
  }
}

function reference(r: Recurrence, from: string, to: string): string[] {
  const found: string[] = [];
  let made = 0;
  for (let n = dayNumber(r.start_date); n <= dayNumber(to); n++) {
    const date = fromDayNumber(n);
    if (r.end_date !== null && date > r.end_date) break;
    if (r.count !== null && made >= r.count) break;
    if (!isCandidate(r, date)) continue;
    made++;
    if (date >= from) found.push(date);
  }
  return found;
}

const dateIn = (fromYear: number, toYear: number) =>
  fc.integer({ min: dayNumber(`${fromYear}-01-01`), max: dayNumber(`${toYear}-12-31`) }).map(fromDayNumber);
// Month ends and Feb 29 are where the rules differ: start there often.
const startDate = fc.oneof(
  dateIn(1999, 2031),
  fc.record({ y: fc.integer({ min: 1999, max: 2031 }), m: fc.integer({ min: 1, max: 12 }), back: fc.integer({ min: 0, max: 3 }) }).map(({ y, m, back }) =>
    fromDayNumber(dayNumber(`${y}-${String(m).padStart(2, '0')}-01`) + lastDayOf(y, m) - 1 - back),
  ),
  fc.constantFrom('2000-02-29', '2004-02-29', '2024-02-29', '2028-02-29', '2023-12-31'),
);

const recurrence = fc
  .record({
    frequency: fc.constantFrom<Recurrence['frequency']>('monthly', 'weekly', 'yearly'),
    interval: fc.integer({ min: 1, max: 5 }),
    start_date: startDate,
    day_of_month: fc.integer({ min: 1, max: 31 }),
    endAfterDays: fc.option(fc.integer({ min: 0, max: 3000 })),
    count: fc.option(fc.integer({ min: 1, max: 40 })),
  })
  .map(({ endAfterDays, day_of_month, ...r }) => ({
    ...r,
    day_of_month: r.frequency === 'monthly' ? day_of_month : null,
    end_date: endAfterDays === null ? null : fromDayNumber(dayNumber(r.start_date) + endAfterDays),
  }));

describe('occurrences: against the reference over random calendars', () => {
  it('finds exactly the reference occurrences in any range', () => {
    fc.assert(
      fc.property(recurrence, fc.integer({ min: -400, max: 4000 }), fc.integer({ min: 0, max: 1500 }), (r, offset, length) => {
        const from = fromDayNumber(dayNumber(r.start_date) + offset);
        const to = fromDayNumber(dayNumber(from) + length);
        expect(occurrencesBetween(r, from, to)).toEqual(reference(r, from, to));
      }),
      { numRuns: 300 },
    );
  });

  it('names as next the first reference occurrence on or after a day', () => {
    fc.assert(
      fc.property(recurrence, fc.integer({ min: -100, max: 2000 }), (r, offset) => {
        const from = fromDayNumber(dayNumber(r.start_date) + offset);
        const to = fromDayNumber(dayNumber(from) + 5 * 366);
        // Every schedule here repeats within five years (at most every 5 years), unless it ended.
        expect(nextOccurrence(r, from)).toEqual(reference(r, from, to)[0] ?? null);
      }),
      { numRuns: 200 },
    );
  });
});
