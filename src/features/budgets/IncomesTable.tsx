import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { createContext, useContext, useMemo, type ReactElement } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import type { BankAccount, IncomeOwner } from '../../shared/schemas/setup';
import { OWNERS, ownerLabel, type Partners } from '../../shared/incomeOwners';
import { incomeAdded, incomeChanged } from './budgetEditSlice';
import type { IncomeFields, IncomeLine } from './budgetRows';
import { selectBudgetTotals, selectIncomeKeys, selectIncomeRowView } from './budgetSelectors';
import { lineTable } from './budgetTable';
import { amountLabel, deleteColumnTitle, RowDeleteToggle, TextCell, useDeleteToggle } from './gridCells';
import { RowDetails } from './RowDetails';

const incomes = lineTable<IncomeLine, IncomeFields>('income', selectIncomeRowView, incomeChanged);

/** The household's accounts and, for a couple, the partners' names: what the income cells choose from. */
interface Choices {
  accounts: BankAccount[];
  accountNames: Map<number, string>;
  partners: Partners | null;
}
const ChoicesContext = createContext<Choices>({ accounts: [], accountNames: new Map(), partners: null });

function NameCell() {
  const { editing, mobile } = incomes.useScope();
  const { partners } = useContext(ChoicesContext);
  const { row, refused, added, change } = incomes.useLine();
  if (!row) return null;
  if (!editing) {
    // On a phone, reading: whose it is rides on the name as a tag instead of taking a column.
    return partners && mobile ? (
      <>
        {row.name} <span className="ec-tag">{ownerLabel(partners, row.owner)}</span>
      </>
    ) : (
      <>{row.name}</>
    );
  }
  const name = <TextCell label="Income name" value={row.name} onText={(text) => change({ name: text })} invalid={refused.includes('name')} autoFocus={added} />;
  if (!mobile) return name;
  return (
    <>
      {name}
      <RowDetails name={row.name.trim() || 'New income'} open={refused.some((field) => field !== 'name' && field !== 'amount')}>
        {partners && <WhoseField />}
        <AccountField />
        <CommentField />
      </RowDetails>
    </>
  );
}

function AmountCell() {
  const { editing } = incomes.useScope();
  const { row, refused, change } = incomes.useLine();
  if (!row) return null;
  if (!editing) return <Money cents={row.amount} />;
  return <MoneyInput aria-label={amountLabel(row.name, 'New income')} aria-invalid={refused.includes('amount') || undefined} cents={row.amount} onCents={(amount) => change({ amount })} />;
}

