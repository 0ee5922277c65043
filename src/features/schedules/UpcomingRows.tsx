import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Money } from '../../components/Money';
import { formatShortDate } from '../../shared/dates';
import type { Upcoming } from '../../shared/schemas/schedules';
import { useGetUpcomingQuery } from './schedulesApi';
import './schedules.css';

const columns: ColumnsType<Upcoming> = [
  { title: 'Date', dataIndex: 'date', render: (date: string) => formatShortDate(date) },
  {
    title: 'Description',
    dataIndex: 'description',
    render: (text: string, row) => (
      <>
        {text} <Tag>{row.due ? 'Due' : 'Upcoming'}</Tag>
      </>
    ),
  },
  { title: 'Allocation', dataIndex: 'allocation_name', render: (name: string | null) => name ?? '' },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: (cents: number) => <Money cents={cents} /> },
];

interface Props {
  bankAccountId: number;
  window: { start_date: string; end_date: string };
}

/** The account's scheduled occurrences in the period that are not entered yet: shown apart, never in a balance. */
export function UpcomingRows({ bankAccountId, window }: Props) {
  const { data = [] } = useGetUpcomingQuery({ from: window.start_date, to: window.end_date, bankAccountId });
  if (data.length === 0) return null;
  return (
    <section className="ec-upcoming" aria-label="Upcoming scheduled transactions">
      <h3>Upcoming (not in the balance until entered)</h3>
      <Table<Upcoming>
        rowKey={(row) => `${row.schedule_id}-${row.date}`}
        rowClassName="ec-upcoming-row"
        size="small"
        dataSource={data}
        columns={columns}
        pagination={false}
      />
    </section>
  );
}
