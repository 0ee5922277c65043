import type { ComponentType } from 'react';
import { authApi } from '../features/auth/authApi';
import { tokenValidated } from '../platform/authSlice';
import { budgetsApi } from '../features/budgets/budgetsApi';
import { currentBudgetAskedAtStart } from '../platform/currentBudgetAtStart';
import { hasCredentials } from '../platform/credentials';
import { budgetOfPath, hashPath, rememberCurrentBudget, rememberedCurrentBudget } from '../platform/headStart';
import { paths } from '../platform/paths';
import type { AppStore } from './store';


/** How long the first render waits, once its code is in, for the answer to "which budget is current?". */
const CURRENT_BUDGET_WAIT_MS = 500;

/** Runs a query as the page's hook would, then lets go of it: the answer stays cached for the page to find. */
async function fetchOnce<T>(request: { unwrap(): Promise<T>; unsubscribe(): void }): Promise<T | undefined> {
  try {
    return await request.unwrap();
  } catch {
    // Failures are reported as usual (the listeners); the page asks again when it mounts.
    return undefined;
  } finally {
    request.unsubscribe();
  }
}

/**
 * With a session stored on this device, the signed-in app starts at once, without a waterfall: the router
 * chunk (router, guard, shell and budgets area; its vendor part comes in parallel) is requested while the
 * session is checked and, on a budget address, the budget is fetched. By the time the code has arrived and
 * runs, its data is in the store. Without a session nothing happens: the login page needs none of it.
 * Resolves with the routed app once its chunk has arrived (undefined when the login page comes first).
 */
export function startSignedInApp(store: AppStore, path: string): Promise<ComponentType> | undefined {
  if (!hasCredentials() || path === paths.login || path === paths.logout) return undefined;
  let rendered = false;
  const routedApp = import(/* webpackChunkName: "router" */ './AppRouter').then((module) => module.default);

  void fetchOnce(store.dispatch(authApi.endpoints.validateToken.initiate())).then((user) => {
    if (user && !store.getState().auth.validated) store.dispatch(tokenValidated(user));
  });

  const fetchBudget = (id: number) => fetchOnce(store.dispatch(budgetsApi.endpoints.getBudget.initiate(id)));
  if (path === paths.currentBudget) {
    currentBudgetAskedAtStart(true);
    // The current budget changes once a month: the one this person saw last is fetched at once, alongside the
    // question of which is current, instead of one round trip after it.
    const remembered = rememberedCurrentBudget();
    const rememberedBudget = remembered ? fetchBudget(remembered) : undefined;
    const answered = fetchOnce(store.dispatch(budgetsApi.endpoints.getCurrentBudget.initiate())).then((current) => {
      if (!current) currentBudgetAskedAtStart(false);
      else if (current.budget_id) {
        rememberCurrentBudget(current.budget_id);
        const currentBudget = current.budget_id === remembered ? rememberedBudget : fetchBudget(current.budget_id);
        // Known before the first render (the usual case: the head start asked for it with the page): the router
        // starts at the budget itself, as the current budget's page would have sent it there, without drawing
        // that page and redrawing the shell first.
        if (!rendered && hashPath() === paths.currentBudget) {
          currentBudgetAskedAtStart(false);
          window.history.replaceState(window.history.state, '', `#${paths.budget(current.budget_id)}`);
        }
        return currentBudget;
      }
    });
    // The answers (which budget, then the budget) usually come long before the code; should they be late, the
    // first render waits for them a little while (the loading bar shows), then the pages show their own loading
    // and the current budget's page redirects when its answer comes.
    return routedApp.then((app) =>
      // A failure here (the device's storage refusing to remember) must not keep the app from starting.
      Promise.race([answered.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CURRENT_BUDGET_WAIT_MS))]).then(() => {
        rendered = true;
        return app;
      }),
    );
  }
  const budget = budgetOfPath(path);
  if (budget) void fetchBudget(budget);
  return routedApp;
}
