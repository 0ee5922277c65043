import type { RootState } from '../app/store';

/** True while any query or mutation waits for the server: drives the thin loading bar. */
export function selectRequestInFlight(state: RootState): boolean {
  const { queries, mutations } = state.api;
  return (
    Object.values(queries).some((entry) => entry?.status === 'pending') ||
    Object.values(mutations).some((entry) => entry?.status === 'pending')
  );
}
