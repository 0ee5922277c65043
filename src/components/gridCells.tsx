import type { ReactNode } from 'react';
import type { Cents } from '../shared/money';
import { Button } from './Button';
import { DeleteIcon, UndoIcon } from './icons';
import { Money } from './Money';
import { MoneyInput } from './MoneyInput';

/*
 * Cells of the editable grids (the budget detail's antd tables, sink funds): plain inputs styled like antd's,
 * because hundreds of them must stay cheap to render.
 */

/** How a field shows that a refused save named it, and that it takes the focus when its row appears. */
interface FieldState {
  /** A refused save named this field: marked invalid (red border, `aria-invalid`). */
  invalid?: boolean;
  autoFocus?: boolean;
}

type TextCellProps = { label: string; value: string; onText: (text: string) => void; placeholder?: string } & FieldState;

/** A text field of an editable grid. */
export function TextCell(props: TextCellProps) {
  return textInput(props);
}

// A plain function as well as a component: a grid entering edit mode draws hundreds of these, one fiber fewer each.
function textInput({ label, value, onText, placeholder, invalid, autoFocus }: TextCellProps) {
  return (
    <input
      type="text"
      className="ec-input"
      aria-label={label}
      aria-invalid={invalid || undefined}
      autoFocus={autoFocus}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onText(event.target.value)}
    />
  );
}

/** A text column's content in a table that draws its own cells (antd's Table): an input while editing, the text otherwise. */
export function EditableText({ editing, label, value, onText, invalid, autoFocus }: { editing: boolean; label: string; value: string; onText: (text: string) => void } & FieldState) {
  return editing ? textInput({ label, value, onText, invalid, autoFocus }) : <>{value}</>;
}

/** The name of an amount input: which row, which column ("Groceries amount"); a row not named yet by its kind. */
export const amountLabel = (name: string, unnamed: string, column = 'amount') => `${name.trim() || unnamed} ${column}`;

/** A row's amount column: a money input while editing, the formatted amount otherwise. */
export function EditableAmountCell({
  editing,
  label,
  cents,
  onCents,
  invalid,
  children,
}: {
  editing: boolean;
  label: string;
  cents: Cents;
  onCents: (cents: Cents) => void;
  invalid?: boolean;
  /** Under the amount (someone else's value after a Reload). */
  children?: ReactNode;
}) {
  return (
    <td className="ec-num">
      {editing ? <MoneyInput aria-label={label} aria-invalid={invalid || undefined} cents={cents} onCents={onCents} /> : <Money cents={cents} />}
      {children}
    </td>
  );
}

/** An amount column's content in a table that draws its own cells (antd's Table). */
export function EditableAmount({ editing, label, cents, onCents, invalid }: { editing: boolean; label: string; cents: Cents; onCents: (cents: Cents) => void; invalid?: boolean }) {
  return editing ? <MoneyInput aria-label={label} aria-invalid={invalid || undefined} cents={cents} onCents={onCents} /> : <Money cents={cents} />;
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

/** The delete column's heading text: read out by screen readers, not shown. */
export const deleteHeading = <span className="ec-visually-hidden">Delete</span>;

/** The heading of the delete column: read out by screen readers, not shown. */
export function DeleteHeaderCell() {
  return <th className="ec-delete-cell">{deleteHeading}</th>;
}

/** Marks a row deleted (it is removed on save) or brings it back; `disabledReason` explains a row that cannot go. */
export function RowDeleteToggle({ deleted, name, onToggle, disabledReason }: { deleted: boolean; name: string; onToggle: () => void; disabledReason?: string }) {
  const label = `${deleted ? 'Undo delete' : 'Delete'} ${name}`.trim();
  return (
    <button
      type="button"
      className={`ec-icon-button${deleted || disabledReason ? '' : ' ec-icon-button--danger'}`}
      aria-label={label}
      title={disabledReason ?? (deleted ? 'Undo delete' : 'Delete')}
      aria-pressed={deleted}
      disabled={disabledReason !== undefined}
      onClick={onToggle}
    >
      {deleted ? <UndoIcon /> : <DeleteIcon />}
    </button>
  );
}
