import { DOCS_PREFIX, OPENAPI_PATH } from '../../server/plugins/apiDocs';
import { useTestServer } from '../support/testServer';

interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

describe('the OpenAPI document and the API reference page', () => {
  const ctx = useTestServer('sqlite', { signIn: false });
  let document: Document;

  beforeAll(async () => {
    const response = await ctx.server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  /** fastify's `/budgets/:id` is OpenAPI's `/budgets/{id}`. */
  const operationOf = (method: string, url: string) => document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

  it('is an OpenAPI 3 document describing the five auth headers, public like the sign-in page', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.values(document.components.securitySchemes).map((scheme) => [scheme.in, scheme.name])).toEqual([
      ['header', 'access-token'],
      ['header', 'client'],
      ['header', 'expiry'],
      ['header', 'token-type'],
      ['header', 'uid'],
    ]);
    // The one answer header besides the auth ones that scripts need: the activity entry a write can be undone by.
    expect(document.info.description).toContain('`activity-id` header');
  });

  it('lists every route the app answers, each with its request and response schemas', () => {
    const routes = ctx.server.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { method, url } of routes) {
      const operation = operationOf(method, url);
      if (!operation) {
        problems.push(`${method} ${url}: missing`);
        continue;
      }
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
      if (!success?.[1].content?.['application/json']?.schema) problems.push(`${method} ${url}: no response schema`);
      if (['POST', 'PUT'].includes(method) && url !== '/budgets/reopen_last_budget' && !/\/(copy|close|undo)$/.test(url) && !operation.requestBody) {
        problems.push(`${method} ${url}: no request body schema`);
      }
      if (url.includes(':') && !operation.parameters?.some((parameter) => parameter.in === 'path')) problems.push(`${method} ${url}: no path parameters`);
    }
    expect(problems).toEqual([]);
  });

  it('documents query strings and the routes that need no sign-in', () => {
    expect(operationOf('GET', '/transactions')?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['bank_account_id', 'budget_id']);
    expect(operationOf('POST', '/auth/sign_in')?.security).toEqual([]);
    expect(operationOf('GET', '/budgets')?.security).toBeUndefined();
  });

  it('serves the interactive reference page without signing in', async () => {
    const page = await ctx.server.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
  });
});
