import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { Money } from '../../components/Money';
import { addDays, formatShortDate, today } from '../../shared/dates';
import type { Upcoming } from '../../shared/schemas/schedules';
import { useEnterOccurrenceMutation, useGetUpcomingQuery, useSkipOccurrenceMutation } from './schedulesApi';

/** How far back a bill that waits for the person is still offered. */
const WAITING_DAYS = 62;

/** Occurrences whose day has come and that nobody entered or skipped: each with "Enter now" and "Skip this one". */
export function DueBills() {
  const todayDate = today();
  const { data = [] } = useGetUpcomingQuery({ from: addDays(todayDate, -WAITING_DAYS), to: todayDate });
  const [enter] = useEnterOccurrenceMutation();
  const [skip] = useSkipOccurrenceMutation();
  const { run } = useWriteAction();
  const due = data.filter((u) => u.due);
  if (due.length === 0) return null;

  const columns: ColumnsType<Upcoming> = [
    { title: 'Date', dataIndex: 'date', render: (date: string) => formatShortDate(date) },
    { title: 'Description', dataIndex: 'description' },
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: (cents: number) => <Money cents={cents} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, row) => (
        <Space size="small" wrap>
          <Button
            size="small"
            type="primary"
            aria-label={`Enter now ${row.description} of ${row.date}`}
            onClick={() => void run({ write: () => enter({ scheduleId: row.schedule_id, date: row.date }).unwrap(), success: 'Transaction entered.', failure: 'Transaction not entered.' })}
          >
            Enter now
          </Button>
          <Button
            size="small"
            aria-label={`Skip this one ${row.description} of ${row.date}`}
            onClick={() => void run({ write: () => skip({ scheduleId: row.schedule_id, date: row.date }).unwrap(), success: 'Skipped.', failure: 'Not skipped.' })}
          >
            Skip this one
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <section aria-label="Bills waiting for you">
      <h3>Waiting for you</h3>
      <Table<Upcoming> rowKey={(row) => `${row.schedule_id}-${row.date}`} size="small" dataSource={due} columns={columns} pagination={false} />
    </section>
  );
}
