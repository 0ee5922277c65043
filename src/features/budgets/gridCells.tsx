import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import { Button } from 'antd';
import type { ActionCreatorWithPayload } from '@reduxjs/toolkit';
import { useCallback, type FocusEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import type { Cents } from '../../shared/money';
import { rowDeleteToggled, type RowKind } from './budgetEditSlice';

/** Typing into a grid amount replaces it, as in a spreadsheet, instead of appending to "0.00". */
export const selectOnFocus = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();

/** A text field of the editable budget grid (plain input: hundreds of them must stay cheap). */
function TextCell({ label, value, onText }: { label: string; value: string; onText: (text: string) => void }) {
  return <input type="text" className="ec-input" aria-label={label} value={value} onChange={(event) => onText(event.target.value)} />;
}

/** A row's text column: an input while editing, the text otherwise. */
export function EditableTextCell({ editing, label, value, onText }: { editing: boolean; label: string; value: string; onText: (text: string) => void }) {
  return <td>{editing ? <TextCell label={label} value={value} onText={onText} /> : value}</td>;
}

/** A row's amount column: a money input while editing, the formatted amount otherwise. */
export function EditableAmountCell({ editing, label, cents, onCents }: { editing: boolean; label: string; cents: Cents; onCents: (cents: Cents) => void }) {
  return <td className="ec-num">{editing ? <MoneyInput aria-label={label} cents={cents} onCents={onCents} onFocus={selectOnFocus} /> : <Money cents={cents} />}</td>;
}

/** Dispatches one row's field changes; stable for the row, so memoised inputs are not re-rendered by it. */
export function useRowChange<Fields>(rowKey: number, changed: ActionCreatorWithPayload<{ key: number; changes: Partial<Fields> }>) {
  const dispatch = useAppDispatch();
  return useCallback((changes: Partial<Fields>) => dispatch(changed({ key: rowKey, changes })), [dispatch, changed, rowKey]);
}

/** A full-width row holding one small button, such as "Add Income". */
export function ActionRow({ label, columns, onClick }: { label: string; columns: number; onClick: () => void }) {
  return (
    <tr className="ec-row--action">
      <td colSpan={columns}>
        <Button size="small" onClick={onClick}>
          {label}
        </Button>
      </td>
    </tr>
  );
}

/** The heading of the delete column: read out by screen readers, not shown. */
export function DeleteHeaderCell() {
  return (
    <th className="ec-delete-cell">
      <span className="ec-visually-hidden">Delete</span>
    </th>
  );
}

/** Marks a row deleted (it is removed on save) or brings it back. */
export function DeleteToggle({ kind, rowKey, deleted, name }: { kind: RowKind; rowKey: number; deleted: boolean; name: string }) {
  const dispatch = useAppDispatch();
  const label = `${deleted ? 'Undo delete' : 'Delete'} ${name}`.trim();
  return (
    <button
      type="button"
      className={`ec-icon-button${deleted ? '' : ' ec-icon-button--danger'}`}
      aria-label={label}
      title={deleted ? 'Undo delete' : 'Delete'}
      aria-pressed={deleted}
      onClick={() => dispatch(rowDeleteToggled({ kind, key: rowKey }))}
    >
      {deleted ? <UndoOutlined /> : <DeleteOutlined />}
    </button>
  );
}
