/**
 * Pages outside the app's router (the light quick-add page) send a person without a session to the login page
 * with where to come back to (`/#/login?back=quick-add`); signing in there returns them. Only the pages named
 * here can be returned to, so the address can never send anyone elsewhere.
 */
const RETURNS = { 'quick-add': '/quick-add' } as const;
type ReturningPage = keyof typeof RETURNS;

export const loginReturningTo = (page: ReturningPage) => `/#/login?back=${page}`;

/** Where to go after signing in, when the login page was opened by one of those pages. */
export function returnAfterSignIn(): string | null {
  const back = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('back');
  return back !== null && Object.hasOwn(RETURNS, back) ? RETURNS[back as ReturningPage] : null;
}
