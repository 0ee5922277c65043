import { createContext, memo, useCallback, useContext, useMemo } from 'react';
import { Button } from '../../components/Button';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Money } from '../../components/Money';
import type { BankAccount, IncomeOwner } from '../../shared/schemas/setup';
import { incomeAdded, incomeChanged } from './budgetEditSlice';
import type { IncomeFields, IncomeLine } from './budgetRows';
import { selectBudgetTotals, selectIncomeKeys, selectIncomeRowView } from './budgetSelectors';
import { amountLabel, deleteHeading, EditableAmount, EditableText, rowClass, TheirValue, useDeleteToggle, useRowChange, useRowView } from './gridCells';
import { BudgetTable, type Columns, commentText, createRowContext, cx, type MoreField, type MoreFields, MoreFieldsRow, plainTable, RowEndCell, Summary, type TableRowProps, useMoreFields } from './budgetTable';
import { OWNERS, ownerLabel, type Partners } from '../../shared/incomeOwners';

/** One income as its cells draw it: the row, what a refused save named, and how to change it. */
interface IncomeRowView {
  row: IncomeLine;
  refused: string[];
  /** Fields someone else changed too (after a Reload), with their values. */
  clash: Partial<IncomeLine>;
  added: boolean;
  change: (changes: Partial<IncomeFields>) => void;
  toggleDelete: () => void;
  /** On a phone: whether the row shows the fields its columns leave out. */
  moreFields: MoreFields;
}

/** The table's mode and what every row shares (changes only with the mode or the household's data). */
interface IncomeTableView {
  budgetId: number;
  editing: boolean;
  mobile: boolean;
  accounts: BankAccount[];
  accountNames: Map<number, string>;
  /** A couple's partner names: the row says whose it is (a column, or on a phone a tag by the name). */
  partners: Partners | null;
  columns: number;
}

const [IncomeRowContext, useIncomeRow] = createRowContext<IncomeRowView>('Income');
const IncomeTableContext = createContext<IncomeTableView | null>(null);
const useIncomeTable = () => useContext(IncomeTableContext)!;

/** Whose the income is: a select while editing. */
function WhoseSelect({ partners, row, change, invalid }: { partners: Partners; invalid: boolean } & Pick<IncomeRowView, 'row' | 'change'>) {
  return (
    <select
      className="ec-input ec-select"
      aria-label={`Whose: ${row.name.trim() || 'New income'}`}
      aria-invalid={invalid || undefined}
      value={row.owner}
      onChange={(event) => change({ owner: event.target.value as IncomeOwner })}
    >
      {OWNERS.map((choice) => (
        <option key={choice} value={choice}>
          {ownerLabel(partners, choice)}
        </option>
      ))}
    </select>
  );
}

function CommentInput({ row, change, refused }: Pick<IncomeRowView, 'row' | 'change' | 'refused'>) {
  return <EditableText editing label="Income comment" value={row.comment} onText={(comment) => change({ comment })} invalid={refused.includes('comment')} />;
}

function NameCell() {
  const { row, refused, added, change, clash } = useIncomeRow();
  const { editing, mobile, partners } = useIncomeTable();
  // On a phone, reading: whose it is rides on the name as a tag instead of taking a column.
  if (partners && mobile && !editing) {
    return (
      <>
        {row.name} <span className="ec-tag">{ownerLabel(partners, row.owner)}</span>
      </>
    );
  }
  return (
    <>
      <EditableText editing={editing} label="Income name" value={row.name} onText={(name) => change({ name })} invalid={refused.includes('name')} autoFocus={added} />
      {editing && clash.name !== undefined && <TheirValue value={clash.name} />}
    </>
  );
}

