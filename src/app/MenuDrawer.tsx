import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../components/icons';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The side menu as an overlay on narrow screens: a modal panel from the left. While open, focus stays inside
 * it (Tab wraps), Escape, the close button and a tap beside it close it, and focus goes back to where it was.
 */
export function MenuDrawer({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="ec-drawer-root">
      <div className="ec-drawer-mask" aria-hidden="true" onClick={onClose} />
      <div ref={panel} className="ec-drawer" role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <div className="ec-drawer-header">
          <button type="button" className="ec-drawer-close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
          <div className="ec-drawer-title">{title}</div>
        </div>
        <div className="ec-drawer-body">{children}</div>
      </div>
    </div>
  );
}
