import type { ComponentType } from 'react';
import { authApi } from '../features/auth/authApi';
import { tokenValidated } from '../platform/authSlice';
import { budgetsApi } from '../features/budgets/budgetsApi';
import { currentBudgetAskedAtStart } from '../platform/currentBudgetAtStart';
import { hasCredentials } from '../platform/credentials';
import { budgetOfPath, hashPath, rememberCurrentBudget, rememberedCurrentBudget } from '../platform/headStart';
import { paths } from '../platform/paths';
import type { AppStore } from './store';


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
  let routerCreated = false;
  // The router reads the address when its chunk runs (AppRouter.tsx); the flag is set in the same task.
  const routedApp = import(/* webpackChunkName: "router" */ './AppRouter').then((module) => {
    routerCreated = true;
    return module.default;
  });

  void fetchOnce(store.dispatch(authApi.endpoints.validateToken.initiate())).then((user) => {
    if (user && !store.getState().auth.validated) store.dispatch(tokenValidated(user));
  });

  const fetchBudget = (id: number) => void fetchOnce(store.dispatch(budgetsApi.endpoints.getBudget.initiate(id)));
  if (path === paths.currentBudget) {
    currentBudgetAskedAtStart(true);
    // The current budget changes once a month: the one this person saw last is fetched at once, alongside the
    // question of which is current, instead of one round trip after it.
    const remembered = rememberedCurrentBudget();
    if (remembered) fetchBudget(remembered);
    void fetchOnce(store.dispatch(budgetsApi.endpoints.getCurrentBudget.initiate())).then((current) => {
      if (!current) currentBudgetAskedAtStart(false);
      else if (current.budget_id) {
        rememberCurrentBudget(current.budget_id);
        if (current.budget_id !== remembered) fetchBudget(current.budget_id);
        // Known before the router exists (the usual case: the head start asked for it): the router starts at the
        // budget itself, as the current budget's page would have sent it there, without drawing that page first.
        if (!routerCreated && hashPath() === paths.currentBudget) {
          currentBudgetAskedAtStart(false);
          window.history.replaceState(window.history.state, '', `#${paths.budget(current.budget_id)}`);
        }
      }
    });
    return routedApp;
  }
  const budget = budgetOfPath(path);
  if (budget) fetchBudget(budget);
  return routedApp;
}
