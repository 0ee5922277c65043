import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MAX_ROWS_PER_REQUEST } from '../../src/shared/schemas/common';
import { malformedTextIn, malformedTextMessage } from '../../src/shared/unicode';
import { unprocessable } from '../errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const NOT_UTF8 = 'The request body is not UTF-8 text.';

/**
 * Clients send `Content-Type: application/json` on every call, body or not (api-and-domain §0): an empty body
 * is no body. A body must be UTF-8 and its text valid Unicode (a lone half of a surrogate pair is refused with
 * the field it is in), as every database stores text. A route that expects a body then sees `{}`, so validation names each missing field instead of
 * refusing the request as a whole.
 */
async function registerJsonBody(app: FastifyInstance): Promise<void> {
  // fastify's own parser, which refuses __proto__ and constructor poisoning; only the empty body is new.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    let body: string;
    try {
      // Bytes that are not UTF-8 are refused, not replaced: nothing a person sent is quietly rewritten.
      body = utf8.decode(bytes as Buffer);
    } catch {
      return done(unprocessable(NOT_UTF8), undefined);
    }
    if (body.trim() === '') return done(null, undefined);
    parseJson(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const malformed = malformedTextIn(value);
      if (malformed !== null) {
        const message = malformedTextMessage(malformed);
        return done(unprocessable(message, { [malformed]: [message] }), undefined);
      }
      done(null, value);
    });
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
  if (depth > 1 || !body || typeof body !== 'object' || Array.isArray(body) || ArrayBuffer.isView(body)) return;
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
