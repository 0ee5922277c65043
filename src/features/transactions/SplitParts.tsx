import { Button } from 'antd';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { splitDifference } from '../../shared/splits';
import { AllocationPicker, optionLabel, type PickerOptions } from './AllocationPicker';
import { type DraftRow, type DraftSplit, netOf, partAdded, partTakesSuggestion, splitProblem, splitRemoved } from './draftRows';
import { SuggestionNote } from './SuggestionNote';

interface SplitPartsProps {
  row: DraftRow;
  editing: boolean;
  isSinkFund: boolean;
  options: PickerOptions;
  /** Columns the parts' row spans. */
  span: number;
  onChange: (changes: Partial<DraftRow>) => void;
}

/**
 * A split row's parts, under the row (issue 44): each an amount in the row's direction (a part of a withdrawal is
 * typed as a positive amount withdrawn), an allocation or envelope, and a memo. While editing: add a part (it is
 * proposed with what the others leave), remove one, or unsplit; the difference is shown until the parts add up,
 * and the save is refused until then (`rowsNeedingFixes`; the import preview's "Add" waits the same way). The
 * row's suggested allocation is offered to each part left without one.
 */
export function SplitParts({ row, editing, isSinkFund, options, span, onChange }: SplitPartsProps) {
  const parts = row.splits ?? [];
  if (parts.length === 0) return null;
  // Parts are stored signed like the row's net; shown and typed in the row's own direction.
  const sign = netOf(row) < 0 ? -1 : 1;
  const label = row.description || 'new row';
  const heading = isSinkFund ? 'Sink fund allocation' : 'Allocation';
  const changePart = (key: string, changes: Partial<DraftSplit>) => onChange({ splits: parts.map((part) => (part.key === key ? { ...part, ...changes } : part)) });
  const removePart = (key: string) => onChange({ splits: parts.filter((part) => part.key !== key) });
  const problem = splitProblem(row);
  const left = sign * splitDifference(row, parts);
  // The row's description decides the suggestion; a part left without an allocation may take it.
  const suggested = editing && !isSinkFund ? (row.suggestedAllocationId ?? null) : null;
  return (
    <tr className="ec-split-parts" data-parts-of={row.key}>
      <td className="ec-col-select" />
      <td colSpan={span - 1}>
        <table className="ec-split-table" aria-label={`Parts of ${label}`}>
          <thead>
            <tr>
              <th>Part</th>
              <th>{heading}</th>
              <th>Memo</th>
              <th className="ec-num">Amount</th>
              {editing && (
                <th>
                  <span className="ec-visually-hidden">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {parts.map((part, i) => {
              const name = `part ${i + 1} of ${label}`;
              const pickedId = isSinkFund ? part.sink_fund_allocation_id : part.allocation_id;
              return (
                <tr key={part.key}>
                  <th scope="row" data-label="Part">
                    Split ({i + 1}/{parts.length})
                  </th>
                  <td data-label={heading}>
                    {editing ? (
                      <AllocationPicker
                        ariaLabel={`${heading} of ${name}`}
                        value={pickedId}
                        options={options}
                        placeholder="Unallocated"
                        onChange={(id) => changePart(part.key, isSinkFund ? { sink_fund_allocation_id: id } : { allocation_id: id })}
                      />
                    ) : pickedId === null ? (
                      'Unallocated'
                    ) : (
                      optionLabel(options, pickedId)
                    )}
                    {suggested !== null && partTakesSuggestion(part) && (
                      <SuggestionNote name={optionLabel(options, suggested)} rowLabel={name} onAccept={() => changePart(part.key, { allocation_id: suggested })} />
                    )}
                  </td>
                  <td data-label="Memo">
                    {editing ? (
                      <input type="text" className="ec-input" aria-label={`Memo of ${name}`} value={part.memo} onChange={(event) => changePart(part.key, { memo: event.target.value })} />
                    ) : (
                      part.memo
                    )}
                  </td>
                  <td className="ec-num" data-label="Amount">
                    {editing ? (
                      <MoneyInput key={part.key} aria-label={`Amount of ${name}`} cents={sign * part.amount} onCents={(cents) => changePart(part.key, { amount: sign * cents })} />
                    ) : (
                      <Money cents={sign * part.amount} />
                    )}
                  </td>
                  {editing && (
                    <td>
                      <Button size="small" aria-label={`Remove ${name}`} onClick={() => removePart(part.key)}>
                        Remove
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {editing && (
          <div className="ec-split-actions">
            <Button size="small" onClick={() => onChange(partAdded(row))} aria-label={`Add a part to ${label}`}>
              Add part
            </Button>
            <Button size="small" onClick={() => onChange(splitRemoved(row))} aria-label={`Unsplit ${label}`}>
              Unsplit
            </Button>
            <span className={problem ? 'ec-split-difference ec-field-error' : 'ec-split-difference'} role="status">
              {problem ? (
                <>
                  Not split: <Money cents={left} />
                </>
              ) : (
                'The parts add up to the amount.'
              )}
            </span>
          </div>
        )}
      </td>
    </tr>
  );
}
