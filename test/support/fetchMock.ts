/**
 * The network, mocked at the fetch level: routes answer by method and path, and every request is recorded
 * so tests can check what the client sent.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

type Responder = (request: RecordedRequest) => { status?: number; body?: unknown; headers?: Record<string, string> } | Promise<{ status?: number; body?: unknown; headers?: Record<string, string> }>;

/** `routes`: 'METHOD /path' (or '/path?query') → a response body, or a responder for status, headers or a dynamic body. */
export function mockFetch(routes: Record<string, Responder | unknown>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const route = routes[`${request.method} ${url.pathname}`] ?? routes[`${request.method} ${url.pathname}${url.search}`];
    if (route === undefined) return new Response(JSON.stringify({ success: false, errors: [`No mock for ${request.method} ${url.pathname}`] }), { status: 404 });
    const answer = typeof route === 'function' ? await (route as Responder)(recorded) : { body: route };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...(answer.headers ?? {}) },
    });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { requests, fetchMock, find: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
}

/** A mocked answer refusing the request the way the server does. */
export const refusal = (status: number, errors: string[], fieldErrors?: Record<string, string[]>) => ({
  status,
  body: { success: false, errors, ...(fieldErrors ? { field_errors: fieldErrors } : {}) },
});
