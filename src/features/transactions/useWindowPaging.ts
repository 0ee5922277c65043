import { useCallback, useMemo, useState } from 'react';

/** Rows per page: a 2,000-row window renders 100 rows at a time. */
export const PAGE_SIZE = 100;

/**
 * Which page of the window's rows is shown. `showRow(index)` turns to the page holding that row (a row just
 * added, the first imported row, the first row that needs fixing). The page never runs past the last one.
 */
export function useWindowPaging<Row>(rows: readonly Row[]) {
  const [page, setPage] = useState(1);
  const shownPage = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)));
  const pageRows = useMemo(() => rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE), [rows, shownPage]);
  const showRow = useCallback((index: number) => setPage(Math.floor(index / PAGE_SIZE) + 1), []);
  return { page: shownPage, setPage, pageRows, showRow };
}
