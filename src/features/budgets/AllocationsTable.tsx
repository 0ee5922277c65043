import { createContext, lazy, memo, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { ListIcon } from '../../components/icons';
import { Money } from '../../components/Money';
import { remaining } from '../../shared/budgetMath';
import { countedCents, type Cents } from '../../shared/money';
import type { AllocationClass } from '../../shared/schemas/budgets';
import type { SpentTarget } from './AllocationTransactionsDialog';
import { Button } from '../../components/Button';
import type { CoverTarget } from './CoverOverspendingDialog';
import { useGetBudgetQuery } from './budgetsApi';
import { NOTHING_SCHEDULED } from './scheduledToCome';
import { allocationAdded, allocationChanged } from './budgetEditSlice';
import type { AllocationFields, AllocationLine } from './budgetRows';
import { selectAllocationRowView, selectAllocationTableLines, selectBudgetTotals, selectCategoryTotal, type AllocationTableLine } from './budgetSelectors';
import { amountLabel, deleteHeading, EditableAmount, EditableText, rowClass, TheirValue, useDeleteToggle, useRowChange, useRowView } from './gridCells';
import { BudgetTable, type Columns, commentText, createRowContext, cx, type MoreFields, MoreFieldsRow, plainTable, RowEndCell, Summary, type TableRowProps, useLinesInViewFirst, useMoreFields } from './budgetTable';
import { SpecialEventTag } from './SpecialEventTag';
import { HelpTip } from '../glossary';

const classLabels: Record<AllocationClass, string> = { need: 'Need', want: 'Want', savings: 'Savings' };
const classes = Object.keys(classLabels) as AllocationClass[];

// The dialog (antd) loads when a person first asks for an allocation's transactions.
const AllocationTransactionsDialog = lazy(() => import(/* webpackChunkName: "allocation-transactions" */ './AllocationTransactionsDialog'));
// Likewise "Cover" (antd), when a person first covers an overspent allocation.
const CoverOverspendingDialog = lazy(() => import(/* webpackChunkName: "cover-overspending" */ './CoverOverspendingDialog'));

/** One allocation as its cells draw it: the row, what a refused save named, and how to change it. */
interface AllocationRowView {
  row: AllocationLine;
  refused: string[];
  /** Fields someone else changed too (after a Reload), with their values. */
  clash: Partial<AllocationLine>;
  added: boolean;
  change: (changes: Partial<AllocationFields>) => void;
  toggleDelete: () => void;
  /** On a phone: whether the row shows the fields its columns leave out. */
  moreFields: MoreFields;
}

/** The table's mode and callbacks, the same for every row (changes only with the mode). */
interface AllocationTableView {
  budgetId: number;
  editing: boolean;
  mobile: boolean;
  columns: number;
  /** The columns, for an allocation's row to draw its cells. */
  cells: AllocationColumn[];
  onShowSpent: (target: SpentTarget) => void;
  /** Set when an overspent saved allocation may be covered (view mode of an open budget). */
  onCover?: (target: CoverTarget) => void;
  /** Per saved allocation, what its schedules still take in the budget's period (view mode of an open budget). */
  scheduled: ReadonlyMap<number, Cents>;
}

const [AllocationRowContext, useAllocationRow] = createRowContext<AllocationRowView>('Allocation');
const AllocationTableContext = createContext<AllocationTableView | null>(null);
const useAllocationTable = () => useContext(AllocationTableContext)!;

function ClassSelect({ row, change }: Pick<AllocationRowView, 'row' | 'change'>) {
  return (
    <select className="ec-input ec-select" aria-label="Class" value={row.allocation_class} onChange={(event) => change({ allocation_class: event.target.value as AllocationClass })}>
      {classes.map((value) => (
        <option key={value} value={value}>
          {classLabels[value]}
        </option>
      ))}
    </select>
  );
}

function FixedCheckbox({ row, change }: Pick<AllocationRowView, 'row' | 'change'>) {
  return <input type="checkbox" aria-label="Fixed Amount?" checked={row.is_fixed_amount} onChange={(event) => change({ is_fixed_amount: event.target.checked })} />;
}

/**
 * The cells' contents, one per column; each reads its row from the row's context. An allocation's row draws its
 * cells itself rather than through antd's cell component: with 300 rows, antd's cells tripled the components
 * that entering edit mode re-renders (docs/grids.md).
 */
function NameCell() {
  const { row, refused, added, change, clash } = useAllocationRow();
  const { editing } = useAllocationTable();
  if (!editing && row.special_event_id !== null) {
    return (
      <>
        {row.name} <SpecialEventTag eventId={row.special_event_id} />
      </>
    );
  }
  return (
    <>
      <EditableText editing={editing} label="Allocation name" value={row.name} onText={(name) => change({ name })} invalid={refused.includes('name')} autoFocus={added} />
      {editing && clash.name !== undefined && <TheirValue value={clash.name} />}
    </>
  );
}

function AmountCell() {
  const { row, refused, change, clash } = useAllocationRow();
  const { editing } = useAllocationTable();
  const changeAmount = useCallback((amount: number) => change({ amount }), [change]);
  return (
    <>
      <EditableAmount editing={editing} label={amountLabel(row.name, 'New allocation')} cents={row.amount} onCents={changeAmount} invalid={refused.includes('amount')} />
      {editing && clash.amount !== undefined && <TheirValue value={<Money cents={clash.amount} />} />}
    </>
  );
}

function SpentCell() {
  const { row } = useAllocationRow();
  const { onShowSpent } = useAllocationTable();
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

function RemainingCell() {
  const { row } = useAllocationRow();
  const { onCover, scheduled } = useAllocationTable();
  const toCome = scheduled.get(row.id);
  return (
    <>
      <RemainingAmount cents={remaining(countedCents(row.amount), row.spent)} />
      {toCome !== undefined && (
        <span className="ec-scheduled-note" title="Bills scheduled in this budget's period and not yet paid">
          <Money cents={toCome} /> scheduled
        </span>
      )}
      {onCover && row.id > 0 && remaining(row.amount, row.spent) < 0 && (
        <Button size="small" className="ec-cover-button" aria-label={`Cover ${row.name}`} onClick={() => onCover({ id: row.id, name: row.name })}>
          Cover
        </Button>
      )}
    </>
  );
}

function ClassCell() {
  const view = useAllocationRow();
  if (!useAllocationTable().editing) return <>{classLabels[view.row.allocation_class]}</>;
  return (
    <>
      <ClassSelect {...view} />
      {view.clash.allocation_class !== undefined && <TheirValue value={classLabels[view.clash.allocation_class]} />}
    </>
  );
}

function FixedCell() {
  const view = useAllocationRow();
  return useAllocationTable().editing ? <FixedCheckbox {...view} /> : <>{view.row.is_fixed_amount ? 'Yes' : 'No'}</>;
}

function CommentCell() {
  const { row, refused, change, clash } = useAllocationRow();
  const { editing } = useAllocationTable();
  return (
    <>
      <EditableText editing={editing} label="Allocation comment" value={row.comment} onText={(comment) => change({ comment })} invalid={refused.includes('comment')} />
      {editing && clash.comment !== undefined && <TheirValue value={clash.comment || 'No comment'} />}
    </>
  );
}

/** The delete toggle while editing; on a phone, "More" too (editing or reading). */
function DeleteCell() {
  const { row, toggleDelete, moreFields } = useAllocationRow();
  const { editing, mobile } = useAllocationTable();
  return <RowEndCell name={row.name} unnamed="New allocation" deleted={row.deleted} onToggleDelete={toggleDelete} editing={editing} mobile={mobile} moreFields={moreFields} />;
}

/** On a phone: the fields its five columns leave out (class, fixed amount, comment), under the row. */
function AllocationMoreFields() {
  const { row, moreFields } = useAllocationRow();
  const { editing, columns } = useAllocationTable();
  const fields = [
    { label: 'Class', value: <ClassCell /> },
    { label: 'Fixed Amount?', value: <FixedCell /> },
    { label: 'Comment', value: editing ? <CommentCell /> : commentText(row.comment) },
  ];
  return <MoreFieldsRow columns={columns} name={row.name} unnamed="New allocation" editing={editing} moreFields={moreFields} fields={fields} />;
}

/** A column: its heading (antd draws it) and the component drawing its cells in an allocation's row. */
interface AllocationColumn {
  key: string;
  title: React.ReactNode;
  className?: string;
  Cell: () => React.ReactNode;
  /** The name: the row's header cell. */
  rowHeader?: boolean;
}

function allocationColumns(mobile: boolean): AllocationColumn[] {
  return [
    { key: 'name', title: 'Name', className: 'ec-row-name', Cell: NameCell, rowHeader: true },
    { key: 'amount', title: 'Amount', className: 'ec-num', Cell: AmountCell },
    { key: 'spent', title: 'Spent', className: 'ec-num ec-spent', Cell: SpentCell },
    { key: 'remaining', title: 'Remaining', className: 'ec-num', Cell: RemainingCell },
    ...(mobile
      ? []
      : [
          { key: 'class', title: 'Class', Cell: ClassCell },
          {
            key: 'fixed',
            title: (
              <>
                Fixed Amount?
                <HelpTip term="fixed-amount" />
              </>
            ),
            className: 'ec-center',
            Cell: FixedCell,
          },
          { key: 'comment', title: 'Comment', Cell: CommentCell },
        ]),
    { key: 'delete', title: deleteHeading, className: 'ec-delete-cell', Cell: DeleteCell },
  ];
}

/** antd's columns: the headings. An allocation's row draws its own cells (AllocationRow). */
const antdColumns = (columns: AllocationColumn[]): Columns<AllocationTableLine> =>
  columns.map(({ key, title, className, rowHeader }) => ({ key, title, className, rowScope: rowHeader ? 'row' : undefined }));

/**
 * One allocation's row: subscribes to its own line, so a keystroke re-renders only the row being typed in; on a
 * phone, its other fields on a line under it when opened.
 */
function AllocationRow({ rowKey, className, ...rest }: Omit<TableRowProps<AllocationTableLine>, 'record' | 'children'> & { rowKey: number }) {
  const { budgetId, cells, mobile } = useAllocationTable();
  const { row, refused, added, clash } = useRowView(selectAllocationRowView, budgetId, rowKey);
  const change = useRowChange<AllocationFields>(rowKey, allocationChanged);
  const toggleDelete = useDeleteToggle('allocation', rowKey);
  const moreFields = useMoreFields();
  const view = useMemo(() => row && { row, refused, added, clash, change, toggleDelete, moreFields }, [row, refused, added, clash, change, toggleDelete, moreFields]);
  if (!view) return null;
  return (
    <AllocationRowContext.Provider value={view}>
      <tr {...rest} className={cx(className, rowClass(view.row.deleted, refused, clash))}>
        {cells.map(({ key, className: cellClass, Cell, rowHeader }) =>
          rowHeader ? (
            <th key={key} scope="row" className={cx('ant-table-cell', cellClass)}>
              <Cell />
            </th>
          ) : (
            <td key={key} className={cx('ant-table-cell', cellClass)}>
              <Cell />
            </td>
          ),
        )}
      </tr>
      {mobile && moreFields.open && <AllocationMoreFields />}
    </AllocationRowContext.Provider>
  );
}

/**
 * antd's body row for every line of the table: an allocation (its cells are antd's), or a category's heading,
 * "Add … Allocation" or subtotal, which span the table (their cells are drawn here).
 */
function AllocationTableRow({ record: line, className, children, ...rest }: TableRowProps<AllocationTableLine>) {
  const { budgetId, columns } = useAllocationTable();
  const dispatch = useAppDispatch();
  if (!line) {
    return (
      <tr {...rest} className={className}>
        {children}
      </tr>
    );
  }
  switch (line.kind) {
    case 'row':
      return (
<AllocationRow {...rest} className={className} rowKey={line.key} />
      );
    case 'header':
      return (
        <tr {...rest} className={cx(className, 'ec-row--group')}>
          <th colSpan={columns} scope="rowgroup" className="ant-table-cell">
            {line.categoryName}
          </th>
        </tr>
      );
    case 'add':
      return (
        <tr {...rest} className={cx(className, 'ec-row--action')}>
          <td colSpan={columns} className="ant-table-cell">
            <Button size="small" onClick={() => dispatch(allocationAdded({ categoryId: line.categoryId, categoryName: line.categoryName }))}>
              {`Add ${line.categoryName} Allocation`}
            </Button>
          </td>
        </tr>
      );
    case 'subtotal':
      return <CategorySubtotal {...rest} className={className} budgetId={budgetId} categoryId={line.categoryId} categoryName={line.categoryName} columns={columns} />;
  }
}

const tableComponents = { body: { row: AllocationTableRow } };
const onRow = (line: AllocationTableLine) => ({ record: line }) as React.HTMLAttributes<HTMLElement>;

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

interface SumFigures {
  amount: Cents;
  spent: Cents;
  remaining: Cents;
}

/** A category's subtotal: a body line, laid out as the allocations above it. */
const CategorySubtotal = memo(function CategorySubtotal({
  budgetId,
  categoryId,
  categoryName,
  columns,
  className,
  ...rest
}: React.HTMLAttributes<HTMLTableRowElement> & { budgetId: number; categoryId: number; categoryName: string; columns: number }) {
  const totals = useAppSelector((state) => selectCategoryTotal(state, budgetId, categoryId), shallowEqual);
  return (
    <tr {...rest} className={cx(className, 'ec-row--subtotal')}>
      <th scope="row" className="ant-table-cell">{`${categoryName} Subtotal`}</th>
      <td className="ant-table-cell ec-num">
        <Money cents={totals.amount} />
      </td>
      <td className="ant-table-cell ec-num">
        <Money cents={totals.spent} />
      </td>
      <td className="ant-table-cell ec-num">
        <RemainingAmount cents={totals.remaining} />
      </td>
      <td className="ant-table-cell" colSpan={columns - 4} />
    </tr>
  );
});

/** The footer: the budget's totals and "Unallocated", as antd's summary rows. */
function AllocationTotals({ budgetId, columns }: { budgetId: number; columns: number }) {
  const totals: SumFigures & { discretionary: Cents } = useAppSelector((state) => {
    const all = selectBudgetTotals(state, budgetId);
    return { amount: all.allocated, spent: all.spent, remaining: all.remaining, discretionary: all.discretionary };
  }, shallowEqual);
  return (
    <>
      <Summary.Row className="ec-row--total">
        <Summary.Cell index={0}>Total</Summary.Cell>
        <Summary.Cell index={1} className="ec-num">
          <Money cents={totals.amount} />
        </Summary.Cell>
        <Summary.Cell index={2} className="ec-num">
          <Money cents={totals.spent} />
        </Summary.Cell>
        <Summary.Cell index={3} className="ec-num">
          <RemainingAmount cents={totals.remaining} />
        </Summary.Cell>
        <Summary.Cell index={4} colSpan={columns - 4} />
      </Summary.Row>
      <Summary.Row className="ec-row--unallocated">
        <Summary.Cell index={0} colSpan={columns}>
          Unallocated: <Money cents={totals.discretionary} highlightPositive />
        </Summary.Cell>
      </Summary.Row>
    </>
  );
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
const sameLine = (a: AllocationTableLine, b: AllocationTableLine) => lineKey(a) === lineKey(b) && (a.kind === 'row' || (b.kind !== 'row' && a.categoryName === b.categoryName));

/**
 * The lines, each the same object as last time when it did not change: antd re-renders a row whose record is a
 * new object, so entering edit mode (which adds the "Add … Allocation" lines) re-renders only what changed.
 */
function useStableLines(lines: AllocationTableLine[]) {
  const [kept, setKept] = useState({ lines, stable: lines });
  if (kept.lines === lines) return kept.stable;
  const previous = new Map(kept.stable.map((line) => [lineKey(line), line]));
  const stable = lines.map((line) => {
    const old = previous.get(lineKey(line));
    return old && sameLine(old, line) ? old : line;
  });
  setKept({ lines, stable });
  return stable;
}

/**
 * Allocations grouped by category, with subtotals, totals and "Unallocated"; a phone shows five columns. Memoised:
 * the page re-renders for each request it watches (settings, upcoming bills, a save pending and answered), and antd's
 * table with every row is redrawn only when its own props change (issue 48: each redraw is tens of ms on a phone).
 */
export const AllocationsTable = memo(function AllocationsTable({
  budgetId,
  editing,
  mobile,
  open = false,
  scheduled = NOTHING_SCHEDULED,
}: {
  budgetId: number;
  editing: boolean;
  mobile: boolean;
  open?: boolean;
  /** What each saved allocation's schedules still take this period (scheduledToCome.ts); shown while viewing. */
  scheduled?: ReadonlyMap<number, Cents>;
}) {
  const lines = useLinesInViewFirst(useStableLines(useAppSelector((state) => selectAllocationTableLines(state, budgetId))), editing);
  const [spentTarget, setSpentTarget] = useState<SpentTarget | null>(null);
  const [coverTarget, setCoverTarget] = useState<CoverTarget | null>(null);
  const coverable = !editing && open;
  const toCome = editing ? NOTHING_SCHEDULED : scheduled;
  const cells = useMemo(() => allocationColumns(mobile), [mobile]);
  const columns = useMemo(() => antdColumns(cells), [cells]);
  const view = useMemo<AllocationTableView>(
    () => ({ budgetId, editing, mobile, columns: columns.length, cells, onShowSpent: setSpentTarget, onCover: coverable ? setCoverTarget : undefined, scheduled: toCome }),
    [budgetId, editing, mobile, columns.length, cells, coverable, toCome],
  );
  return (
    <div className="ec-grid-wrap ec-allocations-wrap">
      <AllocationTableContext.Provider value={view}>
        {/* Each row is laid out on its own (budgets.css): typing re-lays out one row, and rows off screen are skipped. */}
        <BudgetTable<AllocationTableLine>
          {...plainTable}
          className={`ec-grid ec-allocations${mobile ? ' ec-allocations--narrow' : ''}`}
          aria-label="Allocations"
          caption="Allocations"
          columns={columns}
          dataSource={lines}
          rowKey={lineKey}
          onRow={onRow}
          components={tableComponents}
          locale={{ emptyText: 'No allocations yet.' }}
          summary={() => <AllocationTotals budgetId={budgetId} columns={columns.length} />}
        />
      </AllocationTableContext.Provider>
      {spentTarget && (
        <Suspense fallback={null}>
          <AllocationTransactionsDialog target={spentTarget} onClose={() => setSpentTarget(null)} />
        </Suspense>
      )}
      {coverTarget && <CoverDialog budgetId={budgetId} target={coverTarget} onClose={() => setCoverTarget(null)} />}
    </div>
  );
});
