import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { authPlugin } from '../../server/plugins/auth';
import { csrfPlugin } from '../../server/plugins/csrf';

describe('plugins declare what they need', () => {
  it('refuses to start when the CSRF check comes before the cookies it reads', async () => {
    const app = Fastify();
    await expect(app.register(csrfPlugin)).rejects.toThrow(/@fastify\/cookie/);
    await app.close();
  });

  it('refuses to start the sign-in check without the CSRF check before it', async () => {
    const app = Fastify();
    app.decorate('db', {} as never);
    await app.register(cookie);
    await expect(app.register(authPlugin)).rejects.toThrow(/everycent-csrf/);
    await app.close();
  });
});
