import { Alert, Button, Input, Select, Table, type TableProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../platform/apiErrors';
import { paths } from '../../platform/paths';
import { LoadError } from '../../components/LoadError';
import { Money } from '../../components/Money';
import { usePageHeading } from '../../components/usePageHeading';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { shownBankRef } from '../../shared/bankRefs';
import { formatShortDate } from '../../shared/dates';
import type { SearchResult, SearchSort } from '../../shared/schemas/transactionTools';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { allocationOptions } from './AllocationPicker';
import { useGetBudgetAllocationsQuery, useSearchTransactionsQuery } from './transactionsApi';
import './transactions.css';
import { GuideNextStep } from '../guide';

/** The URL's query is the search: what is on screen can be bookmarked, and Back returns to the previous search. */
const FILTERS = ['q', 'bank_account_id', 'budget_id', 'allocation_id', 'status', 'sort', 'order'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * Paging is by cursor (keyset: the server reads the rows after the previous page's last one from its index, at
 * the same cost on page 200 as on page 2): `after` in the URL lists the cursor of each page before this one, so
 * Previous drops the last and Next adds the answer's `next_cursor`; `page` labels the page. A `page` without
 * cursors (an older bookmark) is still read by offset.
 */
const cursorsOf = (value: string | null) => (value ?? '').split(',').filter((id) => /^\d+$/.test(id));

const SORTABLE: Record<string, SearchSort> = { transaction_date: 'date', net_amount: 'amount', description: 'description' };
const idOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** A split row's parts under its description, at every width: each part's allocation (or envelope), memo and amount. */
function FoundParts({ description, parts }: { description: string; parts: NonNullable<SearchResult['splits']> }) {
  return (
    <ul className="ec-find-parts" aria-label={`Parts of ${description || '(no description)'}`}>
      {parts.map((part, index) => (
        <li key={part.id}>
          <span className="ec-find-part-name">
            Split ({index + 1}/{parts.length}) {part.allocation_name}
            {part.memo && ` · ${part.memo}`}
          </span>
          <Money cents={part.amount} />
        </li>
      ))}
    </ul>
  );
}

/** Find Transactions: the household's transactions by description, amount or reference, across every account and budget. */
const PHONE_COLUMNS = ['transaction_date', 'description', 'net_amount'];

export default function FindTransactionsPage() {
  usePageHeading('Find Transactions');
  const narrow = useNarrowScreen();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useMemo(() => {
    const kept = new URLSearchParams();
    for (const name of FILTERS) {
      const value = searchParams.get(name);
      if (value) kept.set(name, value);
    }
    return kept;
  }, [searchParams]);
  const cursors = cursorsOf(searchParams.get('after'));
  const page = Math.max(1, idOf(searchParams.get('page')) ?? 1);
  // What the server is asked: the filters, the page's label and its cursor (the previous page's last row).
  const asked = new URLSearchParams(search);
  if (page > 1) asked.set('page', String(page));
  if (page > 1 && cursors.length > 0) asked.set('cursor', cursors[cursors.length - 1]);
  const budgetId = idOf(search.get('budget_id'));
  const searched = search.get('q') ?? '';
  const [text, setText] = useState(searched);
  // Back and forward bring another search: the box shows it.
  useEffect(() => setText(searched), [searched]);
  // Names only, for the filter: balances would sum every account's whole history next to the search.
  const accountsQuery = useGetBankAccountsQuery();
  const budgetsQuery = useGetBudgetsQuery();
  const allocationsQuery = useGetBudgetAllocationsQuery(budgetId ?? 0, { skip: !budgetId });
  const resultsQuery = useSearchTransactionsQuery(asked.toString());
  const data = resultsQuery.data;

  /** Any change of what is searched goes back to page 1. */
  const change = (changes: Partial<Record<Filter, string | number | undefined>>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    setSearchParams(next);
  };

  const sort = search.get('sort') as SearchSort | null;
  const order = search.get('order');
  const sortOrderOf = (column: SearchSort): 'ascend' | 'descend' | null => {
    const active = sort ?? 'date';
    if (active !== column) return null;
    const direction = order ?? (active === 'description' ? 'asc' : 'desc');
    return direction === 'asc' ? 'ascend' : 'descend';
  };

  const allColumns: TableProps<SearchResult>['columns'] = [
    { title: 'Date', dataIndex: 'transaction_date', key: 'transaction_date', sorter: true, sortOrder: sortOrderOf('date'), render: (date: string) => formatShortDate(date), width: narrow ? undefined : 110 },
    {
      title: 'Description',
      dataIndex: 'description',
      key: 'description',
      sorter: true,
      sortOrder: sortOrderOf('description'),
      render: (description: string, row) => (
        <>
          {row.budget_id ? (
            <Link to={paths.transactionsFor({ bankAccountId: row.bank_account_id, budgetId: row.budget_id })} title="Open its transactions">
              {description || '(no description)'}
            </Link>
          ) : (
            description
          )}
          {/* A phone has no room for the account and allocation columns: they are said under the description. */}
          {narrow && <div className="ec-find-where">{[row.bank_account_name, row.allocation_name].filter(Boolean).join(' · ')}</div>}
          {row.splits && <FoundParts description={description} parts={row.splits} />}
        </>
      ),
    },
    { title: 'Amount', dataIndex: 'net_amount', key: 'net_amount', sorter: true, sortOrder: sortOrderOf('amount'), align: 'right', render: (cents: number) => <Money cents={cents} /> },
    { title: 'Bank Account', dataIndex: 'bank_account_name', key: 'bank_account_name' },
    { title: 'Allocation', dataIndex: 'allocation_name', key: 'allocation_name' },
    { title: 'Budget', dataIndex: 'budget_name', key: 'budget_name', render: (name: string | null) => name ?? 'No budget' },
    { title: 'Reference', dataIndex: 'bank_ref', key: 'bank_ref', render: (ref: string) => shownBankRef(ref) },
    { title: 'Paid?', dataIndex: 'status', key: 'status', render: (status: string) => (status === 'paid' ? 'Yes' : 'No') },
  ];
  // A phone shows what fits beside each other (date, description, amount) and scrolls nothing sideways.
  const columns = narrow ? allColumns.filter((column) => PHONE_COLUMNS.includes(String(column.key))) : allColumns;

  const onTableChange: TableProps<SearchResult>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = one?.order ? SORTABLE[String(one.columnKey)] : undefined;
      change(column ? { sort: column, order: one.order === 'ascend' ? 'asc' : 'desc' } : { sort: undefined, order: undefined });
      return;
    }
    turnTo(pagination.current ?? 1);
  };

  /** One page on (after this page's last row) or back (the cursor trail less its last). */
  const turnTo = (wanted: number) => {
    const trail = [...cursors];
    if (wanted === page + 1 && data?.next_cursor) trail.push(String(data.next_cursor));
    else if (wanted === page - 1) trail.pop();
    else return;
    const next = new URLSearchParams(search);
    if (wanted > 1) next.set('page', String(wanted));
    if (wanted > 1 && trail.length > 0) next.set('after', trail.join(','));
    setSearchParams(next);
  };

  const loadFailure = [accountsQuery, budgetsQuery].find((query) => query.isError);
  if (loadFailure) return <LoadError message={apiErrorText(loadFailure.error)} onRetry={loadFailure.refetch} />;

  return (
    <section className="ec-find-page">
      {/* On a phone the shell shows the page's heading on its own row. */}
      {!narrow && <h2>Find Transactions</h2>}
      <div className="ec-find-filters" role="search">
        <label className="ec-find-text">
          Description, amount or reference
          <Input.Search
            aria-label="Description, amount or reference"
            value={text}
            onChange={(event) => setText(event.target.value)}
            allowClear
            enterButton="Search"
            onSearch={(text) => change({ q: text.trim() })}
          />
        </label>
        <label>
          Bank Account
          <Select
            aria-label="Bank Account"
            allowClear
            placeholder="Every account"
            value={idOf(search.get('bank_account_id'))}
            options={(accountsQuery.data ?? []).map((account) => ({ value: account.id, label: account.name }))}
            onChange={(value?: number) => change({ bank_account_id: value })}
          />
        </label>
        <label>
          Budget
          <Select
            aria-label="Budget"
            allowClear
            placeholder="Every budget"
            value={budgetId}
            options={(budgetsQuery.data ?? []).map((budget) => ({ value: budget.id, label: budget.name }))}
            // An allocation belongs to one budget: choosing another budget drops it.
            onChange={(value?: number) => change({ budget_id: value, allocation_id: undefined })}
          />
        </label>
        <label>
          Allocation
          <Select
            aria-label="Allocation"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={budgetId ? 'Every allocation' : 'Choose a budget first'}
            disabled={!budgetId}
            value={idOf(search.get('allocation_id'))}
            options={allocationOptions(allocationsQuery.data ?? [])}
            onChange={(value?: number) => change({ allocation_id: value })}
          />
        </label>
        <label>
          Paid?
          <Select
            aria-label="Paid?"
            allowClear
            placeholder="Paid or unpaid"
            value={search.get('status') ?? undefined}
            options={[
              { value: 'paid', label: 'Paid' },
              { value: 'unpaid', label: 'Unpaid' },
            ]}
            onChange={(value?: string) => change({ status: value })}
          />
        </label>
      </div>
      {resultsQuery.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The search failed. ${apiErrorText(resultsQuery.error)}`}
          action={page > 1 ? <Button onClick={() => setSearchParams(search)}>First page</Button> : undefined}
        />
      ) : (
        data && (
          <p className="ec-find-total" aria-live="polite">
            {data.total === 1 ? '1 transaction found' : `${data.total.toLocaleString('en-US')} transactions found`}, net <Money cents={data.net_total} />
          </p>
        )
      )}
      <div className="ec-transactions-table-wrap">
        <Table<SearchResult>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.results ?? []}
          loading={resultsQuery.isFetching}
          onChange={onTableChange}
          showSorterTooltip={false}
          scroll={narrow ? undefined : { x: 900 }}
          locale={{ emptyText: 'No transactions match.' }}
          // Previous and next only: a cursor reaches the page after this one, not any page.
          pagination={{ current: data?.page ?? page, pageSize: data?.per_page ?? 50, total: data?.total ?? 0, simple: { readOnly: true }, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </div>
      <GuideNextStep step="entries" missing="There are no transactions to find yet." />
    </section>
  );
}
