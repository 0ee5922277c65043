/** The clear buttons antd draws inside a field (a Select's "×"). */
const CLEAR_BUTTONS = 'button.ant-select-clear:not([tabindex])';

/**
 * Keeps every field's clear button out of the Tab order, everywhere: Tab from a field goes to the next field, never
 * to a "Clear" that Enter would then trigger (issue 42: Tab, Enter wiped Quick Add's allocation). The button still
 * works with the pointer, and the keyboard clears a field by choosing its empty option. antd draws the button
 * whenever a field has a value, so new ones are caught as they appear.
 */
export function keepClearButtonsOutOfTabOrder(root: HTMLElement): () => void {
  const settle = (element: Element) => {
    if (element.matches(CLEAR_BUTTONS)) element.setAttribute('tabindex', '-1');
    for (const button of element.querySelectorAll(CLEAR_BUTTONS)) button.setAttribute('tabindex', '-1');
  };
  settle(root);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) if (node instanceof Element) settle(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
