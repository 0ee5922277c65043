import { CREDENTIAL_HEADERS, type Credentials } from '../shared/schemas/auth';

/** The five auth headers and the household name live in localStorage, as the older client kept them. */
export const HOUSEHOLD_NAME_KEY = 'householdName';

export function loadCredentials(): Credentials | null {
  const entries = CREDENTIAL_HEADERS.map((name) => [name, window.localStorage.getItem(name)] as const);
  if (entries.some(([, value]) => !value)) return null;
  return Object.fromEntries(entries) as Credentials;
}

export function storeCredentials(headers: Headers, householdName: string): boolean {
  const values = CREDENTIAL_HEADERS.map((name) => [name, headers.get(name)] as const);
  if (values.some(([, value]) => !value)) return false;
  for (const [name, value] of values) window.localStorage.setItem(name, value as string);
  window.localStorage.setItem(HOUSEHOLD_NAME_KEY, householdName);
  return true;
}

export function clearCredentials(): void {
  for (const name of CREDENTIAL_HEADERS) window.localStorage.removeItem(name);
  window.localStorage.removeItem(HOUSEHOLD_NAME_KEY);
}

export const storedHouseholdName = () => window.localStorage.getItem(HOUSEHOLD_NAME_KEY) ?? '';

export function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}
