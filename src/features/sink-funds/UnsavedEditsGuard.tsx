import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before leaving the page (in the app or the browser) while there are unsaved edits; "Yes" runs `onLeave`
 * (discarding the draft) and goes on. The same pattern as the budget detail's guard, kept to this one component
 * so the shared guard can replace it in one place.
 */
export function UnsavedEditsGuard({ unsaved, title, content, onLeave }: { unsaved: boolean; title: string; content: string; onLeave: () => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <Modal
      title={title}
      open={blocker.state === 'blocked'}
      okText="Yes"
      cancelText="No"
      onOk={() => {
        onLeave();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {content}
    </Modal>
  );
}
