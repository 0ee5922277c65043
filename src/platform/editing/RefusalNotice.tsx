import { useEffect } from 'react';
import { Alert } from '../../components/Alert';

/**
 * A refused save, said once: the headline ("Budget not saved.") and each reason as its own sentence. When it
 * appears, the first row it marked (`.ec-row--refused` inside `within`) scrolls into view and its first marked
 * field takes the focus.
 */
export function RefusalNotice({ title, reasons, onClose, within }: { title: string; reasons: string[]; onClose: () => void; within: string }) {
  useEffect(() => {
    const row = document.querySelector(`${within} .ec-row--refused`);
    if (!row) return;
    // Optional: not every environment lays pages out (jsdom has no scrollIntoView).
    row.scrollIntoView?.({ block: 'center' });
    const field = row.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
  }, [reasons, within]);
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      title={title}
      description={
        <ul className="ec-refusal-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      }
    />
  );
}
