import type { CredentialHeader, Credentials } from '../shared/schemas/auth';

/** The five auth headers and the household name live in localStorage, as the older client kept them. */
const HOUSEHOLD_NAME_KEY = 'householdName';

// Typed against the shared CredentialHeader union (a missing or extra name fails the type check) but kept as
// a value here: importing the shared list would pull zod into the login page's bundle.
const HEADER_SET: Record<CredentialHeader, true> = { 'access-token': true, client: true, expiry: true, 'token-type': true, uid: true };
export const CREDENTIAL_NAMES = Object.keys(HEADER_SET) as CredentialHeader[];

type CredentialSource = Pick<Headers, 'get'> | Partial<Record<CredentialHeader, string | null>>;

const read = (source: CredentialSource, name: CredentialHeader): string | null | undefined =>
  'get' in source && typeof source.get === 'function' ? source.get(name) : (source as Partial<Record<CredentialHeader, string | null>>)[name];

export function loadCredentials(): Credentials | null {
  const entries = CREDENTIAL_NAMES.map((name) => [name, window.localStorage.getItem(name)] as const);
  if (entries.some(([, value]) => !value)) return null;
  return Object.fromEntries(entries) as Credentials;
}

/** The response headers of a sign-in (or the same values as a plain object). False when any is missing. */
export function storeCredentials(source: CredentialSource, householdName: string): boolean {
  const values = CREDENTIAL_NAMES.map((name) => [name, read(source, name)] as const);
  if (values.some(([, value]) => !value)) return false;
  for (const [name, value] of values) window.localStorage.setItem(name, value as string);
  window.localStorage.setItem(HOUSEHOLD_NAME_KEY, householdName);
  return true;
}

export function clearCredentials(): void {
  for (const name of CREDENTIAL_NAMES) window.localStorage.removeItem(name);
  window.localStorage.removeItem(HOUSEHOLD_NAME_KEY);
}

export const hasCredentials = () => loadCredentials() !== null;

export function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}
