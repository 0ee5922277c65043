import { useState, type ReactNode } from 'react';

/**
 * A row's other fields on a phone: a toggle under the name opens them in the row itself, so every field of an
 * income or an allocation can be edited at 375px without the table scrolling sideways. `open` starts it open
 * (a refused save named one of these fields).
 */
export function RowDetails({ name, open = false, children }: { name: string; open?: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(open);
  const expanded = shown || open;
  return (
    <>
      <button type="button" className="ec-link-button ec-row-details-toggle" aria-expanded={expanded} aria-label={`More fields for ${name}`} onClick={() => setShown(!expanded)}>
        {expanded ? 'Fewer fields' : 'More fields'}
      </button>
      {expanded && <div className="ec-row-details">{children}</div>}
    </>
  );
}
