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
