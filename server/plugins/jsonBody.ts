import type { FastifyInstance } from 'fastify';

/**
 * Clients send `Content-Type: application/json` on every call, body or not (api-and-domain §0): an empty body
 * is no body. A route that expects a body then sees `{}`, so validation names each missing field instead of
 * refusing the request as a whole.
 */
export function registerJsonBody(app: FastifyInstance): void {
  // fastify's own parser, which refuses __proto__ and constructor poisoning; only the empty body is new.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    parseJson(request, body, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
}
