/**
 * `<UnsavedChangesGuard dirty={…} changesTo="…" />`: put one on any screen with an edit mode or a form whose
 * edits a save would keep. While `dirty` is true:
 *
 * - leaving for another page inside the app (a link, the menu, Back) waits for the answer to "Leave without
 *   saving?", which says what would be lost ("You have unsaved changes to <changesTo>. Leave this page and lose
 *   them?"): "Yes" leaves, "No" stays with every edit;
 * - closing or reloading the browser tab gets the browser's own "Leave site?" warning.
 *
 * `changesTo` names what the edits belong to: "this budget", "these transactions", "the settings".
 * Leaving drops nothing by itself: the screen's own unmount (or the next "Make Changes") discards its draft.
 *
 *   const dirty = useAppSelector(selectHasUnsavedEdits);
 *   return <UnsavedChangesGuard dirty={dirty} changesTo="this budget" />;
 */
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

export function UnsavedChangesGuard({ dirty, changesTo }: { dirty: boolean; changesTo: string }) {
  // Only a move to another page or another query (another account's window) leaves the edits behind.
  const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
    dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
  const blocker = useBlocker(leavesPage);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal title="Leave without saving?" open={blocker.state === 'blocked'} okText="Yes" cancelText="No" onOk={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()}>
      You have unsaved changes to {changesTo}. Leave this page and lose them?
    </Modal>
  );
}
