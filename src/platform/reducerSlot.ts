import type { Reducer, UnknownAction } from '@reduxjs/toolkit';

/**
 * A place in the store for a reducer whose code loads with its area instead of with the first bundle (issue 48:
 * the login page and the budget's first paint need none of the transactions window's draft code). The store is
 * built with `reducer`; the area's module calls `provide` when it loads. Until then no action of that area can have
 * been dispatched, so the slot keeps its initial state.
 */
export function reducerSlot<S>(initial: S) {
  let provided: Reducer<S> | undefined;
  return {
    reducer: (state: S = initial, action: UnknownAction): S => (provided ? provided(state, action) : state),
    provide: (reducer: Reducer<S>) => {
      provided = reducer;
    },
  };
}
