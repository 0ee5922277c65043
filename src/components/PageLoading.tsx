/**
 * Shown while a page's code or data loads: the thin bar at the top of the window, and "Loading…" in a live
 * region for screen readers (the bar alone is silent). The shell keeps it mounted and switches `active`, so
 * the region exists before its text changes, which is what makes screen readers announce it.
 */
export function PageLoading({ active = true }: { active?: boolean }) {
  return (
    <div role="status">
      {active && (
        <>
          <div className="ec-loading-bar" role="progressbar" aria-label="Loading" />
          <span className="ec-visually-hidden">Loading…</span>
        </>
      )}
    </div>
  );
}
