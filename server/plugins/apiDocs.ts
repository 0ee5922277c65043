import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ACTIVITY_ID_HEADER } from '../../src/shared/activityHeader';
import { CREDENTIAL_HEADERS } from '../../src/shared/schemas/auth';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app answers besides the documentation itself: what the OpenAPI document must describe. */
    apiRoutes: Array<{ method: string; url: string }>;
  }
}

const AUTH_DESCRIPTION = `Sign in with \`POST /auth/sign_in\` ({"email", "password"}); its answer carries five headers.
Send all five (\`access-token\`, \`client\`, \`expiry\`, \`token-type\`, \`uid\`) with every other call, or
\`Authorization: Bearer <access-token>\` with \`client\` and \`uid\`. A browser that holds the \`XSRF-TOKEN\` cookie must
also echo it in \`X-XSRF-TOKEN\` on every write; scripts without the cookie need not. Errors always have the body
\`{"success": false, "errors": [...], "field_errors"?: {...}}\`. Money is integer cents; dates are YYYY-MM-DD.
A write recorded in Activity answers the id of its entry in the \`${ACTIVITY_ID_HEADER}\` header (none when it changed
nothing); \`POST /activity/<id>/undo\` takes back a budget save, a mass edit, a transactions save, a copy or a close.`;

/**
 * The OpenAPI 3 document, generated from the routes' zod schemas (the same ones that validate requests and
 * serialize answers), at /api/openapi.json, and Swagger UI reading it at /api/docs. Both are public, like the
 * sign-in page; the document describes the auth headers. Registered before the routes so it sees each of them.
 */
async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide || route.url.startsWith(DOCS_PREFIX) || route.url === OPENAPI_PATH) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url });
  });

  const securitySchemes = Object.fromEntries(
    CREDENTIAL_HEADERS.map((name) => [name, { type: 'apiKey' as const, in: 'header' as const, name, description: `The \`${name}\` header of the sign-in answer.` }]),
  );
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'EveryCent API', version: '3', description: AUTH_DESCRIPTION },
      components: { securitySchemes },
      security: [Object.fromEntries(CREDENTIAL_HEADERS.map((name) => [name, []]))],
    },
    // Grouped by the path's first word (budgets, transactions...); routes reachable without signing in (sign in,
    // first run) have no security requirement.
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const schema = { ...transformed.schema, tags: [document.url.split('/')[1]] };
      return { ...transformed, schema: document.route.config?.public ? { ...schema, security: [] } : schema };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { url: OPENAPI_PATH, docExpansion: 'list', deepLinking: true, persistAuthorization: false },
      staticCSP: true,
      // Swagger UI sets styles inline, as antd does in the app.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  });
}

export const apiDocsPlugin = fp(registerApiDocs, { name: 'everycent-api-docs' });
