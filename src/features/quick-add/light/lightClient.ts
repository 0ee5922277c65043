/**
 * The light quick-add page's API client: `fetch` with the credentials the app keeps on this device, and the
 * app's rules for a refusal (its `errors`) and for a 401 (signed out: to the login page).
 */
import { clearCredentials, loadCredentials, xsrfToken } from '../../../platform/credentials';
import { loginReturningTo } from '../../../platform/signInReturn';

/** Signing in there comes back here. */
const LOGIN_ADDRESS = loginReturningTo('quick-add');
const NETWORK_PROBLEM = 'Could not reach the server. Check your connection.';

export class Refused extends Error {
  /** `signedOut`: the session is gone and the page is on its way to the login page. */
  constructor(
    readonly reasons: string[],
    readonly signedOut = false,
  ) {
    super(reasons.join(' '));
  }
}

/** Goes to the login page (replacing this page in the history: Back does not return to a page that cannot work). */
export function toLogin(): void {
  window.location.replace(LOGIN_ADDRESS);
}

export async function request<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const credentials = loadCredentials();
  if (!credentials) {
    toLogin();
    throw new Refused(['Not logged in'], true);
  }
  const headers: Record<string, string> = { ...credentials, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = xsrfToken();
  if (method === 'POST' && token) headers['x-xsrf-token'] = token;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Refused([NETWORK_PROBLEM]);
  }
  if (response.status === 401) {
    clearCredentials();
    toLogin();
    throw new Refused(['Not logged in'], true);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const errors = (answer as { errors?: unknown } | undefined)?.errors;
    throw new Refused(Array.isArray(errors) && errors.length ? errors.map(String) : [`The server could not handle the request (error ${response.status}).`]);
  }
  return answer as T;
}
