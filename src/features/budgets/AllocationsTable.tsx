import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListIcon } from '../../components/icons';
import { Money } from '../../components/Money';
import { remaining } from '../../shared/budgetMath';
import { countedCents, type Cents } from '../../shared/money';
import type { AllocationClass } from '../../shared/schemas/budgets';
import type { SpentTarget } from './AllocationTransactionsDialog';
import { Button } from '../../components/Button';
import type { CoverTarget } from './CoverOverspendingDialog';
import { useGetBudgetQuery } from './budgetsApi';
import { allocationAdded, allocationChanged } from './budgetEditSlice';
import type { AllocationFields } from './budgetRows';
import { selectAllocationRowView, selectAllocationTableLines, selectBudgetTotals, selectCategoryTotal, type AllocationTableLine } from './budgetSelectors';
import { ActionRow, amountLabel, DeleteHeaderCell, EditableAmountCell, EditableTextCell, rowClass, RowDeleteToggle, useDeleteToggle, useRowChange, useRowView } from './gridCells';
import { SpecialEventTag } from './SpecialEventTag';
import { HelpTip } from '../glossary';

const classLabels: Record<AllocationClass, string> = { need: 'Need', want: 'Want', savings: 'Savings' };
const classes = Object.keys(classLabels) as AllocationClass[];

// The dialog (antd) loads when a person first asks for an allocation's transactions.
const AllocationTransactionsDialog = lazy(() => import(/* webpackChunkName: "allocation-transactions" */ './AllocationTransactionsDialog'));
// Likewise "Cover" (antd), when a person first covers an overspent allocation.
const CoverOverspendingDialog = lazy(() => import(/* webpackChunkName: "cover-overspending" */ './CoverOverspendingDialog'));

interface RowProps {
  budgetId: number;
  rowKey: number;
  editing: boolean;
  mobile: boolean;
  onShowSpent: (target: SpentTarget) => void;
  /** Set when an overspent saved allocation may be covered (view mode of an open budget). */
  onCover?: (target: CoverTarget) => void;
}

/** One allocation; subscribes to its own row so a keystroke re-renders only the row being typed in. */
const AllocationRow = memo(function AllocationRow({ budgetId, rowKey, editing, mobile, onShowSpent, onCover }: RowProps) {
  const { row, refused, added } = useRowView(selectAllocationRowView, budgetId, rowKey);
  const change = useRowChange<AllocationFields>(rowKey, allocationChanged);
  const changeAmount = useCallback((amount: number) => change({ amount }), [change]);
  const toggleDelete = useDeleteToggle('allocation', rowKey);
  if (!row) return null;
  return (
    <tr className={rowClass(row.deleted, refused)}>
      {!editing && row.special_event_id !== null ? (
        <th scope="row" className="ec-row-name">
          {row.name} <SpecialEventTag eventId={row.special_event_id} />
        </th>
      ) : (
        <EditableTextCell editing={editing} label="Allocation name" value={row.name} onText={(name) => change({ name })} invalid={refused.includes('name')} autoFocus={added} rowHeader />
      )}
      <EditableAmountCell editing={editing} label={amountLabel(row.name, 'New allocation')} cents={row.amount} onCents={changeAmount} invalid={refused.includes('amount')} />
      <td className="ec-num ec-spent">
        <Money cents={row.spent} />
        {row.id > 0 && (
          <button
            type="button"
            className="ec-icon-button"
            aria-label={`Transactions for ${row.name}`}
            title="Transactions"
            onClick={() => onShowSpent({ id: row.id, name: row.name })}
          >
            <ListIcon />
          </button>
        )}
      </td>
      <td className="ec-num">
        <RemainingAmount cents={remaining(countedCents(row.amount), row.spent)} />
        {onCover && row.id > 0 && remaining(row.amount, row.spent) < 0 && (
          <Button size="small" className="ec-cover-button" aria-label={`Cover ${row.name}`} onClick={() => onCover({ id: row.id, name: row.name })}>
            Cover
          </Button>
        )}
      </td>
      {!mobile && (
        <>
          <td>
            {editing ? (
              <select
                className="ec-input ec-select"
                aria-label="Class"
                value={row.allocation_class}
                onChange={(event) => change({ allocation_class: event.target.value as AllocationClass })}
              >
                {classes.map((value) => (
                  <option key={value} value={value}>
                    {classLabels[value]}
                  </option>
                ))}
              </select>
            ) : (
              classLabels[row.allocation_class]
            )}
          </td>
          <td className="ec-center">
            {editing ? (
              <input
                type="checkbox"
                aria-label="Fixed Amount?"
                checked={row.is_fixed_amount}
                onChange={(event) => change({ is_fixed_amount: event.target.checked })}
              />
            ) : row.is_fixed_amount ? (
              'Yes'
            ) : (
              'No'
            )}
          </td>
          <EditableTextCell editing={editing} label="Allocation comment" value={row.comment} onText={(comment) => change({ comment })} invalid={refused.includes('comment')} />
        </>
      )}
      <td className="ec-delete-cell">{editing && <RowDeleteToggle deleted={row.deleted} name={row.name} onToggle={toggleDelete} />}</td>
    </tr>
  );
});

/** What is left of an allocation; overspent also says so in a marker, not in its colour alone. */
function RemainingAmount({ cents }: { cents: Cents }) {
  return (
    <>
      {cents < 0 && (
        <span className="ec-over-budget" role="img" aria-label="Over budget" title="Over budget">
          !
        </span>
      )}
      <Money cents={cents} highlightPositive />
    </>
  );
}

