import { useEffect, useRef } from 'react';

/**
 * The keyboard of an edit mode: Ctrl+S (Cmd+S on a Mac) saves, Escape cancels (asking first when there are
 * edits). Escape inside an open dialog or an open list belongs to them, not to the page.
 */
export function useEditKeys(editing: boolean, save: () => unknown, cancel: () => unknown): void {
  const actions = useRef({ save, cancel });
  actions.current = { save, cancel };
  useEffect(() => {
    if (!editing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        // The field being typed in reports its value on change already; leaving it tidies its text first.
        (document.activeElement as HTMLElement | null)?.blur?.();
        void actions.current.save();
        return;
      }
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"], .ant-select-open, [aria-expanded="true"]') || document.querySelector('.ant-modal-wrap:not([style*="display: none"]) [role="dialog"]')) return;
      void actions.current.cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editing]);
}
