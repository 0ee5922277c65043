import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { ListIcon } from '../../components/icons';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { remaining } from '../../shared/budgetMath';
import { countedCents, type Cents } from '../../shared/money';
import type { AllocationClass } from '../../shared/schemas/budgets';
import type { SpentTarget } from './AllocationTransactionsDialog';
import type { CoverTarget } from './CoverOverspendingDialog';
import { allocationAdded, allocationChanged } from './budgetEditSlice';
import type { AllocationFields, AllocationLine } from './budgetRows';
import { selectAllocationRowView, selectAllocationTableLines, selectBudgetTotals, selectCategoryTotal, type AllocationTableLine } from './budgetSelectors';
import { lineTable } from './budgetTable';
import { useGetBudgetQuery } from './budgetsApi';
import { amountLabel, deleteColumnTitle, RowDeleteToggle, TextCell, useDeleteToggle } from './gridCells';
import { RowDetails } from './RowDetails';
import { SpecialEventTag } from './SpecialEventTag';

const classLabels: Record<AllocationClass, string> = { need: 'Need', want: 'Want', savings: 'Savings' };
const classes = Object.keys(classLabels) as AllocationClass[];

// The dialog (antd) loads when a person first asks for an allocation's transactions.
const AllocationTransactionsDialog = lazy(() => import(/* webpackChunkName: "allocation-transactions" */ './AllocationTransactionsDialog'));
// Likewise "Cover" (antd), when a person first covers an overspent allocation.
const CoverOverspendingDialog = lazy(() => import(/* webpackChunkName: "cover-overspending" */ './CoverOverspendingDialog'));

const allocations = lineTable<AllocationLine, AllocationFields>('row', selectAllocationRowView, allocationChanged);

/*
 * Cells of an allocation row. Each reads its row from the row's context, so typing re-renders the row typed in.
 */

function NameCell() {
  const { editing, mobile } = allocations.useScope();
  const { row, refused, added, change } = allocations.useLine();
  if (!row) return null;
  if (!editing) return row.special_event_id !== null ? <>{row.name} <SpecialEventTag eventId={row.special_event_id} /></> : <>{row.name}</>;
  const name = <TextCell label="Allocation name" value={row.name} onText={(text) => change({ name: text })} invalid={refused.includes('name')} autoFocus={added} />;
  if (!mobile) return name;
  // A phone has no room for class, fixed and comment: the row opens to show them under the name.
  return (
    <>
      {name}
      <RowDetails name={row.name.trim() || 'New allocation'} open={refused.some((field) => field !== 'name' && field !== 'amount')}>
        <ClassField />
        <FixedField />
        <CommentField />
      </RowDetails>
    </>
  );
}

function AmountCell() {
  const { editing } = allocations.useScope();
  const { row, refused, change } = allocations.useLine();
  if (!row) return null;
  if (!editing) return <Money cents={row.amount} />;
  return <MoneyInput aria-label={amountLabel(row.name, 'New allocation')} aria-invalid={refused.includes('amount') || undefined} cents={row.amount} onCents={(amount) => change({ amount })} />;
}

function SpentCell({ onShowSpent }: { onShowSpent: (target: SpentTarget) => void }) {
  const { row } = allocations.useLine();
  if (!row) return null;
  return (
    <>
      <Money cents={row.spent} />
      {row.id > 0 && (
        <button type="button" className="ec-icon-button" aria-label={`Transactions for ${row.name}`} title="Transactions" onClick={() => onShowSpent({ id: row.id, name: row.name })}>
          <ListIcon />
        </button>
      )}
    </>
  );
}

function RemainingCell({ onCover }: { onCover?: (target: CoverTarget) => void }) {
  const { row } = allocations.useLine();
  if (!row) return null;
  const left = remaining(countedCents(row.amount), row.spent);
  return (
    <>
      <RemainingAmount cents={left} />
      {onCover && row.id > 0 && left < 0 && (
        <Button size="small" className="ec-cover-button" aria-label={`Cover ${row.name}`} onClick={() => onCover({ id: row.id, name: row.name })}>
          Cover
        </Button>
      )}
    </>
  );
}

