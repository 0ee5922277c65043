import type { ActionCreatorWithPayload } from '@reduxjs/toolkit';
import { createContext, memo, useContext, useMemo, type HTMLAttributes } from 'react';
import type { RootState } from '../../app/store';
import type { RowView } from './budgetSelectors';
import { rowClass, useRowChange, useRowView } from './gridCells';

/*
 * The budget's antd tables draw their cells cheaply: antd's Table lays out the header, the rows, the summary and
 * the columns; each body row (antd's `components.body.row`) subscribes to its own line of the draft and hands it
 * to its cells through a context. A keystroke re-renders the row being typed in, never antd's table.
 */

/** One line of the draft as its cells read it, with the way to change it. */
export interface LineView<Line, Fields> extends RowView<Line> {
  key: number;
  change: (changes: Partial<Fields>) => void;
}

/** What every row of one table shares: the budget, and whether it is being edited. */
export interface TableScope {
  budgetId: number;
  editing: boolean;
  mobile: boolean;
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number };

/**
 * The pieces of one budget table: the scope's provider, a row component for antd's `components.body.row`, and
 * the hook its cells read their line with. Lines are keyed `${prefix}${key}` in antd's `rowKey`; other rows
 * (category headers, subtotals) are drawn as antd gives them.
 */
export function lineTable<Line, Fields>(
  prefix: string,
  select: (state: RootState, budgetId: number, key: number) => RowView<Line>,
  changed: ActionCreatorWithPayload<{ key: number; changes: Partial<Fields> }>,
) {
  const ScopeContext = createContext<TableScope>({ budgetId: 0, editing: false, mobile: false });
  const LineContext = createContext<LineView<Line, Fields> | null>(null);

  const LineRow = memo(function LineRow({ rowKey, className, ...props }: RowProps & { rowKey: number }) {
    const { budgetId } = useContext(ScopeContext);
    const view = useRowView(select, budgetId, rowKey);
    const change = useRowChange<Fields>(rowKey, changed);
    const line = useMemo(() => ({ ...view, key: rowKey, change }), [view, rowKey, change]);
    const deleted = (view.row as { deleted?: boolean } | undefined)?.deleted ?? false;
    const classes = [className, rowClass(deleted, view.refused)].filter(Boolean).join(' ');
    return (
      <LineContext.Provider value={line}>
        <tr {...props} className={classes} data-line-key={rowKey} />
      </LineContext.Provider>
    );
  });

  function BodyRow(props: RowProps) {
    const rowKey = String(props['data-row-key'] ?? '');
    if (!rowKey.startsWith(prefix)) return <tr {...props} />;
    return <LineRow {...props} rowKey={Number(rowKey.slice(prefix.length))} />;
  }

  /** The line of the row this cell is in (the row component always provides one). */
  function useLine(): LineView<Line, Fields> {
    const line = useContext(LineContext);
    if (!line) throw new Error('A line cell outside its row');
    return line;
  }

  return { ScopeProvider: ScopeContext.Provider, useScope: () => useContext(ScopeContext), components: { body: { row: BodyRow } }, useLine, rowKey: (key: number) => `${prefix}${key}` };
}
