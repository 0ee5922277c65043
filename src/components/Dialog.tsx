import { Modal, type ModalProps } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { dialogOpening } from './dialogsOpening';

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** The first field of `body` a person can type in or choose from (an antd Select's is its search input). */
function firstField(body: HTMLElement): HTMLElement | null {
  return [...body.querySelectorAll<HTMLElement>(FIELD)].find((field) => field.tabIndex >= 0 && !field.closest('[hidden], [aria-hidden="true"]')) ?? null;
}

/**
 * Every dialog of the app: antd's modal, opening with the focus in its first field (not on the dialog's frame),
 * so a person can type at once. A field the person or the dialog already focused keeps it. Giving the focus back
 * to the opener on closing is antd's for a dialog that stays mounted while it closes, and `useReturnFocus`'s for
 * one removed on closing.
 */
export function Dialog({ children, afterOpenChange, ...props }: ModalProps) {
  const body = useRef<HTMLDivElement | null>(null);
  const focusFirstField = useCallback(() => {
    const content = body.current;
    if (!content) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && content.contains(active) && active.matches(FIELD)) return;
    firstField(content)?.focus({ preventScroll: true });
  }, []);
  // As soon as the content is drawn (the field is focusable during the opening animation), then again once the
  // animation is over in case the modal was still hidden at the first try.
  const mounted = useCallback(
    (node: HTMLDivElement | null) => {
      body.current = node;
      if (node) requestAnimationFrame(focusFirstField);
    },
    [focusFirstField],
  );
  // Until its opening animation ends, a question waits (dialogsOpening.ts).
  const opened = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!props.open) return;
    const done = dialogOpening();
    opened.current = done;
    return done;
  }, [props.open]);
  return (
    <Modal
      {...props}
      afterOpenChange={(open) => {
        if (open) {
          focusFirstField();
          opened.current?.();
        }
        afterOpenChange?.(open);
      }}
    >
      <div ref={mounted} className="ec-dialog-body">
        {children}
      </div>
    </Modal>
  );
}
