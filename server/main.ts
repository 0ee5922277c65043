import { buildApp } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { refreshStatistics } from './db/statistics';

/** In-flight requests get this long to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = connectDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  // PostgreSQL's statistics as SQLite's are refreshed when the database opens (after a pg_restore, say).
  await refreshStatistics(database.db);
  const app = await buildApp({ db: database.db, config, logger: { level: config.logLevel } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`EveryCent is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
