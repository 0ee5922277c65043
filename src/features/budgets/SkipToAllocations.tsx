/** The first allocation's amount on the page, where a person editing the budget most often wants to be. */
const firstAllocationAmount = (from: HTMLElement) =>
  from.closest('.ec-budget-detail')?.querySelector<HTMLInputElement>('.ec-allocations-wrap tbody input[aria-label$=" amount"]') ?? null;

/**
 * In edit mode, the toolbar's last stop (after Save Changes and Cancel): straight to the first allocation's amount.
 * Without it every income's fields come first (about a hundred Tabs in a household's budget). Shown only while it
 * has the focus, as the shell's "Skip to content" is.
 */
export function SkipToAllocations() {
  return (
    <button
      type="button"
      className="ec-skip-inline"
      onClick={(event) => {
        const target = firstAllocationAmount(event.currentTarget);
        if (!target) return;
        target.focus();
        target.select();
      }}
    >
      Skip to allocations
    </button>
  );
}
