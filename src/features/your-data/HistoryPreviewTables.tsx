import { DatePicker, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { Money } from '../../components/Money';
import type { AllocationClass } from '../../shared/schemas/budgets';
import type { AccountKind, EarlierRows, HistoryPreview } from '../../shared/schemas/history';
import type { HistoryChoice } from './historyFiles';

const NEW = 0;
const KINDS: Array<{ value: AccountKind; label: string }> = [
  { value: 'current', label: 'Current account' },
  { value: 'asset', label: 'Asset' },
  { value: 'credit_card', label: 'Credit card' },
  { value: 'liability', label: 'Loan (liability)' },
];
const CLASSES: Array<{ value: AllocationClass; label: string }> = [
  { value: 'need', label: 'Need' },
  { value: 'want', label: 'Want' },
  { value: 'savings', label: 'Savings' },
];
const EARLIER: Array<{ value: EarlierRows; label: string }> = [
  { value: 'move_opening_date', label: 'Move the opening date back' },
  { value: 'leave_out', label: 'Leave them out' },
];

/** A row of the files as the preview lists it: where it is in the file, and what it says. */
type FileRow = Pick<HistoryPreview['unmapped'][number], 'origin' | 'date' | 'account' | 'description' | 'category'>;
const fileRowKey = (row: FileRow) => `${row.origin}|${row.date}|${row.account}|${row.description}|${row.category}`;
const FILE_ROW_COLUMNS: Array<{ title: string; dataIndex: keyof FileRow }> = [
  { title: 'Where', dataIndex: 'origin' },
  { title: 'Date', dataIndex: 'date' },
  { title: 'Account', dataIndex: 'account' },
  { title: 'Description', dataIndex: 'description' },
  { title: 'Category', dataIndex: 'category' },
];

type Account = HistoryPreview['accounts'][number];
type Group = HistoryPreview['groups'][number];

interface Props {
  preview: HistoryPreview;
  /** Asks for a new preview with one choice changed: nothing is written until Import. */
  choose: (kind: 'accounts' | 'groups', name: string, change: HistoryChoice) => void;
  chooseExportDay: (day: string | null) => void;
}

const Opening = ({ opening }: { opening: { opening_date: string; opening_balance: number } }) => (
  <span className="your-data-opening">
    {opening.opening_date}, <Money cents={opening.opening_balance} />
  </span>
);

/**
 * What the import would do, with the person's choices: each account of the files joined with one of the
 * household's (its opening before and after) or created with its kind, each category group joined or created with
 * the class of its lines, the budgets created and the months that keep theirs, and every row left out or without an
 * allocation, with why and where it is in the file; the files' scheduled rows under their own heading, as the upcoming
 * bills they become.
 */
export function HistoryPreviewTables({ preview, choose, chooseExportDay }: Props) {
  const accountOptions = [{ value: NEW, label: 'A new account' }, ...preview.household.accounts.map((a) => ({ value: a.id, label: a.name }))];
  const categoryOptions = [{ value: NEW, label: 'A new category' }, ...preview.household.categories.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <div className="your-data-preview" aria-label="Preview">
      <Typography.Title level={4}>What will be brought in from {preview.title}</Typography.Title>
      <Typography.Paragraph>
        {preview.budgets.length} monthly budgets, {preview.accounts.length} accounts and {preview.transactions} transactions, {preview.mapped_transactions} of them on an
        allocation.
        {preview.kept_months.length > 0 && ` ${preview.kept_months.length} months of the files already have a budget here: each keeps it (${preview.kept_months.join(', ')}).`}
      </Typography.Paragraph>
      <label className="your-data-file">
        <span>Exported on (rows after it that were not cleared are scheduled ones: upcoming bills)</span>
        <DatePicker
          aria-label="Exported on"
          value={preview.exported_on ? dayjs(preview.exported_on) : null}
          onChange={(day) => chooseExportDay(day ? day.format('YYYY-MM-DD') : null)}
        />
      </label>
      <Typography.Title level={5}>Accounts</Typography.Title>
      <Table<Account>
        size="small"
        pagination={false}
        rowKey="name"
        scroll={{ x: true }}
        dataSource={preview.accounts}
        columns={[
          { title: 'In the files', dataIndex: 'name' },
          {
            title: 'Becomes',
            render: (_, a) => (
              <Select
                aria-label={`${a.name} becomes`}
                className="your-data-choice"
                value={a.match?.id ?? NEW}
                options={accountOptions}
                onChange={(id: number) => choose('accounts', a.name, { match: id === NEW ? null : id })}
              />
            ),
          },
          {
            title: 'Kind',
            render: (_, a) =>
              a.match ? (
                KINDS.find((k) => k.value === a.kind)?.label
              ) : (
                <Select aria-label={`${a.name} kind`} className="your-data-choice" value={a.kind} options={KINDS} onChange={(kind: AccountKind) => choose('accounts', a.name, { kind })} />
              ),
          },
          {
            title: 'Opening',
            render: (_, a) =>
              a.before && (a.before.opening_date !== a.after.opening_date || a.before.opening_balance !== a.after.opening_balance) ? (
                <>
                  <Opening opening={a.before} /> → <Opening opening={a.after} />
                </>
              ) : (
                <Opening opening={a.after} />
              ),
          },
          {
            title: 'History before its opening date',
            render: (_, a) =>
              a.match ? (
                <Select
                  aria-label={`${a.name} history before its opening date`}
                  className="your-data-choice"
                  value={a.earlier_rows}
                  options={EARLIER}
                  onChange={(earlier_rows: EarlierRows) => choose('accounts', a.name, { earlier_rows })}
                />
              ) : (
                '–'
              ),
          },
          { title: 'Transactions', dataIndex: 'transactions', align: 'right' },
          {
            title: 'Balance today',
            align: 'right',
            render: (_, a) =>
              a.balance_before === null ? (
                <Money cents={a.balance_after} />
              ) : (
                <>
                  <Money cents={a.balance_before} /> → <Money cents={a.balance_after} />
                </>
              ),
          },
        ]}
      />
      <Typography.Title level={5}>Category groups</Typography.Title>
      <Table<Group>
        size="small"
        pagination={false}
        rowKey="name"
        scroll={{ x: true }}
        dataSource={preview.groups}
        columns={[
          { title: 'In the files', dataIndex: 'name' },
          {
            title: 'Becomes',
            render: (_, g) => (
              <Select
                aria-label={`${g.name} becomes`}
                className="your-data-choice"
                value={g.match?.id ?? NEW}
                options={categoryOptions}
                onChange={(id: number) => choose('groups', g.name, { match: id === NEW ? null : id })}
              />
            ),
          },
          {
            title: 'Its allocations are',
            render: (_, g) => (
              <Select
                aria-label={`${g.name} class`}
                className="your-data-choice"
                value={g.allocation_class}
                options={CLASSES}
                onChange={(allocation_class: AllocationClass) => choose('groups', g.name, { allocation_class })}
              />
            ),
          },
          { title: 'Allocations', dataIndex: 'allocations', align: 'right' },
        ]}
      />
      <Typography.Title level={5}>Budgets created</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="month"
        scroll={{ x: true }}
        dataSource={preview.budgets}
        columns={[
          { title: 'Budget', dataIndex: 'name' },
          { title: 'Allocations', dataIndex: 'allocations', align: 'right' },
          { title: 'Allocated', dataIndex: 'allocated', align: 'right', render: (cents: number) => <Money cents={cents} /> },
          { title: 'Incomes', dataIndex: 'incomes', align: 'right' },
        ]}
      />
      {preview.upcoming_count > 0 && (
        <>
          <Typography.Title level={5}>Upcoming bills ({preview.upcoming_count})</Typography.Title>
          <Typography.Paragraph>
            Scheduled in the files: dated after the export and not cleared. Each comes in as an upcoming bill on its day, not paid, waiting for Enter now or the
            bank row that pays it.
          </Typography.Paragraph>
          {preview.upcoming_count > preview.upcoming.length && <Typography.Paragraph>The first {preview.upcoming.length} are listed.</Typography.Paragraph>}
          <Table
            size="small"
            pagination={false}
            aria-label="Upcoming bills"
            rowKey={fileRowKey}
            scroll={{ x: true }}
            dataSource={preview.upcoming}
            columns={[...FILE_ROW_COLUMNS, { title: 'Amount', dataIndex: 'amount', align: 'right', render: (cents: number) => <Money cents={cents} /> }]}
          />
        </>
      )}
      {preview.unmapped_count > 0 ? (
        <>
          <Typography.Title level={5}>Could not be mapped ({preview.unmapped_count})</Typography.Title>
          {preview.unmapped_count > preview.unmapped.length && <Typography.Paragraph>The first {preview.unmapped.length} are listed.</Typography.Paragraph>}
          <Table
            size="small"
            pagination={false}
            rowKey={fileRowKey}
            scroll={{ x: true }}
            dataSource={preview.unmapped}
            columns={[...FILE_ROW_COLUMNS, { title: 'What happens', dataIndex: 'reason' }]}
          />
        </>
      ) : (
        <Typography.Paragraph>Every row comes in, and every categorised one on an allocation of its month.</Typography.Paragraph>
      )}
    </div>
  );
}
