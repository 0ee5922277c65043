import { useCallback, useRef } from 'react';
import { confirm } from './confirm';

/** The dialogs' twin of UnsavedChangesGuard's "Leave without saving?": same words, same Yes / No. */
export const confirmCloseWithoutSaving = (changesTo: string) =>
  confirm({ title: 'Close without saving?', content: `You have unsaved changes to ${changesTo}. Close and lose them?` });

/**
 * A dialog's Cancel, close button, Escape and mask click: while the dialog holds edits (`markDirty(true)`, told by
 * the form inside it), closing asks "Close without saving?" first; "No" keeps the dialog and every edit. A save's
 * own close calls `onClose` directly.
 */
export function useGuardedClose(onClose: () => void, changesTo: string) {
  const dirty = useRef(false);
  const markDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const close = useCallback(async () => {
    if (dirty.current && !(await confirmCloseWithoutSaving(changesTo))) return;
    dirty.current = false;
    onClose();
  }, [onClose, changesTo]);
  return { close: () => void close(), markDirty };
}
