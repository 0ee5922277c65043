import type { ReactNode } from 'react';

/** A labelled field of the import dialog: the label above its input. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
    </label>
  );
}