interface SumRowProps {
  label: string;
  className?: string;
  amount: Cents;
  spent: Cents;
  remaining: Cents;
  columns: number;
}

/** A subtotal or total line: amount, spent and remaining under their columns. */
function SumRow({ label, className, amount, spent, remaining, columns }: SumRowProps) {
  return (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td className="ec-num">
        <Money cents={amount} />
      </td>
      <td className="ec-num">
        <Money cents={spent} />
      </td>
      <td className="ec-num">
        <RemainingAmount cents={remaining} />
      </td>
      <td colSpan={columns - 4} />
    </tr>
  );
}

const CategorySubtotal = memo(function CategorySubtotal({ budgetId, categoryId, categoryName, columns }: { budgetId: number; categoryId: number; categoryName: string; columns: number }) {
  const totals = useAppSelector((state) => selectCategoryTotal(state, budgetId, categoryId), shallowEqual);
  return <SumRow label={`${categoryName} Subtotal`} className="ec-row--subtotal" amount={totals.amount} spent={totals.spent} remaining={totals.remaining} columns={columns} />;
});

function AllocationTotals({ budgetId, columns }: { budgetId: number; columns: number }) {
  const totals = useAppSelector((state) => selectBudgetTotals(state, budgetId), shallowEqual);
  return (
    <>
      <SumRow label="Total" amount={totals.allocated} spent={totals.spent} remaining={totals.remaining} columns={columns} />
      <tr className="ec-row--unallocated">
        <td colSpan={columns}>
          Unallocated: <Money cents={totals.discretionary} highlightPositive />
        </td>
      </tr>
    </>
  );
}

function TableLine({
  line,
  budgetId,
  editing,
  mobile,
  columns,
  onShowSpent,
  onCover,
}: {
  line: AllocationTableLine;
  budgetId: number;
  editing: boolean;
  mobile: boolean;
  columns: number;
  onShowSpent: (target: SpentTarget) => void;
  onCover?: (target: CoverTarget) => void;
}) {
  const dispatch = useAppDispatch();
  switch (line.kind) {
    case 'row':
      return <AllocationRow budgetId={budgetId} rowKey={line.key} editing={editing} mobile={mobile} onShowSpent={onShowSpent} onCover={onCover} />;
    case 'header':
      return (
        <tr className="ec-row--group">
          <th colSpan={columns} scope="rowgroup">
            {line.categoryName}
          </th>
        </tr>
      );
    case 'add':
      return (
        <ActionRow
          label={`Add ${line.categoryName} Allocation`}
          columns={columns}
          onClick={() => dispatch(allocationAdded({ categoryId: line.categoryId, categoryName: line.categoryName }))}
        />
      );
    case 'subtotal':
      return <CategorySubtotal budgetId={budgetId} categoryId={line.categoryId} categoryName={line.categoryName} columns={columns} />;
  }
}

/** The Cover dialog over the budget as stored (read from the cache the page already filled). */
function CoverDialog({ budgetId, target, onClose }: { budgetId: number; target: CoverTarget; onClose: () => void }) {
  const { data: budget } = useGetBudgetQuery(budgetId);
  if (!budget) return null;
  return (
    <Suspense fallback={null}>
      <CoverOverspendingDialog budget={budget} target={target} onClose={onClose} />
    </Suspense>
  );
}

const lineKey = (line: AllocationTableLine) => (line.kind === 'row' ? `row-${line.key}` : `${line.kind}-${line.categoryId}`);

/** Allocations grouped by category, with subtotals, totals and "Unallocated"; mobile shows five columns. */
export function AllocationsTable({ budgetId, editing, mobile, open = false }: { budgetId: number; editing: boolean; mobile: boolean; open?: boolean }) {
  const lines = useAppSelector((state) => selectAllocationTableLines(state, budgetId));
  const [spentTarget, setSpentTarget] = useState<SpentTarget | null>(null);
  const [coverTarget, setCoverTarget] = useState<CoverTarget | null>(null);
  const coverable = !editing && open;
  const columns = mobile ? 5 : 8;
  return (
    <div className="ec-grid-wrap ec-allocations-wrap">
      {/* Each row is laid out on its own (budgets.css): typing re-lays out one row, and rows off screen are skipped. */}
      <table className={`ec-grid ec-allocations${mobile ? ' ec-allocations--narrow' : ''}`} aria-label="Allocations">
        <caption>Allocations</caption>
        <thead>
          <tr>
            <th>Name</th>
            <th className="ec-num">Amount</th>
            <th className="ec-num">Spent</th>
            <th className="ec-num">Remaining</th>
            {!mobile && (
              <>
                <th>Class</th>
                <th className="ec-center">
                  Fixed Amount?
                  <HelpTip term="fixed-amount" />
                </th>
                <th>Comment</th>
              </>
            )}
            <DeleteHeaderCell />
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <TableLine
              key={lineKey(line)}
              line={line}
              budgetId={budgetId}
              editing={editing}
              mobile={mobile}
              columns={columns}
              onShowSpent={setSpentTarget}
              onCover={coverable ? setCoverTarget : undefined}
            />
          ))}
        </tbody>
        <tfoot>
          <AllocationTotals budgetId={budgetId} columns={columns} />
        </tfoot>
      </table>
      {spentTarget && (
        <Suspense fallback={null}>
          <AllocationTransactionsDialog target={spentTarget} onClose={() => setSpentTarget(null)} />
        </Suspense>
      )}
      {coverTarget && <CoverDialog budgetId={budgetId} target={coverTarget} onClose={() => setCoverTarget(null)} />}
    </div>
  );
}
