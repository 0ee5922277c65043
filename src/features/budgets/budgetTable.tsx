import type { TableProps } from 'antd';
// antd's Table alone, not the barrel: the build makes this import a lean copy of it (scripts/leanAntdTable.js).
import Table from 'antd/lib/table';
import { createContext, useCallback, useContext, useState } from 'react';

/*
 * What the budget detail's two antd tables share. antd draws the table, its header, rows and summary; each body
 * row (`components.body.row`) subscribes to its own line in the store and hands it to its cells through a context,
 * so a keystroke re-renders one row and never antd's whole table.
 */

export type Columns<Record> = NonNullable<TableProps<Record>['columns']>;

/** What a row component receives from antd, plus the record `onRow` hands it (an expanded row gets none). */
export type TableRowProps<Record> = React.HTMLAttributes<HTMLTableRowElement> & { record?: Record };

/** Class names joined, the falsy ones left out. */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** A context holding one row's view; `useRowContext` throws if a cell is drawn outside its row. */
export function createRowContext<View>(what: string) {
  const Context = createContext<View | null>(null);
  const useRow = () => {
    const view = useContext(Context);
    if (!view) throw new Error(`${what} cell outside its row`);
    return view;
  };
  return [Context, useRow] as const;
}

/** The antd table props both tables set: small, no pagination, no sorter, filter or selection, no hover repaint. */
export const plainTable = { size: 'small', pagination: false, rowHoverable: false, tableLayout: 'fixed' } as const;

/** Which rows show their other fields ("More fields", on a phone): keys of the draft's rows. */
export function useMoreFields() {
  const [open, setOpen] = useState<readonly number[]>([]);
  const toggle = useCallback((key: number) => setOpen((keys) => (keys.includes(key) ? keys.filter((other) => other !== key) : [...keys, key])), []);
  return { open, toggle };
}

/** Opens or closes a row's other fields on a phone (the fields its columns there leave out). */
export function MoreFieldsToggle({ name, unnamed, open, onToggle }: { name: string; unnamed: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="ec-more-fields" aria-expanded={open} aria-label={`More fields: ${name.trim() || unnamed}`} onClick={onToggle}>
      {open ? 'Less' : 'More'}
    </button>
  );
}

/** One labelled field of a row's "More fields" panel. */
export function MoreField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="ec-more-field">
      <span className="ec-more-field-label">{label}</span>
      {children}
    </label>
  );
}

/** antd's Table as the budget detail loads it: no sorter, filter, selection, pagination or spinner. */
export const BudgetTable = Table;
export const { Summary } = Table;
