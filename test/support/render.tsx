import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { setupStore, type AppStore, type RootState } from '../../src/app/store';

interface Options extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** The route the page is mounted at (e.g. '/budgets/:id') and the URL to open (e.g. '/budgets/7'). */
  path?: string;
  url?: string;
  /** Extra routes, for pages that navigate elsewhere. */
  routes?: RouteObject[];
}

/** Renders with the real store and a memory router, as the app does. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { preloadedState, store = setupStore(preloadedState), path = '/', url = path, routes = [], ...renderOptions } = options;
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [url] });
  const Wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, router, ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...renderOptions }) };
}

/** A signed-in auth state, as after a successful login. */
export const signedInState = (): Partial<RootState> => ({
  auth: {
    loggedIn: true,
    validated: true,
    householdName: 'The Testers',
    user: { id: 1, email: 'admin@example.com', uid: 'admin@example.com', name: 'Admin', household_id: 1, household_name: 'The Testers' },
  },
});

/**
 * The whole routed app (login, guard, shell and every page) at `url`, with the real store: for tests of
 * navigation between pages.
 */
export async function renderApp(url: string, options: { preloadedState?: Partial<RootState>; store?: AppStore } = {}) {
  const { routes } = await import('../../src/app/router');
  const store = options.store ?? setupStore(options.preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return { store, router, ...render(<Provider store={store}><RouterProvider router={router} /></Provider>) };
}

/** Puts a session in localStorage, as a successful sign-in leaves it. */
export function storeTestCredentials(householdName = 'The Testers'): void {
  const values = { 'access-token': 'token-1', client: 'client-1', expiry: '9999999999', 'token-type': 'Bearer', uid: 'admin@example.com' };
  for (const [name, value] of Object.entries(values)) window.localStorage.setItem(name, value);
  window.localStorage.setItem('householdName', householdName);
}

/** For `findBy…`/`waitFor` on pages that load their code chunk (the shell brings all of antd: slow in jsdom). */
export const CHUNK_LOAD = { timeout: 20_000 };

/** Loads the shell's code (all of antd) once per test file, in a `beforeAll`, so no single test pays for it. */
export const loadShellCode = () => import('../../src/app/Shell');
