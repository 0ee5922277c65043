import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInBodySchema } from '../../src/shared/schemas/auth';
import { signIn, signOut, userBody } from '../services/sessions';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth/sign_in', { schema: { body: signInBodySchema }, config: { public: true } }, async (request, reply) => {
    const session = await signIn(app.db, { ...request.body, ip: request.ip });
    reply.headers({
      'access-token': session.token,
      client: session.client,
      expiry: String(session.expiry),
      'token-type': 'Bearer',
      uid: session.uid,
    });
    return { data: await userBody(app.db, session.userId) };
  });

  routes.get('/auth/validate_token', { config: { public: true } }, async (request, reply) => {
    const auth = await app.authenticate(request);
    if (!auth) return reply.status(401).send({ success: false, errors: ['Invalid login credentials'] });
    return { success: true, data: await userBody(app.db, auth.userId) };
  });

  routes.delete('/auth/sign_out', async (request) => {
    if (request.auth) await signOut(app.db, request.auth.sessionId);
    return { success: true };
  });
}
