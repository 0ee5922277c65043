import { Button } from 'antd';
import { useState } from 'react';
import type { PickerOptions } from '../AllocationPicker';
import { splitStarted, type DraftRow, type DraftSplit } from '../draftRows';
import { SplitParts } from '../SplitParts';
import { PreviewCells, PreviewHeadings } from './ImportPreview';

/** The preview's first rows; "Show all" lists every row of the file, so any of them can be split. */
const FIRST_ROWS = 5;
const COLUMNS = 5;

/** The parts given to rows of the file in the preview, by the row's place in the file's reading. */
export type PreviewParts = ReadonlyMap<number, DraftSplit[]>;

/** The rows "Add" will put in the window, each with the parts given to it here (a split row has no allocation of its own). */
export const withPreviewParts = (rows: readonly DraftRow[], parts: PreviewParts): DraftRow[] =>
  rows.map((row, index) => {
    const split = parts.get(index);
    return split ? { ...row, allocation_id: null, sink_fund_allocation_id: null, splits: split } : row;
  });

/** A split row's change from the window's split editor, kept by place: no parts left is the row unsplit. */
export function partsChanged(parts: PreviewParts, index: number, changes: Partial<DraftRow>): PreviewParts {
  const next = new Map(parts);
  if (changes.splits?.length) next.set(index, changes.splits);
  else next.delete(index);
  return next;
}

interface SplittablePreviewProps {
  /** The merged rows "Add" puts in the window, with their parts. */
  rows: readonly DraftRow[];
  isSinkFund: boolean;
  options: PickerOptions;
  onChange: (index: number, changes: Partial<DraftRow>) => void;
}

/**
 * The file's rows as they will be added, each of them splittable before it is (issue 44): "Split" opens the
 * window's own split editor under the row. Rows that arrive deleted (duplicates, outside the budget) cannot be.
 */
export function SplittablePreview({ rows, isSinkFund, options, onChange }: SplittablePreviewProps) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <>
      <table className="ec-import-preview ec-import-preview--split" aria-label="Preview">
        <thead>
          <tr>
            <PreviewHeadings />
            <th>
              <span className="ec-visually-hidden">Split</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => {
            const label = row.description || 'new row';
            const split = (row.splits?.length ?? 0) > 0;
            return [
              <tr key={row.key}>
                <PreviewCells row={row} />
                <td>
                  {!split && !row.deleted && (
                    <Button size="small" aria-label={`Split ${label}`} onClick={() => onChange(index, splitStarted(row))}>
                      Split
                    </Button>
                  )}
                </td>
              </tr>,
              split && <SplitParts key={`${row.key}-parts`} row={row} editing isSinkFund={isSinkFund} options={options} span={COLUMNS} onChange={(changes) => onChange(index, changes)} />,
            ];
          })}
        </tbody>
      </table>
      {rows.length > FIRST_ROWS && (
        <Button size="small" type="link" onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the first ${FIRST_ROWS} rows` : `Show all ${rows.length} rows (to split one)`}
        </Button>
      )}
    </>
  );
}
