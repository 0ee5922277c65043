import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { Button, Result, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { apiErrorText, errorStatus } from '../../platform/apiErrors';
import { paths } from '../../platform/paths';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { LoadError } from '../../components/LoadError';
import { Money } from '../../components/Money';
import { PageLoading } from '../../components/PageLoading';
import { usePageHeading } from '../../components/usePageHeading';
import { spendingTotals } from '../../shared/budgetMath';
import { formatFullDate } from '../../shared/dates';
import { SPECIAL_EVENT_NOT_FOUND_MESSAGE, type SpecialEvent, type SpecialEventAllocation } from '../../shared/schemas/specialEvents';
import { AllocationTransactionsDialog, type SpentTarget } from '../budgets';
import { AdjustAllocationsDialog } from './AdjustAllocationsDialog';
import { AddEventAllocationsDialog } from './AddEventAllocationsDialog';
import { EventMonths } from './EventMonths';
import { EventFigures } from './EventFigures';
import { SpecialEventDialog } from './SpecialEventDialog';
import { useGetSpecialEventQuery } from './specialEventsApi';

export default function SpecialEventDetailPage() {
  const { id } = useParams();
  const eventId = Number(id);
  if (!Number.isInteger(eventId) || eventId <= 0) return <Result status="404" title={SPECIAL_EVENT_NOT_FOUND_MESSAGE} />;
  return <SpecialEventDetail key={eventId} eventId={eventId} />;
}

function SpecialEventDetail({ eventId }: { eventId: number }) {
  const navigate = useNavigate();
  const { data: event, error, refetch } = useGetSpecialEventQuery(eventId);
  const [dialog, setDialog] = useState<'edit' | 'adjust' | 'add' | null>(null);
  const narrow = useNarrowScreen();
  const heading = event ? `Special Event: ${event.name}` : 'Special Event';
  usePageHeading(heading);

  if (error && !event) {
    const message = apiErrorText(error);
    if (errorStatus(error) === 404) return <Result status="404" title={SPECIAL_EVENT_NOT_FOUND_MESSAGE} subTitle={message} />;
    return <LoadError message={message} onRetry={refetch} />;
  }
  if (!event) return <PageLoading />;

  return (
    <section className="ec-special-events ec-special-event" aria-label={heading}>
      {/* On phones the shell shows the heading on its own row. */}
      {!narrow && <h2 className="ec-special-event__title">{heading}</h2>}
      <p className="ec-special-event__date">{event.start_date ? `Starts ${formatFullDate(event.start_date)}` : 'No start date yet'}</p>
      <Space wrap className="ec-special-events__toolbar">
        <Button onClick={() => navigate(paths.specialEvents)}>Back to Special Events</Button>
        <Button onClick={() => setDialog('edit')}>Edit</Button>
        <Button type="primary" onClick={() => setDialog('adjust')}>
          Adjust Allocations
        </Button>
        <Button onClick={() => setDialog('add')}>Add Allocations</Button>
      </Space>
      <EventFigures budget={event.budget_amount} actual={event.actual_amount} />
      <EventMonths event={event} narrow={narrow} />
      <EventAllocations event={event} />
      <SpecialEventDialog open={dialog === 'edit'} event={event} onDone={() => setDialog(null)} />
      {dialog === 'adjust' && <AdjustAllocationsDialog event={event} onDone={() => setDialog(null)} />}
      {dialog === 'add' && <AddEventAllocationsDialog event={event} onDone={() => setDialog(null)} />}
    </section>
  );
}

/** The event's allocations across budgets with their total; spent opens the transactions behind it. */
function EventAllocations({ event }: { event: SpecialEvent }) {
  const narrow = useNarrowScreen();
  const [spentTarget, setSpentTarget] = useState<SpentTarget | null>(null);
  const totals = spendingTotals(event.allocations);

  const columns: ColumnsType<SpecialEventAllocation> = [
    {
      title: 'Allocation',
      dataIndex: 'name',
      // On phones the budget and category ride under the name instead of taking columns.
      render: (name: string, allocation) => (
        <>
          {name}
          {narrow && (
            <div className="ec-special-event__where">
              {allocation.budget_name} · {allocation.allocation_category_name}
            </div>
          )}
        </>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            title: 'Budget',
            dataIndex: 'budget_name',
            render: (budgetName: string, allocation: SpecialEventAllocation) => <Link to={paths.budget(allocation.budget_id)}>{budgetName}</Link>,
          },
          { title: 'Category', dataIndex: 'allocation_category_name' },
        ]),
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: (cents: number) => <Money cents={cents} /> },
    {
      title: 'Spent',
      dataIndex: 'spent',
      align: 'right',
      className: 'ec-special-event__spent',
      render: (cents: number, allocation) => (
        <>
          <Money cents={cents} />
          <button
            type="button"
            className="ec-icon-button"
            aria-label={`Transactions for ${allocation.name}`}
            title="Transactions"
            onClick={() => setSpentTarget({ id: allocation.id, name: allocation.name })}
          >
            <UnorderedListOutlined />
          </button>
        </>
      ),
    },
  ];

  return (
    <>
      <Table<SpecialEventAllocation>
        className="ec-special-event__allocations"
        aria-label="Allocations"
        rowKey="id"
        size="small"
        dataSource={event.allocations}
        columns={columns}
        pagination={false}
        locale={{
          emptyText: 'No allocations linked yet. Use "Add Allocations" to put money aside for this event in the months you choose, or "Adjust Allocations" to link allocations your budgets already have.',
        }}
        summary={() => (
          <Table.Summary.Row className="ec-special-event__total">
            <Table.Summary.Cell index={0} colSpan={narrow ? 1 : 3}>
              Total
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <span aria-label="Total Amount">
                <Money cents={totals.amount} />
              </span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <span aria-label="Total Spent">
                <Money cents={totals.spent} />
              </span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {spentTarget && <AllocationTransactionsDialog target={spentTarget} onClose={() => setSpentTarget(null)} />}
    </>
  );
}
