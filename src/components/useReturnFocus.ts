import { useEffect, useState } from 'react';

/**
 * Gives the focus back to what had it when a dialog opened, once the dialog is gone. antd's modal does this
 * only when it stays mounted while it closes; the dialogs that are mounted on opening and removed on closing
 * need this. Read during the first render: by the time effects run, the modal has moved the focus inside.
 */
export function useReturnFocus() {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    },
    [opener],
  );
}