function AmountCell() {
  const { row, refused, change, clash } = useIncomeRow();
  const { editing } = useIncomeTable();
  const changeAmount = useCallback((amount: number) => change({ amount }), [change]);
  return (
    <>
      <EditableAmount editing={editing} label={amountLabel(row.name, 'New income')} cents={row.amount} onCents={changeAmount} invalid={refused.includes('amount')} />
      {editing && clash.amount !== undefined && <TheirValue value={<Money cents={clash.amount} />} />}
    </>
  );
}

function WhoseCell() {
  const view = useIncomeRow();
  const { editing, partners } = useIncomeTable();
  if (!partners) return null;
  return editing ? <WhoseSelect partners={partners} invalid={view.refused.includes('owner')} {...view} /> : <>{ownerLabel(partners, view.row.owner)}</>;
}

function BankAccountCell() {
  const { row, refused, change } = useIncomeRow();
  const { editing, accounts, accountNames } = useIncomeTable();
  if (!editing) return <>{row.bank_account_id ? (accountNames.get(row.bank_account_id) ?? '') : ''}</>;
  return (
    <select
      className="ec-input ec-select"
      aria-label="Bank Account"
      aria-invalid={refused.includes('bank_account_id') || undefined}
      value={row.bank_account_id ?? 0}
      onChange={(event) => change({ bank_account_id: Number(event.target.value) || null })}
    >
      <option value={0}>none</option>
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {account.name}
        </option>
      ))}
    </select>
  );
}

function CommentCell() {
  const view = useIncomeRow();
  return useIncomeTable().editing ? <CommentInput {...view} /> : <>{view.row.comment}</>;
}

/** The delete toggle while editing; on a phone, "More" too (editing or reading). */
function DeleteCell() {
  const { row, toggleDelete, moreFields } = useIncomeRow();
  const { editing, mobile } = useIncomeTable();
  return <RowEndCell name={row.name} unnamed="New income" deleted={row.deleted} onToggleDelete={toggleDelete} editing={editing} mobile={mobile} moreFields={moreFields} />;
}

/** On a phone: the fields its columns there leave out (whose, for a couple, and comment), under the row. */
function IncomeMoreFields() {
  const { row, moreFields } = useIncomeRow();
  const { editing, partners, columns } = useIncomeTable();
  const fields: MoreField[] = [
    ...(partners ? [{ label: 'Whose', value: <WhoseCell /> }] : []),
    { label: 'Comment', value: editing ? <CommentCell /> : commentText(row.comment) },
  ];
  return <MoreFieldsRow columns={columns} name={row.name} unnamed="New income" editing={editing} moreFields={moreFields} fields={fields} />;
}

const render = (Cell: () => React.ReactNode) => () => <Cell />;

/** Desktop: every field a column. Phone: name, amount and bank account (whose and comment under "More fields"). */
function incomeColumns(whoseColumn: boolean, mobile: boolean): Columns<IncomeRecord> {
  return [
    { key: 'name', title: 'Name', rowScope: 'row', className: 'ec-row-name', render: render(NameCell) },
    { key: 'amount', title: 'Amount', className: 'ec-num', render: render(AmountCell) },
    ...(whoseColumn ? [{ key: 'whose', title: 'Whose', render: render(WhoseCell) }] : []),
    { key: 'bank', title: 'Bank Account', render: render(BankAccountCell) },
    ...(mobile ? [] : [{ key: 'comment', title: 'Comment', render: render(CommentCell) }]),
    { key: 'delete', title: deleteHeading, className: 'ec-delete-cell', render: render(DeleteCell) },
  ];
}

interface IncomeRecord {
  key: number;
}

/**
 * antd's body row for one income: subscribes to its own line, so typing elsewhere never re-renders it; on a
 * phone, its other fields on a line under it when opened.
 */
