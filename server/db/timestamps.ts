/**
 * A stored timestamp (`created_at`: SQLite's "YYYY-MM-DD HH:MM:SS" in UTC, PostgreSQL's timestamptz text such as
 * "2026-11-25 16:40:00.123+00") as an ISO string, the same on both databases.
 */
export function isoTimestamp(stored: string): string {
  let text = stored.trim().replace(' ', 'T');
  if (/[+-]\d\d$/.test(text)) text += ':00';
  else if (!/(Z|[+-]\d\d:?\d\d)$/i.test(text)) text += 'Z';
  return new Date(text).toISOString();
}

/** Epoch seconds (sessions, sign-ins) as an ISO string. */
export const isoFromSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();