/** Whose the income is: a select while editing, the partner's name otherwise. */
function WhoseField() {
  const { editing } = incomes.useScope();
  const { partners } = useContext(ChoicesContext);
  const { row, refused, change } = incomes.useLine();
  if (!row || !partners) return null;
  if (!editing) return <>{ownerLabel(partners, row.owner)}</>;
  return (
    <select
      className="ec-input ec-select"
      aria-label={`Whose: ${row.name.trim() || 'New income'}`}
      aria-invalid={refused.includes('owner') || undefined}
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

function AccountField() {
  const { editing } = incomes.useScope();
  const { accounts, accountNames } = useContext(ChoicesContext);
  const { row, refused, change } = incomes.useLine();
  if (!row) return null;
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

function CommentField() {
  const { editing } = incomes.useScope();
  const { row, refused, change } = incomes.useLine();
  if (!row) return null;
  if (!editing) return <>{row.comment}</>;
  return <TextCell label="Income comment" value={row.comment} onText={(comment) => change({ comment })} invalid={refused.includes('comment')} />;
}

function DeleteCell() {
  const { row, key } = incomes.useLine();
  const toggle = useDeleteToggle('income', key);
  if (!row) return null;
  return <RowDeleteToggle deleted={row.deleted} name={row.name} onToggle={toggle} />;
}

function IncomeTotal({ budgetId, columns }: { budgetId: number; columns: number }) {
  const total = useAppSelector((state) => selectBudgetTotals(state, budgetId).income);
  return (
    <Table.Summary>
      <Table.Summary.Row className="ec-row--total">
        <Table.Summary.Cell index={0}>
          <strong>Total</strong>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={1} className="ec-num">
          <Money cents={total} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2} colSpan={columns - 2} />
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** "Add Income" under the rows while editing: the table's last line. */
const ADD_LINE = 0;

/**
 * Desktop: name, amount, whose (a couple), bank account, comment. 600px or narrower: name and amount; while
 * editing, whose, bank account and comment open in the row; reading, whose is a tag by the name.
 */
function incomeColumns(editing: boolean, mobile: boolean, couple: boolean): ColumnsType<number> {
  const line = (cell: ReactElement) => (key: number) => (key === ADD_LINE ? null : cell);
  const columns: ColumnsType<number> = [
    { key: 'name', title: 'Name', rowScope: 'row', className: 'ec-row-name', render: (_, key) => (key === ADD_LINE ? <AddIncomeButton /> : <NameCell />) },
    { key: 'amount', title: 'Amount', className: 'ec-num', render: (_, key) => line(<AmountCell />)(key) },
  ];
  if (!mobile) {
    if (couple) columns.push({ key: 'whose', title: 'Whose', render: (_, key) => line(<WhoseField />)(key) });
    columns.push(
      { key: 'account', title: 'Bank Account', render: (_, key) => line(<AccountField />)(key) },
      { key: 'comment', title: 'Comment', render: (_, key) => line(<CommentField />)(key) },
    );
  }
  columns.push({ key: 'delete', title: deleteColumnTitle, className: 'ec-delete-cell', render: (_, key) => (editing ? line(<DeleteCell />)(key) : null) });
  return columns.map((column, index) => ({ ...column, onCell: (key: number) => (key === ADD_LINE ? { colSpan: index === 0 ? columns.length : 0 } : {}) }));
}

function AddIncomeButton() {
  const dispatch = useAppDispatch();
  return (
    <Button size="small" onClick={() => dispatch(incomeAdded())}>
      Add Income
    </Button>
  );
}

const NO_KEYS: number[] = [];

/** `partners`: a couple's names, when the household is a couple (each income then says whose it is). */
export function IncomesTable({
  budgetId,
  editing,
  accounts,
  partners,
  mobile,
}: {
  budgetId: number;
  editing: boolean;
  accounts: BankAccount[];
  partners: Partners | null;
  mobile: boolean;
}) {
  const keys = useAppSelector((state) => selectIncomeKeys(state, budgetId));
  const lines = useMemo(() => (editing ? [...keys, ADD_LINE] : keys.length ? keys : NO_KEYS), [keys, editing]);
  const choices = useMemo(() => ({ accounts, accountNames: new Map(accounts.map((account) => [account.id, account.name])), partners }), [accounts, partners]);
  const columns = useMemo(() => incomeColumns(editing, mobile, partners !== null), [editing, mobile, partners]);
  const scope = useMemo(() => ({ budgetId, editing, mobile }), [budgetId, editing, mobile]);
  return (
    <div className="ec-grid-wrap">
      <incomes.ScopeProvider value={scope}>
        <ChoicesContext.Provider value={choices}>
          <Table<number>
            className="ec-grid ec-incomes"
            aria-label="Incomes"
            caption="Incomes"
            size="small"
            tableLayout="fixed"
            pagination={false}
            dataSource={lines as number[]}
            columns={columns}
            rowKey={(key) => (key === ADD_LINE ? 'add' : incomes.rowKey(key))}
            rowClassName={(key) => (key === ADD_LINE ? 'ec-row--action' : '')}
            components={incomes.components}
            summary={() => <IncomeTotal budgetId={budgetId} columns={columns.length} />}
          />
        </ChoicesContext.Provider>
      </incomes.ScopeProvider>
    </div>
  );
}
