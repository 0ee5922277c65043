import { Button, Checkbox } from 'antd';
import { memo, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import type { AppDispatch } from '../../app/store';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { CLASH_ROW_CLASS, hasClash, TheirValue } from '../../components/TheirValue';
import { formatShortDate } from '../../shared/dates';
import type { Cents } from '../../shared/money';
import { AllocationPicker, optionLabel, type PickerOptions } from './AllocationPicker';
import { splitStarted, type DraftRow } from './draftRows';
import { SplitParts } from './SplitParts';
import { SuggestionNote } from './SuggestionNote';
import { envelopeMoves, UNASSIGNED_MONEY, type EnvelopeMove } from './envelopeMoves';
import { hasOpenSuggestion, rowChanged, rowDeleteToggled, suggestionAccepted } from './transactionEditSlice';
import { selectRowClash } from './transactionSelectors';
import { statusAfterAllocationChange, windowDateMessage, windowDateProblem, type BudgetWindow } from '../../shared/transactionRules';
import { HelpTip } from '../glossary';

interface RowContext {
  editing: boolean;
  isSinkFund: boolean;
  isCreditCard: boolean;
  /** The date of the charge each carried-forward row carries, by row id. */
  carriedFrom: ReadonlyMap<number, string>;
  options: PickerOptions;
  window: BudgetWindow;
  dispatch: AppDispatch;
  onSelect: (key: string, selected: boolean) => void;
}

const allocationHeading = (isSinkFund: boolean) => (isSinkFund ? 'Sink Fund Allocation' : 'Allocation');

const importFlagText = { outside: 'Outside budget period', duplicate: 'Duplicate', 'possible-duplicate': 'Possible duplicate', scheduled: 'Scheduled bill' } as const;

/** Rows a budget close wrote, named so that they never look like someone's typing (a negative withdrawal). */
const closeRowFlags = {
  added: { text: 'Carried forward', why: "An unpaid card charge carried into this budget by the last close. It counts in its own budget's spending, not in this one." },
  adjustment: {
    text: 'Written by the close',
    why: "The close balanced the card's carried-forward charges with this row, so the card's balance does not change. Its negative amount is expected.",
  },
} as const;
function closeRowFlag(status: DraftRow['brought_forward_status'], carriedFrom: string | undefined) {
  if (status === 'added' && carriedFrom) return { ...closeRowFlags.added, text: `Carried forward from ${carriedFrom}` };
  return status === 'added' || status === 'adjustment' ? closeRowFlags[status] : null;
}

/**
 * One transaction. Memoised on its own row object: an edit replaces only that row, so typing in one row
 * re-renders that row alone, whatever the size of the window.
 */
const TransactionRowView = memo(function TransactionRowView({
  row,
  selected,
  errors,
  context,
  move,
}: {
  row: DraftRow;
  selected: boolean;
  errors: string[] | undefined;
  context: RowContext;
  move?: EnvelopeMove;
}) {
  const { editing, isSinkFund, isCreditCard, carriedFrom, options, window, dispatch, onSelect } = context;
  const change = (changes: Partial<DraftRow>) => dispatch(rowChanged({ key: row.key, changes }));
  const pickedId = isSinkFund ? row.sink_fund_allocation_id : row.allocation_id;
  const dateMessage = editing && !row.deleted ? windowDateMessage(windowDateProblem(row.transaction_date, window)) : null;
  const clash = useAppSelector((state) => selectRowClash(state, row.key));
  const theirs = editing ? clash : {};
  const theirPick = isSinkFund ? theirs.sink_fund_allocation_id : theirs.allocation_id;
  const className = [row.status === 'unpaid' ? 'ec-row--unpaid' : '', row.deleted ? 'ec-row--deleted' : '', errors?.length ? 'ec-row--refused' : '', hasClash(theirs) ? CLASH_ROW_CLASS : '']
    .filter(Boolean)
    .join(' ');
  const label = row.description || 'new row';
  const closeFlag = closeRowFlag(row.brought_forward_status, row.id === null ? undefined : carriedFrom.get(row.id));
  const split = (row.splits?.length ?? 0) > 0;
  return (
    <>
      <tr className={className} data-row-key={row.key}>
        <td className="ec-col-select">
          <input type="checkbox" aria-label={`Select ${label}`} checked={selected} onChange={(event) => onSelect(row.key, event.target.checked)} />
        </td>
        <td className="ec-col-date" data-label="Date">
          {editing ? (
            <>
              <input
                type="date"
                aria-label="Date"
                className="ec-input"
                value={row.transaction_date}
                min={window.start_date}
                max={window.end_date}
                aria-invalid={dateMessage ? true : undefined}
                onChange={(event) => change({ transaction_date: event.target.value })}
              />
              {dateMessage && <div className="ec-field-error">{dateMessage}</div>}
              {theirs.transaction_date !== undefined && <TheirValue value={formatShortDate(theirs.transaction_date)} />}
            </>
          ) : (
            formatShortDate(row.transaction_date)
          )}
        </td>
        {/* The description is the row's header: a screen reader names the amounts by it. */}
        <th scope="row" className="ec-row-name" data-label="Description">
          {editing ? (
            <>
              <input type="text" aria-label="Description" className="ec-input ec-description-input" value={row.description} onChange={(event) => change({ description: event.target.value })} />
              {theirs.description !== undefined && <TheirValue value={theirs.description || 'No description'} />}
            </>
          ) : move ? (
            <>
              {move.text}
              <span className="ec-import-flag ec-move-flag" title={`One move between envelopes, written as two rows (“${row.description}”): the withdrawal and the deposit. Together they leave the account's balance unchanged.`}>
                {move.part === 'from' ? 'Move 1 of 2' : 'Move 2 of 2'}
              </span>
            </>
          ) : (
            row.description
          )}
          {/* Where the phone hides Paid?, unpaid is said here and not by the red alone. */}
          {!editing && row.status !== 'paid' && <span className="ec-unpaid-note">(unpaid)</span>}
          {row.importFlag && <span className="ec-import-flag">{importFlagText[row.importFlag]}</span>}
          {closeFlag && (
            <span className="ec-import-flag ec-close-flag" title={closeFlag.why}>
              {closeFlag.text}
              <HelpTip term="carried-forward" />
            </span>
          )}
        </th>
        <td className="ec-col-allocation" data-label={allocationHeading(isSinkFund)}>
          {split ? (
            <span className="ec-split-note">Split ({row.splits!.length} parts)</span>
          ) : editing ? (
            <AllocationPicker
              ariaLabel={allocationHeading(isSinkFund)}
              value={pickedId}
              options={options}
              onChange={(id) =>
                change({ [isSinkFund ? 'sink_fund_allocation_id' : 'allocation_id']: id, status: statusAfterAllocationChange(id, isCreditCard, row.status) })
              }
            />
          ) : (
            optionLabel(options, pickedId)
          )}
          {theirPick !== undefined && <TheirValue value={optionLabel(options, theirPick) || 'No allocation'} />}
          {editing && !isSinkFund && !split && hasOpenSuggestion(row) && (
            <SuggestionNote name={optionLabel(options, row.suggestedAllocationId ?? null)} rowLabel={label} onAccept={() => dispatch(suggestionAccepted(row.key))} />
          )}
        </td>
        <td className="ec-num ec-col-withdrawn" data-label="Withdrawn">
          {editing ? <MoneyInput key={row.key} aria-label={`Withdrawn: ${label}`} cents={row.withdrawal_amount} onCents={(cents) => change({ withdrawal_amount: cents })} /> : <Money cents={row.withdrawal_amount} />}
          {theirs.withdrawal_amount !== undefined && <TheirValue value={<Money cents={theirs.withdrawal_amount} />} />}
        </td>
        <td className="ec-num ec-col-deposited" data-label="Deposited">
          {editing ? <MoneyInput key={row.key} aria-label={`Deposited: ${label}`} cents={row.deposit_amount} onCents={(cents) => change({ deposit_amount: cents })} /> : <Money cents={row.deposit_amount} />}
          {theirs.deposit_amount !== undefined && <TheirValue value={<Money cents={theirs.deposit_amount} />} />}
        </td>
        <td className="ec-col-paid" data-label="Paid?">
          {editing ? (
            <>
              <Checkbox aria-label="Paid?" checked={row.status === 'paid'} onChange={(event) => change({ status: event.target.checked ? 'paid' : 'unpaid' })} />
              {theirs.status !== undefined && <TheirValue value={theirs.status === 'paid' ? 'Paid' : 'Unpaid'} />}
            </>
          ) : row.status === 'paid' ? (
            'Yes'
          ) : (
            // Unpaid rows are red; the words say it too.
            <span className="ec-unpaid-marker">No (unpaid)</span>
          )}
        </td>
        {editing && (
          <td className="ec-col-delete">
            {/* After the row's amounts, so Tab still goes from the allocation to the amount as in a spreadsheet. */}
            {!split && !row.deleted && row.brought_forward_status === null && (
              <Button size="small" className="ec-split-button" aria-label={`Split ${label}`} onClick={() => change(splitStarted(row))}>
                Split
              </Button>
            )}
            <Button size="small" danger={!row.deleted} aria-pressed={row.deleted} aria-label={row.deleted ? `Restore ${label}` : `Delete ${label}`} onClick={() => dispatch(rowDeleteToggled(row.key))}>
              {row.deleted ? 'Undo' : 'Delete'}
            </Button>
          </td>
        )}
      </tr>
      {split && <SplitParts row={row} editing={editing && !row.deleted} isSinkFund={isSinkFund} options={options} span={editing ? 8 : 7} onChange={change} />}
      {errors && errors.length > 0 && (
        <tr className="ec-row-errors">
          <td />
          <td colSpan={7} role="alert">
            {errors.join(' ')}
          </td>
        </tr>
      )}
    </>
  );
});

const NO_CARRIED: ReadonlyMap<number, string> = new Map();

interface TransactionTableProps {
  rows: readonly DraftRow[];
  editing: boolean;
  isSinkFund: boolean;
  isCreditCard: boolean;
  carriedFrom?: ReadonlyMap<number, string>;
  options: PickerOptions;
  window: BudgetWindow;
  selected: ReadonlySet<string>;
  onSelect: (key: string, selected: boolean) => void;
  rowErrors: ReadonlyMap<string, string[]>;
  totals: { withdrawn: Cents; deposited: Cents; movesLeftOut: number };
}

/** The window's rows (one page of them: the page decides which). */
export function TransactionTable({ rows, editing, isSinkFund, isCreditCard, carriedFrom = NO_CARRIED, options, window, selected, onSelect, rowErrors, totals }: TransactionTableProps) {
  const dispatch = useAppDispatch();
  // One stable object, so memoised rows compare it by identity.
  const context = useMemo<RowContext>(
    () => ({ editing, isSinkFund, isCreditCard, carriedFrom, options, window, dispatch, onSelect }),
    [editing, isSinkFund, isCreditCard, carriedFrom, options, window, dispatch, onSelect],
  );
  const moves = useMemo(
    () => (isSinkFund && !editing ? envelopeMoves(rows, (id) => (id === null ? UNASSIGNED_MONEY : optionLabel(options, id))) : null),
    [isSinkFund, editing, rows, options],
  );
  return (
    // Editing on a phone draws each row as a card (transactions.css): the cells' data-label names each field there.
    <table className={`ec-transactions-table ${editing ? 'ec-transactions-table--editing' : 'ec-transactions-table--view'}`}>
      <thead>
        <tr>
          <th>
            <span className="ec-visually-hidden">Select</span>
          </th>
          <th>Date</th>
          <th>Description</th>
          <th>{allocationHeading(isSinkFund)}</th>
          <th className="ec-num">Withdrawn</th>
          <th className="ec-num">Deposited</th>
          <th className="ec-col-paid">
            Paid?
            <HelpTip term="paid" />
          </th>
          {/* Only edit mode deletes: in view mode the column would be empty width. */}
          {editing && (
            <th>
              <span className="ec-visually-hidden">Delete</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={editing ? 8 : 7}>No transactions in this period yet.</td>
          </tr>
        )}
        {/* Keyed by place on the page: turning the page (a 2,000-row window, or an import that shows its first row)
            updates the 100 rows' controls in place instead of unmounting and mounting them. Nothing a row keeps of its
            own outlives its row: the money inputs are keyed by row. */}
        {rows.map((row, place) => (
          <TransactionRowView key={place} row={row} selected={selected.has(row.key)} errors={rowErrors.get(row.key)} context={context} move={moves?.get(row.key)} />
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td className="ec-col-select" />
          <td colSpan={3} className="ec-col-total">
            Total
            {totals.movesLeftOut > 0 && (
              <span className="ec-total-note">{` (${totals.movesLeftOut === 1 ? '1 move' : `${totals.movesLeftOut} moves`} between envelopes not counted: the money stays in the account)`}</span>
            )}
          </td>
          <td className="ec-num ec-col-withdrawn" data-label="Withdrawn">
            <Money cents={totals.withdrawn} />
          </td>
          <td className="ec-num ec-col-deposited" data-label="Deposited">
            <Money cents={totals.deposited} />
          </td>
          <td className="ec-col-paid" />
          {editing && <td className="ec-col-delete" />}
        </tr>
      </tfoot>
    </table>
  );
}
