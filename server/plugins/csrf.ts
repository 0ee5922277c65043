import fp from 'fastify-plugin';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from '../errors';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit cookie: a browser that holds the XSRF-TOKEN cookie must echo it in X-XSRF-TOKEN on every
 * write. Clients without the cookie (scripts, curl) authenticate by headers only, which a forged
 * cross-site form cannot send, so they are not subject to it.
 */
async function registerCsrf(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      issueXsrfCookie(reply);
      return;
    }
    if (!UNSAFE.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !same(header, cookie)) throw forbidden('Invalid CSRF token');
  });
}

/** A new XSRF token: on a first visit, and at every sign-in and sign-out so a token never outlives a session. */
export function issueXsrfCookie(reply: FastifyReply): void {
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), { path: '/', sameSite: 'lax', httpOnly: false });
}

export const csrfPlugin = fp(registerCsrf, { name: 'everycent-csrf', dependencies: ['@fastify/cookie'] });
