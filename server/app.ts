import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { authPlugin } from './plugins/auth';
import { apiDocsPlugin } from './plugins/apiDocs';
import { answerClientError, serverWithTimeouts } from './plugins/connections';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/errorHandler';
import { fileReadingPlugin } from './plugins/fileReading';
import { jsonBodyPlugin } from './plugins/jsonBody';
import { liveEventsPlugin } from './plugins/liveEvents';
import { responseCachePlugin } from './plugins/responseCache';
import { scheduleEnteringPlugin } from './plugins/scheduleEntering';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { staticClientPlugin } from './plugins/staticClient';
import { registerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
  }
}

export interface AppOptions {
  db: Kysely<Database>;
  config: Config;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** Builds the whole app without listening: main.ts listens, tests inject. */
export async function buildApp({ db, config, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    serverFactory: serverWithTimeouts(config.requestTimeoutMs),
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  // Each plugin names what it needs (fastify-plugin `dependencies`), so a wrong order fails at start-up.
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(responseCachePlugin);
  await app.register(apiDocsPlugin);
  await app.register(liveEventsPlugin);
  await app.register(scheduleEnteringPlugin);
  await app.register(fileReadingPlugin);
  await registerRoutes(app);
  if (config.staticDir) await app.register(staticClientPlugin, { staticDir: config.staticDir });
  return app;
}
