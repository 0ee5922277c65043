import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInBodySchema, signInResponseSchema, validateTokenResponseSchema } from '../../src/shared/schemas/auth';
import { errorBodySchema, SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { issueXsrfCookie } from '../plugins/csrf';
import { signIn, signOut, userBody } from '../services/sessions';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth/sign_in', { schema: { body: signInBodySchema, response: { 200: signInResponseSchema } }, config: { public: true } }, async (request, reply) => {
    const session = await signIn(app.db, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
    issueXsrfCookie(reply);
    reply.headers({
      'access-token': session.token,
      client: session.client,
      expiry: String(session.expiry),
      'token-type': 'Bearer',
      uid: session.uid,
    });
    return { data: await userBody(app.db, session.userId) };
  });

  routes.get('/auth/validate_token', { schema: { response: { 200: validateTokenResponseSchema, 401: errorBodySchema } }, config: { public: true } }, async (request, reply) => {
    const auth = await app.authenticate(request);
    if (!auth) return reply.status(401).send({ success: false, errors: ['Invalid login credentials'] });
    return { ...SUCCESS, data: await userBody(app.db, auth.userId) };
  });

  routes.delete('/auth/sign_out', { schema: { response: { 200: successSchema } }, config: { temporaryPasswordAllowed: true, endsSessions: true } }, async (request, reply) => {
    if (request.auth) await signOut(app.db, request.auth.sessionId);
    issueXsrfCookie(reply);
    return SUCCESS;
  });
}
