import { DEFAULT_FILE_READING, type FileReadingLimits } from './services/untrustedFiles/limits';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** IANA zone in which the server computes "today"; date-only values are never converted. */
  timeZone: string;
  logLevel: string;
  /** Folder of the built web client; null serves the API only. */
  staticDir: string | null;
  /** Behind a reverse proxy, trust X-Forwarded-For for the login rate limit. */
  trustProxy: boolean;
  /** How long a whole request (headers and body) may take to arrive, and how long a connection may sit idle. */
  requestTimeoutMs: number;
  /** The time and memory one uploaded file may take to read, and how many are read at once. */
  fileReading: FileReadingLimits;
}

/** Slow or idle connections are closed within about 30 s (README: "Limits"). */
const DEFAULT_REQUEST_TIMEOUT_MS = 25_000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const timeZone = env.TZ || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`TZ must be an IANA time zone, got "${timeZone}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    timeZone,
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: env.STATIC_DIR === '' ? null : (env.STATIC_DIR ?? 'dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    requestTimeoutMs: positiveInteger(env.REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS') ?? DEFAULT_REQUEST_TIMEOUT_MS,
    fileReading: {
      timeMs: (positiveInteger(env.FILE_READING_SECONDS, 'FILE_READING_SECONDS') ?? DEFAULT_FILE_READING.timeMs / 1000) * 1000,
      memoryMb: positiveInteger(env.FILE_READING_MEMORY_MB, 'FILE_READING_MEMORY_MB') ?? DEFAULT_FILE_READING.memoryMb,
      atOnce: DEFAULT_FILE_READING.atOnce,
    },
  };
}

function positiveInteger(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}
