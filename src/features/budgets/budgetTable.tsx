import type { TableProps } from 'antd';
// antd's Table alone, not the barrel: the build makes this import a lean copy of it (scripts/leanAntdTable.js).
import Table from 'antd/lib/table';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { RowDeleteToggle } from './gridCells';
// antd's styles of the tables in the app's colours, written at build time: the lean table computes none of them
// in the page (scripts/budgetTablesStyle.tsx, src/components/leanTable/antdStyle.tsx; docs/performance.md).
import './budgetTables.antd.css';

/*
 * What the budget detail's two antd tables share. antd draws the table, its header, rows and summary; each body
 * row (`components.body.row`) subscribes to its own line in the store and hands it to its cells through a context,
 * so a keystroke re-renders one row and never antd's whole table.
 */

export type Columns<Record> = NonNullable<TableProps<Record>['columns']>;

/** What a row component receives from antd, plus the record `onRow` hands it (antd's own rows, such as an empty table's line, get none). */
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

/**
 * The antd table props both tables set: small, no pagination, no sorter, filter or selection, no hover repaint.
 * `tailor` (rc-table's, which antd hands on) skips the scrollbar's measure on mounting: a table without a fixed
 * header or sticky part never uses it, and measuring forced a style and layout pass of the whole page per table
 * before the first paint (and, with a visible scrollbar, a second render of every row): docs/performance.md, "Issue 48".
 */
export const plainTable = { size: 'small', pagination: false, rowHoverable: false, tableLayout: 'fixed', tailor: true } as const;

/** More lines than a screen of this height can show (a line is at least 24 px tall). */
const linesInView = () => Math.ceil((typeof window === 'undefined' ? 800 : window.innerHeight) / 24);

/**
 * A table's lines as its first paint draws them: on mounting in view mode, only as many as the screen can show,
 * and every line once the browser is next idle (or after 200 ms at the latest). The budget's first paint on a
 * phone then renders, styles and lays out a screenful of rows instead of all of them (issue 48: a 44-allocation
 * budget is 60 lines, of which a phone shows about ten). Editing, or any later change, draws them all.
 */
export function useLinesInViewFirst<Line>(lines: Line[], editing: boolean): Line[] {
  const [firstScreen] = useState(linesInView);
  const [all, setAll] = useState(() => editing || lines.length <= firstScreen);
  useEffect(() => {
    if (all) return;
    const showAll = () => setAll(true);
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(showAll, { timeout: 200 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(showAll, 0);
    return () => clearTimeout(timer);
  }, [all]);
  return all || editing ? lines : lines.slice(0, firstScreen);
}

/** A row's "More fields" on a phone: open or not, how to toggle it, and the id of its panel. */
export interface MoreFields {
  open: boolean;
  toggle: () => void;
  panelId: string;
}

/**
 * Whether a row shows its other fields ("More fields", on a phone). Each row holds its own, so opening one
 * re-renders that row alone: antd's `expandable` re-renders every row of the table when one opens.
 */
export function useMoreFields(): MoreFields {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const panelId = useId();
  return useMemo(() => ({ open, toggle, panelId }), [open, toggle, panelId]);
}

/** Opens or closes a row's other fields on a phone (the fields its columns there leave out), while editing or reading. */
export function MoreFieldsToggle({ name, unnamed, moreFields }: { name: string; unnamed: string; moreFields: MoreFields }) {
  const { open, toggle, panelId } = moreFields;
  return (
    <button
      type="button"
      className="ec-more-fields"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      aria-label={`More fields: ${name.trim() || unnamed}`}
      onClick={toggle}
    >
      {open ? 'Less' : 'More'}
    </button>
  );
}

/** A row's last cell: its delete toggle while editing and, on a phone, its "More" (editing or reading). */
export function RowEndCell(props: { name: string; unnamed: string; deleted: boolean; onToggleDelete: () => void; editing: boolean; mobile: boolean; moreFields: MoreFields }) {
  const { name, unnamed, deleted, onToggleDelete, editing, mobile, moreFields } = props;
  return (
    <>
      {editing && <RowDeleteToggle deleted={deleted} name={name} onToggle={onToggleDelete} />}
      {mobile && <MoreFieldsToggle name={name} unnamed={unnamed} moreFields={moreFields} />}
    </>
  );
}

/** One of a row's other fields: its label (the column's heading on a desktop) and its input, or its value when reading. */
export interface MoreField {
  label: string;
  value: React.ReactNode;
}

/**
 * The line under a row holding its other fields on a phone: labelled inputs while editing; while reading, the
 * labels and values as a description list, so a screen reader says which value is which.
 */
export function MoreFieldsRow({ columns, name, unnamed, editing, moreFields, fields }: { columns: number; name: string; unnamed: string; editing: boolean; moreFields: MoreFields; fields: MoreField[] }) {
  const panel = editing ? (
    fields.map(({ label, value }) => (
      <label key={label} className="ec-more-field">
        <span className="ec-more-field-label">{label}</span>
        {value}
      </label>
    ))
  ) : (
    <dl className="ec-more-fields-list">
      {fields.map(({ label, value }) => (
        <div key={label} className="ec-more-field">
          <dt className="ec-more-field-label">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <tr className="ec-more-fields-row">
      <td colSpan={columns} className="ant-table-cell">
        <div id={moreFields.panelId} className="ec-more-fields-panel" role="group" aria-label={`More fields of ${name.trim() || unnamed}`}>
          {panel}
        </div>
      </td>
    </tr>
  );
}

/** A comment as a row's other fields read it: an empty one says so rather than leaving a gap. */
export const commentText = (comment: string) => (comment.trim() ? comment : <span className="ec-more-field-empty">No comment</span>);

/** antd's Table as the budget detail loads it: no sorter, filter, selection, pagination or spinner. */
export const BudgetTable = Table;
export const { Summary } = Table;
