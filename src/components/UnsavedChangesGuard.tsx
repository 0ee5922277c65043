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
import { lazy, Suspense, useEffect, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

// antd's modal comes with the question, not with every screen that has an edit mode.
const LeaveDialog = lazy(() => import(/* webpackChunkName: "leave-dialog" */ './LeaveDialog'));

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

  const blocked = blocker.state === 'blocked';
  // Once asked, the dialog stays mounted so that it closes (and gives focus back) the way antd's modals do.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (blocked) setAsked(true);
  }, [blocked]);

  if (!blocked && !asked) return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog open={blocked} changesTo={changesTo} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
    </Suspense>
  );
}
