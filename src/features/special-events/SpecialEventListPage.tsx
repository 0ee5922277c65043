import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiErrorText } from '../../platform/apiErrors';
import { paths } from '../../platform/paths';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { LoadError } from '../../components/LoadError';
import { Money } from '../../components/Money';
import { usePageHeading } from '../../components/usePageHeading';
import { formatShortDate } from '../../shared/dates';
import type { SpecialEvent } from '../../shared/schemas/specialEvents';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { eventDifference } from './eventFigures';
import { SpecialEventDialog } from './SpecialEventDialog';
import { useDeleteSpecialEventMutation, useGetSpecialEventsQuery } from './specialEventsApi';
import { GuideNextStep } from '../guide';

export default function SpecialEventListPage() {
  usePageHeading('Special Events');
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const { data: events, error, isLoading, refetch } = useGetSpecialEventsQuery();
  const [remove] = useDeleteSpecialEventMutation();
  const [editing, setEditing] = useState<{ event?: SpecialEvent } | null>(null);
  const { run, refusalAlert } = useWriteAction({ refusalsOnPage: true });

  const confirmDelete = (event: SpecialEvent) =>
    run({
      question: {
        title: 'Delete Special Event?',
        content: `Are you sure you want to delete '${event.name}'? Its allocations stay in their budgets; only the link to the event goes.`,
      },
      write: () => remove(event).unwrap(),
      success: 'Special Event deleted.',
      failure: 'Special Event not deleted.',
    });

  const columns: ColumnsType<SpecialEvent> = [
    { title: 'Name', dataIndex: 'name', render: (name: string, event) => <Link to={paths.specialEvent(event.id)}>{name}</Link> },
    // Phones keep what answers "how is it going": name, actual, difference.
    ...(narrow
      ? []
      : [
          { title: 'Start Date', dataIndex: 'start_date', render: (date: string | null) => (date ? formatShortDate(date) : '') },
          { title: 'Budget', dataIndex: 'budget_amount', align: 'right' as const, render: (cents: number) => <Money cents={cents} /> },
        ]),
    { title: 'Actual', dataIndex: 'actual_amount', align: 'right', render: (cents: number) => <Money cents={cents} /> },
    { title: 'Difference', key: 'difference', align: 'right', render: (_value, event) => <Money cents={eventDifference(event.budget_amount, event.actual_amount)} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, event) => (
        <Space size="small" wrap>
          <Button size="small" aria-label={`View ${event.name}`} onClick={() => navigate(paths.specialEvent(event.id))}>
            View
          </Button>
          <Button size="small" aria-label={`Edit ${event.name}`} onClick={() => setEditing({ event })}>
            Edit
          </Button>
          <Button size="small" danger aria-label={`Delete ${event.name}`} onClick={() => void confirmDelete(event)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="ec-special-events" aria-label="Special Events">
      <Space className="ec-special-events__toolbar" wrap>
        <Button type="primary" onClick={() => setEditing({})}>
          Add Special Event
        </Button>
      </Space>
      {refusalAlert}
      {error ? (
        <LoadError message={apiErrorText(error)} onRetry={refetch} />
      ) : (
        <Table<SpecialEvent>
          rowKey="id"
          size="small"
          loading={isLoading}
          dataSource={events}
          columns={columns}
          pagination={false}
          locale={{
            emptyText: 'No special events yet. Use "Add Special Event" to plan one (a holiday, a wedding, a move), then link the allocations of your budgets to it.',
          }}
        />
      )}
      {events?.length === 0 && <GuideNextStep step="budget" missing="An event's money is put aside in the allocations of your budgets, and this household has no budget yet." />}
      <SpecialEventDialog open={editing !== null} event={editing?.event} onDone={() => setEditing(null)} />
    </section>
  );
}
