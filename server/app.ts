import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { registerAuth } from './plugins/auth';
import { registerApiDocs } from './plugins/apiDocs';
import { answerClientError, serverWithTimeouts } from './plugins/connections';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandler } from './plugins/errorHandler';
import { registerJsonBody } from './plugins/jsonBody';
import { registerLiveEvents } from './plugins/liveEvents';
import { registerResponseCache } from './plugins/responseCache';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerStaticClient } from './plugins/staticClient';
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
  registerErrorHandler(app);
  registerJsonBody(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerCsrf(app);
  registerAuth(app);
  registerResponseCache(app);
  await registerApiDocs(app);
  await registerLiveEvents(app);
  await registerRoutes(app);
  if (config.staticDir) await registerStaticClient(app, config.staticDir);
  return app;
}
