/** Shown while a page's code chunk loads: the thin bar at the top of the window. */
export function PageLoading() {
  return <div className="ec-loading-bar" role="progressbar" aria-label="Loading" />;
}
