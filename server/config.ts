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
}

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
  };
}
