import { E2E_BASE_URL } from './env';
import type { E2eUser } from './households';

/** A signed-in caller of the e2e server's API, for arranging a household's data from the test process. */
export type Api = <T = { id: number }>(method: string, url: string, body?: unknown) => Promise<T>;

/** Signs the user in over HTTP and returns a caller with their token (scripts send no XSRF cookie, so need no header). */
export async function apiFor(user: E2eUser): Promise<Api> {
  const signIn = await fetch(`${E2E_BASE_URL}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!signIn.ok) throw new Error(`sign in: ${signIn.status}`);
  const auth: Record<string, string> = {};
  for (const name of ['access-token', 'client', 'expiry', 'token-type', 'uid']) auth[name] = signIn.headers.get(name) ?? '';
  return async <T,>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${E2E_BASE_URL}${url}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
