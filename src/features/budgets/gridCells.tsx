import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import type { FocusEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { rowDeleteToggled, type RowKind } from './budgetEditSlice';

/** Typing into a grid amount replaces it, as in a spreadsheet, instead of appending to "0.00". */
export const selectOnFocus = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();

/** A text field of the editable budget grid (plain input: hundreds of them must stay cheap). */
export function TextCell({ label, value, onText }: { label: string; value: string; onText: (text: string) => void }) {
  return <input type="text" className="ec-input" aria-label={label} value={value} onChange={(event) => onText(event.target.value)} />;
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