function ClassField() {
  const { editing } = allocations.useScope();
  const { row, refused, change } = allocations.useLine();
  if (!row) return null;
  if (!editing) return <>{classLabels[row.allocation_class]}</>;
  return (
    <select
      className="ec-input ec-select"
      aria-label="Class"
      aria-invalid={refused.includes('allocation_class') || undefined}
      value={row.allocation_class}
      onChange={(event) => change({ allocation_class: event.target.value as AllocationClass })}
    >
      {classes.map((value) => (
        <option key={value} value={value}>
          {classLabels[value]}
        </option>
      ))}
    </select>
  );
}

function FixedField() {
  const { editing, mobile } = allocations.useScope();
  const { row, change } = allocations.useLine();
  if (!row) return null;
  if (!editing) return <>{row.is_fixed_amount ? 'Yes' : 'No'}</>;
  const box = <input type="checkbox" aria-label="Fixed Amount?" checked={row.is_fixed_amount} onChange={(event) => change({ is_fixed_amount: event.target.checked })} />;
  // In a phone's open row the box says what it is in words, like the column heading on a desktop.
  return mobile ? (
    <label className="ec-row-details-check">
      {box} Fixed Amount?
    </label>
  ) : (
    box
  );
}

function CommentField() {
  const { editing } = allocations.useScope();
  const { row, refused, change } = allocations.useLine();
  if (!row) return null;
  if (!editing) return <>{row.comment}</>;
  return <TextCell label="Allocation comment" value={row.comment} onText={(comment) => change({ comment })} invalid={refused.includes('comment')} />;
}

function DeleteCell() {
  const { row, key } = allocations.useLine();
  const toggle = useDeleteToggle('allocation', key);
  if (!row) return null;
  return <RowDeleteToggle deleted={row.deleted} name={row.name} onToggle={toggle} />;
}

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

function CategoryFigure({ budgetId, categoryId, figure }: { budgetId: number; categoryId: number; figure: 'amount' | 'spent' | 'remaining' }) {
  const totals = useAppSelector((state) => selectCategoryTotal(state, budgetId, categoryId), shallowEqual);
  return figure === 'remaining' ? <RemainingAmount cents={totals.remaining} /> : <Money cents={totals[figure]} />;
}

function AddAllocationButton({ line }: { line: Extract<AllocationTableLine, { kind: 'add' }> }) {
  const dispatch = useAppDispatch();
  return (
    <Button size="small" onClick={() => dispatch(allocationAdded({ categoryId: line.categoryId, categoryName: line.categoryName }))}>
      Add {line.categoryName} Allocation
    </Button>
  );
}

/** The footer (antd's summary rows): the totals under their columns, then "Unallocated". */
function AllocationTotals({ budgetId, columns }: { budgetId: number; columns: number }) {
  const totals = useAppSelector((state) => selectBudgetTotals(state, budgetId), shallowEqual);
  return (
    <Table.Summary>
      <Table.Summary.Row className="ec-row--total">
        <Table.Summary.Cell index={0}>
          <strong>Total</strong>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={1} className="ec-num">
          <Money cents={totals.allocated} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2} className="ec-num">
          <Money cents={totals.spent} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3} className="ec-num">
          <RemainingAmount cents={totals.remaining} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={4} colSpan={columns - 4} />
      </Table.Summary.Row>
      <Table.Summary.Row className="ec-row--unallocated">
        <Table.Summary.Cell index={0} colSpan={columns} className="ec-num">
          Unallocated: <Money cents={totals.discretionary} highlightPositive />
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Table.Summary>
  );
}

const lineKey = (line: AllocationTableLine) => (line.kind === 'row' ? allocations.rowKey(line.key) : `${line.kind}-${line.categoryId}`);
const lineClass = (line: AllocationTableLine) =>
  line.kind === 'header' ? 'ec-row--group' : line.kind === 'subtotal' ? 'ec-row--subtotal' : line.kind === 'add' ? 'ec-row--action' : '';

/**
 * Category headers and "Add … Allocation" span the row; a subtotal's figures sit under their columns and its
 * last cell spans what is left.
 */
function spanOf(line: AllocationTableLine, column: number, columns: number) {
  if (line.kind === 'header' || line.kind === 'add') return column === 0 ? { colSpan: columns } : { colSpan: 0 };
  if (line.kind === 'subtotal' && column >= 4) return column === 4 ? { colSpan: columns - 4 } : { colSpan: 0 };
  return {};
}

