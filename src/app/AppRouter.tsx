import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

// Created at the first render, i.e. once per page load, from the address then: the start (boot.ts) may have
// replaced `#/budgets/current` by the budget itself while this chunk was loading.
let router: ReturnType<typeof createAppRouter> | undefined;

/** The routed app: its own chunk, so the login page can show before the router has loaded. */
export default function AppRouter() {
  router ??= createAppRouter();
  return <RouterProvider router={router} />;
}
