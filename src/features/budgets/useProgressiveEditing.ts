import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Rows made editable per step after the ones in view: each step is one task, so the browser paints between. */
const STEP = 60;

interface Range {
  from: number;
  to: number;
}

/** The indexes of the body rows on screen now (the first STEP where nothing is laid out, as in jsdom). */
function rowsInView(body: HTMLTableSectionElement | null): Range {
  const rows = body ? Array.from(body.rows) : [];
  let from = -1;
  let to = -1;
  rows.forEach((row, index) => {
    const { top, bottom } = row.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) {
      if (from < 0) from = index;
      to = index;
    }
  });
  return from < 0 ? { from: 0, to: STEP - 1 } : { from, to };
}

/**
 * "Make Changes" on a long budget: creating every row's form controls at once (six per row, 1,800 for 300
 * allocations) holds the first editable frame back. The rows on screen become editable in the first frame,
 * then the rest in steps of STEP around them, each step in its own task. Returns whether line `index` is
 * editable now; once every line is, lines added later are editable at once.
 */
export function useProgressiveEditing(editing: boolean, lineCount: number, body: RefObject<HTMLTableSectionElement | null>) {
  const [range, setRange] = useState<Range | null>(null);

  // Before the browser paints the first editing frame: the rows in view become editable in that frame.
  useLayoutEffect(() => {
    setRange(editing ? rowsInView(body.current) : null);
  }, [editing, body]);

  const complete = range !== null && range.from <= 0 && range.to >= lineCount - 1;
  useEffect(() => {
    if (!range || complete) return;
    const next = setTimeout(() => setRange({ from: Math.max(0, range.from - STEP), to: range.to + STEP }), 0);
    return () => clearTimeout(next);
  }, [range, complete]);

  return useCallback(
    (index: number) => editing && range !== null && (complete || (index >= range.from && index <= range.to)),
    [editing, range, complete],
  );
}
