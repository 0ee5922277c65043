import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { LoadError } from '../../components/LoadError';
import { Money } from '../../components/Money';
import { usePageHeading } from '../../components/usePageHeading';
import { formatShortDate } from '../../shared/dates';
import { frequencyWords } from '../../shared/schedules/wording';
import type { Schedule } from '../../shared/schemas/schedules';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { DueBills } from './DueBills';
import { ScheduleDialog } from './ScheduleDialog';
import { useDeleteScheduleMutation, useGetSchedulesQuery } from './schedulesApi';
import './schedules.css';

/** Setup › Scheduled: the bills that repeat. */
export default function SchedulesPage() {
  usePageHeading('Scheduled');
  const narrow = useNarrowScreen();
  const { data: schedules, error, isLoading, refetch } = useGetSchedulesQuery();
  const { data: accounts = [] } = useGetBankAccountsQuery();
  const [remove] = useDeleteScheduleMutation();
  const [editing, setEditing] = useState<{ schedule?: Schedule } | null>(null);
  const { run, refusalAlert } = useWriteAction();
  const accountName = (id: number) => accounts.find((a) => a.id === id)?.name ?? '';

  const confirmDelete = (schedule: Schedule) =>
    run({
      question: { title: 'Delete Schedule?', content: `Are you sure you want to delete '${schedule.description}'? The transactions it entered stay.` },
      write: () => remove(schedule.id).unwrap(),
      success: 'Schedule deleted.',
      failure: 'Schedule not deleted.',
    });

  const columns: ColumnsType<Schedule> = [
    { title: 'Description', dataIndex: 'description' },
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: (cents: number) => <Money cents={cents} /> },
    ...(narrow
      ? []
      : [
          { title: 'Bank Account', dataIndex: 'bank_account_id', render: (id: number) => accountName(id) },
          { title: 'Allocation', dataIndex: 'allocation_name', render: (name: string | null) => name ?? '' },
          { title: 'How Often', key: 'often', render: (_value: unknown, schedule: Schedule) => frequencyWords(schedule) },
          { title: 'Tolerance', dataIndex: 'tolerance', align: 'right' as const, render: (cents: number) => <Money cents={cents} /> },
        ]),
    {
      title: 'Next',
      dataIndex: 'next_date',
      render: (date: string | null, schedule) => (
        <Space size={4} wrap>
          {date ? formatShortDate(date) : 'Ended'}
          {schedule.auto_enter && <Tag>Automatic</Tag>}
        </Space>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, schedule) => (
        <Space size="small" wrap>
          <Button size="small" aria-label={`Edit ${schedule.description}`} onClick={() => setEditing({ schedule })}>
            Edit
          </Button>
          <Button size="small" danger aria-label={`Delete ${schedule.description}`} onClick={() => void confirmDelete(schedule)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="ec-schedules" aria-label="Scheduled">
      <Space className="ec-schedules__toolbar" wrap>
        <Button type="primary" onClick={() => setEditing({})}>
          Add Schedule
        </Button>
      </Space>
      {refusalAlert}
      <DueBills />
      {error ? (
        <LoadError message={apiErrorText(error)} onRetry={refetch} />
      ) : (
        <Table<Schedule>
          rowKey="id"
          size="small"
          loading={isLoading}
          dataSource={schedules}
          columns={columns}
          pagination={false}
          locale={{ emptyText: 'No bills that repeat yet. Use "Add Schedule" for the rent, a loan, a subscription: they then show as upcoming in their account.' }}
        />
      )}
      <ScheduleDialog open={editing !== null} schedule={editing?.schedule} onDone={() => setEditing(null)} />
    </section>
  );
}
