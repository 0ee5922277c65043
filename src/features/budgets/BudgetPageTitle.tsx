import type { ReactNode } from 'react';
import { useNarrowScreen } from '../../platform/useNarrowScreen';

/** The page's own title on wide screens; on narrow ones the shell already shows the heading on its own row. */
export function BudgetPageTitle({ title, children }: { title: string; children?: ReactNode }) {
  const narrow = useNarrowScreen();
  if (narrow && !children) return null;
  return (
    <div className="ec-budget-title">
      {!narrow && <h2>{title}</h2>}
      {children}
    </div>
  );
}