function IncomeTableRow({ record, className, children, ...rest }: TableRowProps<IncomeRecord>) {
  const { budgetId, mobile } = useIncomeTable();
  const rowKey = record?.key ?? 0;
  const { row, refused, added, clash } = useRowView(selectIncomeRowView, budgetId, rowKey);
  const change = useRowChange<IncomeFields>(rowKey, incomeChanged);
  const toggleDelete = useDeleteToggle('income', rowKey);
  const moreFields = useMoreFields();
  const view = useMemo(() => row && { row, refused, added, clash, change, toggleDelete, moreFields }, [row, refused, added, clash, change, toggleDelete, moreFields]);
  // antd's own body rows (the "No incomes yet." line) have no record.
  if (!record) {
    return (
      <tr {...rest} className={className}>
        {children}
      </tr>
    );
  }
  if (!view) return null;
  return (
    <IncomeRowContext.Provider value={view}>
      <tr {...rest} className={cx(className, rowClass(view.row.deleted, refused, clash))}>
        {children}
      </tr>
      {mobile && moreFields.open && <IncomeMoreFields />}
    </IncomeRowContext.Provider>
  );
}

const tableComponents = { body: { row: IncomeTableRow } };
const onRow = (record: IncomeRecord) => ({ record }) as React.HTMLAttributes<HTMLElement>;

function IncomeTotal({ budgetId }: { budgetId: number }) {
  const total = useAppSelector((state) => selectBudgetTotals(state, budgetId).income);
  return <Money cents={total} />;
}

/**
 * `partners`: a couple's names, when the household is a couple (each income then says whose it is).
 * `primaryAccountId`: the primary budget account of the settings, where a new income goes unless changed.
 * Memoised as the allocations' table is (AllocationsTable.tsx).
 */
export const IncomesTable = memo(function IncomesTable({
  budgetId,
  editing,
  accounts,
  partners,
  mobile,
  primaryAccountId = null,
}: {
  budgetId: number;
  editing: boolean;
  accounts: BankAccount[];
  partners: Partners | null;
  mobile: boolean;
  primaryAccountId?: number | null;
}) {
  const keys = useAppSelector((state) => selectIncomeKeys(state, budgetId));
  const records = useMemo(() => keys.map((key) => ({ key })), [keys]);
  const dispatch = useAppDispatch();
  const accountNames = useMemo(() => new Map(accounts.map((account) => [account.id, account.name])), [accounts]);
  const whoseColumn = partners !== null && !mobile;
  const columns = useMemo(() => incomeColumns(whoseColumn, mobile), [whoseColumn, mobile]);
  const view = useMemo<IncomeTableView>(
    () => ({ budgetId, editing, mobile, accounts, accountNames, partners, columns: columns.length }),
    [budgetId, editing, mobile, accounts, accountNames, partners, columns.length],
  );
  return (
    <div className="ec-grid-wrap">
      <IncomeTableContext.Provider value={view}>
        <BudgetTable<IncomeRecord>
          {...plainTable}
          className={`ec-grid ec-incomes${mobile ? ' ec-incomes--narrow' : ''}`}
          aria-label="Incomes"
          caption="Incomes"
          columns={columns}
          dataSource={records}
          rowKey="key"
          onRow={onRow}
          components={tableComponents}
          locale={{ emptyText: 'No incomes yet.' }}
          summary={() => (
            <>
              {editing && (
                <Summary.Row className="ec-row--action">
                  <Summary.Cell index={0} colSpan={columns.length}>
                    <Button size="small" onClick={() => dispatch(incomeAdded({ bankAccountId: primaryAccountId }))}>
                      Add Income
                    </Button>
                  </Summary.Cell>
                </Summary.Row>
              )}
              <Summary.Row className="ec-row--total">
                <Summary.Cell index={0}>Total</Summary.Cell>
                <Summary.Cell index={1} className="ec-num">
                  <IncomeTotal budgetId={budgetId} />
                </Summary.Cell>
                <Summary.Cell index={2} colSpan={columns.length - 2} />
              </Summary.Row>
            </>
          )}
        />
      </IncomeTableContext.Provider>
    </div>
  );
});
