import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HouseholdScope } from '../db/scope';
import { CHOOSE_OWN_PASSWORD } from '../../src/shared/schemas/members';
import { forbidden, unauthorized } from '../errors';
import { type AuthContext, authenticator, type PresentedCredentials } from '../services/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<AuthContext | null>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without signing in (sign in, first-run setup, static files). */
    public?: boolean;
    /** Routes a person on a temporary password may use: changing it, and signing out. */
    temporaryPasswordAllowed?: boolean;
  }
}

/** The caller's household: every route reads and writes through this. */
export function householdScope(request: FastifyRequest): HouseholdScope {
  if (!request.auth) throw unauthorized();
  const { householdId, userId, sessionId } = request.auth;
  return new HouseholdScope(request.server.db, householdId, { userId, sessionId });
}

function credentialsOf(request: FastifyRequest): PresentedCredentials {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const bearer = /^Bearer\s+(.+)$/i.exec(header('authorization') ?? '')?.[1];
  return { token: header('access-token') ?? bearer, client: header('client'), uid: header('uid') };
}

/** Authenticated by default: every route needs a valid session unless it is declared `public`. */
async function registerAuth(app: FastifyInstance): Promise<void> {
  const check = authenticator(app.db);
  app.decorate('authenticate', (request: FastifyRequest) => check(credentialsOf(request)));
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // Unknown routes answer 404 to everyone: there is nothing behind them to protect.
    if (request.routeOptions.config?.public || request.is404) return;
    request.auth = await app.authenticate(request);
    if (!request.auth) throw unauthorized();
    if (request.auth.mustChangePassword && !request.routeOptions.config?.temporaryPasswordAllowed) throw forbidden(CHOOSE_OWN_PASSWORD);
  });
}

export const authPlugin = fp(registerAuth, { name: 'everycent-auth', decorators: { fastify: ['db'] }, dependencies: ['everycent-csrf'] });
