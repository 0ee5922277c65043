import type { ReactNode } from 'react';
import './theirValue.css';

/**
 * Beside a field the person changed that someone else also changed (seen after a Reload): their value, so the
 * person's save over it is a choice, not a surprise. Every edit mode marks such fields the same way.
 */
export function TheirValue({ value }: { value: ReactNode }) {
  return (
    <span className="ec-their-value" title="Saved by someone else while you were editing. Save Changes keeps yours.">
      Theirs: {value}
    </span>
  );
}

/** The row's mark: it holds a field both people changed. */
export const CLASH_ROW_CLASS = 'ec-row--clash';

export const hasClash = (clash: object | undefined): boolean => clash !== undefined && Object.keys(clash).length > 0;