interface ColumnOptions {
  budgetId: number;
  editing: boolean;
  mobile: boolean;
  onShowSpent: (target: SpentTarget) => void;
  onCover?: (target: CoverTarget) => void;
}

/** Desktop: eight columns. 600px or narrower: name, amount, spent, remaining (and delete); the rest opens in the row. */
function allocationColumns({ budgetId, editing, mobile, onShowSpent, onCover }: ColumnOptions): ColumnsType<AllocationTableLine> {
  const figure = (kind: 'amount' | 'spent' | 'remaining', cell: ReactElement) => (_: unknown, line: AllocationTableLine) =>
    line.kind === 'subtotal' ? <CategoryFigure budgetId={budgetId} categoryId={line.categoryId} figure={kind} /> : line.kind === 'row' ? cell : null;
  const rowOnly = (cell: ReactElement) => (_: unknown, line: AllocationTableLine) => (line.kind === 'row' ? cell : null);
  const columns: ColumnsType<AllocationTableLine> = [
    {
      key: 'name',
      title: 'Name',
      rowScope: 'row',
      className: 'ec-row-name',
      render: (_, line) =>
        line.kind === 'row' ? <NameCell /> : line.kind === 'add' ? <AddAllocationButton line={line} /> : line.kind === 'subtotal' ? `${line.categoryName} Subtotal` : line.categoryName,
    },
    { key: 'amount', title: 'Amount', className: 'ec-num', render: figure('amount', <AmountCell />) },
    { key: 'spent', title: 'Spent', className: 'ec-num ec-spent', render: figure('spent', <SpentCell onShowSpent={onShowSpent} />) },
    { key: 'remaining', title: 'Remaining', className: 'ec-num', render: figure('remaining', <RemainingCell onCover={onCover} />) },
  ];
  if (!mobile) {
    columns.push(
      { key: 'class', title: 'Class', render: rowOnly(<ClassField />) },
      { key: 'fixed', title: 'Fixed Amount?', className: 'ec-center', render: rowOnly(<FixedField />) },
      { key: 'comment', title: 'Comment', render: rowOnly(<CommentField />) },
    );
  }
  columns.push({ key: 'delete', title: deleteColumnTitle, className: 'ec-delete-cell', render: rowOnly(editing ? <DeleteCell /> : <></>) });
  return columns.map((column, index) => ({ ...column, onCell: (line: AllocationTableLine) => spanOf(line, index, columns.length) }));
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

/** Allocations grouped by category, with subtotals, totals and "Unallocated" (antd's Table; cheap cells). */
export function AllocationsTable({ budgetId, editing, mobile, open = false }: { budgetId: number; editing: boolean; mobile: boolean; open?: boolean }) {
  const lines = useAppSelector((state) => selectAllocationTableLines(state, budgetId));
  const [spentTarget, setSpentTarget] = useState<SpentTarget | null>(null);
  const [coverTarget, setCoverTarget] = useState<CoverTarget | null>(null);
  const coverable = !editing && open;
  const columns = useMemo(
    () => allocationColumns({ budgetId, editing, mobile, onShowSpent: setSpentTarget, onCover: coverable ? setCoverTarget : undefined }),
    [budgetId, editing, mobile, coverable],
  );
  const scope = useMemo(() => ({ budgetId, editing, mobile }), [budgetId, editing, mobile]);
  return (
    <div className="ec-grid-wrap ec-allocations-wrap">
      <allocations.ScopeProvider value={scope}>
        <Table<AllocationTableLine>
          className={`ec-grid ec-allocations${mobile ? ' ec-allocations--narrow' : ''}`}
          aria-label="Allocations"
          caption="Allocations"
          size="small"
          tableLayout="fixed"
          pagination={false}
          dataSource={lines}
          columns={columns}
          rowKey={lineKey}
          rowClassName={lineClass}
          components={allocations.components}
          summary={() => <AllocationTotals budgetId={budgetId} columns={columns.length} />}
        />
      </allocations.ScopeProvider>
      {spentTarget && (
        <Suspense fallback={null}>
          <AllocationTransactionsDialog target={spentTarget} onClose={() => setSpentTarget(null)} />
        </Suspense>
      )}
      {coverTarget && <CoverDialog budgetId={budgetId} target={coverTarget} onClose={() => setCoverTarget(null)} />}
    </div>
  );
}
