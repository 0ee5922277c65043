import { useCallback, useState } from 'react';

/** The rows ticked for "Selected Transaction Total", by row key. `select` is stable, so memoised rows keep it. */
export function useRowSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const select = useCallback(
    (key: string, isSelected: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (isSelected) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, select, clear };
}
