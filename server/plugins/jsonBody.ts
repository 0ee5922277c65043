import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MAX_ROWS_PER_REQUEST } from '../../src/shared/schemas/common';
import { unprocessable } from '../errors';

/**
 * Clients send `Content-Type: application/json` on every call, body or not (api-and-domain §0): an empty body
 * is no body. A route that expects a body then sees `{}`, so validation names each missing field instead of
 * refusing the request as a whole.
 */
async function registerJsonBody(app: FastifyInstance): Promise<void> {
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
    refuseOversizedLists(request.body);
  });
}

/**
 * A list longer than any request may carry is refused before validation looks at its rows: checking 100,000
 * rows one by one would hold the server for seconds. Lists sit at the top of a body or under its resource key.
 */
function refuseOversizedLists(body: unknown, path = '', depth = 0): void {
  if (depth > 1 || !body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const [key, value] of Object.entries(body)) {
    const field = path ? `${path}.${key}` : key;
    if (Array.isArray(value) && value.length > MAX_ROWS_PER_REQUEST) {
      const message = `${field} has ${value.length.toLocaleString('en-US')} rows; at most ${MAX_ROWS_PER_REQUEST.toLocaleString('en-US')} fit in one request`;
      throw unprocessable(message, { [field]: [message] });
    }
    refuseOversizedLists(value, field, depth + 1);
  }
}

export const jsonBodyPlugin = fp(registerJsonBody, { name: 'everycent-json-body' });
