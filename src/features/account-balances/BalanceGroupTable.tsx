import { Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { Money } from '../../components/Money';
import type { DateOnly } from '../../shared/dates';
import { sumCents, type Cents } from '../../shared/money';
import type { AccountBalance } from '../../shared/schemas/accountBalances';
import { accountTypeLabels } from '../setup';
import { balanceAtText, closingDateText } from './balanceHeadings';

interface BalanceGroupTableProps {
  title: string;
  accounts: AccountBalance[];
  /** The closing date of the heading; `undefined` when the accounts' dates differ (each cell then shows its own). */
  closingDate: DateOnly | null | undefined;
  /** The current budget's end; null while no budget is open, and the column is left out. */
  nextClosingDate: DateOnly | null;
  /** The budget whose window each name opens: the one holding today (where an adjustment lands). */
  windowBudgetId: number | null;
  /** Phones show the name, the balance expected at the end of the budget and the current balance. */
  narrow: boolean;
}

interface Column {
  key: string;
  title: ReactNode;
  render: (account: AccountBalance) => ReactNode;
  /** Every table lays out its columns alike, so the five line up under each other. */
  width?: string;
  /** Money columns: the amount each row adds to the Total row. */
  amount?: (account: AccountBalance) => Cents;
}

/** "Balance At: Feb 28, 2026", wrapping (if it must) before the date, never inside it. */
const balanceAt = (date: DateOnly | null | undefined) => (
  <>
    Balance At: <span className="ec-nowrap">{balanceAtText(date)}</span>
  </>
);

const moneyColumn = (key: string, title: ReactNode, amount: (account: AccountBalance) => Cents, note?: (account: AccountBalance) => ReactNode): Column => ({
  key,
  title,
  amount,
  width: '16%',
  render: (account) => (
    <>
      <Money cents={amount(account)} />
      {note?.(account)}
    </>
  ),
});

function columnsFor({ closingDate, nextClosingDate, windowBudgetId, narrow }: BalanceGroupTableProps): Column[] {
  const name: Column = {
    key: 'name',
    title: 'Name',
    render: (account) => (
      <>
        <Link to={paths.transactionsFor({ bankAccountId: account.id, budgetId: windowBudgetId ?? undefined })}>{account.name}</Link>
        {account.status === 'closed' && <Tag className="ec-balances-closed">Closed</Tag>}
      </>
    ),
  };
  const expected = nextClosingDate && moneyColumn('expected', balanceAt(nextClosingDate), (account) => account.expected_closing_balance ?? 0);
  const current = moneyColumn('current', 'Current Balance', (account) => account.current_balance);
  if (narrow) return [name, ...(expected ? [expected] : []), current].map((column) => (column.amount ? { ...column, width: '33%' } : column));
  return [
    name,
    { key: 'institution', title: 'Institution', width: '15%', render: (account) => account.institution?.name ?? '' },
    { key: 'type', title: 'Account Type', width: '12%', render: (account) => accountTypeLabels[account.account_type] },
    moneyColumn('closing', balanceAt(closingDate), (account) => account.closing_balance, (account) =>
      closingDate === undefined ? <div className="ec-balances-date">{closingDateText(account.closing_date)}</div> : null,
    ),
    ...(expected ? [expected] : []),
    current,
  ];
}

/** One group of accounts with its Total row; every name leads to that account's transactions in the window holding today. */
export function BalanceGroupTable(props: BalanceGroupTableProps) {
  const { title, accounts } = props;
  const columns = columnsFor(props);
  return (
    <section className="ec-balances-group" aria-label={title}>
      <h3>{title}</h3>
      <Table<AccountBalance>
        rowKey="id"
        size="small"
        pagination={false}
        tableLayout="fixed"
        dataSource={accounts}
        rowClassName={(account) => (account.status === 'closed' ? 'ec-row--closed' : '')}
        locale={{ emptyText: `No ${title.toLowerCase()}.` }}
        columns={columns.map((column) => ({
          key: column.key,
          title: column.title,
          width: column.width,
          align: column.amount ? 'right' : 'left',
          render: (_value: unknown, account: AccountBalance) => column.render(account),
        }))}
        summary={() => (
          <Table.Summary.Row className="ec-balances-total">
            {columns.map((column, index) => (
              <Table.Summary.Cell key={column.key} index={index} align={column.amount ? 'right' : 'left'}>
                {index === 0 ? 'Total' : column.amount && <Money cents={sumCents(accounts.map(column.amount))} />}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}
