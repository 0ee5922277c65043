import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { Checkbox, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { LoadError } from '../../components/LoadError';
import { Money } from '../../components/Money';
import { useReturnFocus } from '../../components/useReturnFocus';
import { sumCents, type Cents } from '../../shared/money';
import type { Allocation, BudgetSummary } from '../../shared/schemas/budgets';
import type { SpecialEvent } from '../../shared/schemas/specialEvents';
import { budgetHolding } from '../../shared/dates';
import { useGetBudgetsQuery, useGetCurrentBudgetQuery } from '../budgets/budgetsApi';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { useGetBudgetAllocationsQuery } from '../transactions/transactionsApi';
import { EventAllocationsDialog, useEventAllocationsSave } from './EventAllocationsDialog';
import { EventFigures } from './EventFigures';
import { useGetSpecialEventsQuery, useSetSpecialEventAllocationsMutation } from './specialEventsApi';

/** An allocation on the event's new list: what the live Actual and the "Chosen" list need. */
interface Chosen {
  id: number;
  name: string;
  spent: Cents;
  budget_name: string;
}

const NONE: never[] = [];

/** The budget to show first: the one the event's start date falls in, else the current budget, else the newest. */
function firstBudgetFor(event: SpecialEvent, budgets: readonly BudgetSummary[], currentBudgetId: number | null | undefined): number | undefined {
  const date = event.start_date;
  const containing = date ? budgetHolding(budgets, date) : undefined;
  return containing?.id ?? currentBudgetId ?? budgets[0]?.id;
}

const byCategoryThenName = (a: Allocation, b: Allocation) =>
  a.allocation_category.name.localeCompare(b.allocation_category.name) || a.name.localeCompare(b.name) || a.id - b.id;

/**
 * "Adjust Allocations": pick a budget (and optionally a category: Settings' default for special events comes
 * preselected), tick its allocations, repeat for other budgets; Actual follows every tick. Save sends the whole
 * list at once. Allocations of another event are shown but cannot be ticked.
 */
export function AdjustAllocationsDialog({ event, onDone }: { event: SpecialEvent; onDone: () => void }) {
  useReturnFocus();
  const narrow = useNarrowScreen();
  const [saveAllocations] = useSetSpecialEventAllocationsMutation();
  const { save: send, saving, problems } = useEventAllocationsSave(onDone);
  const { data: budgets = NONE, isSuccess: budgetsLoaded } = useGetBudgetsQuery();
  const { data: current } = useGetCurrentBudgetQuery();
  const { data: settings } = useGetSettingsQuery();
  const { data: categories = NONE } = useGetAllocationCategoriesQuery();
  const { data: events = NONE } = useGetSpecialEventsQuery();

  const [chosen, setChosen] = useState<ReadonlyMap<number, Chosen>>(() => new Map(event.allocations.map((allocation) => [allocation.id, allocation])));
  const [budgetChoice, setBudgetChoice] = useState<number>();
  // undefined until the person picks: Settings' default applies; null is "All categories".
  const [categoryChoice, setCategoryChoice] = useState<number | null>();

  const budgetId = budgetChoice ?? firstBudgetFor(event, budgets, current?.budget_id);
  const categoryId = categoryChoice === undefined ? (settings?.default_allocation_category_id_for_special_events ?? null) : categoryChoice;
  const allocations = useGetBudgetAllocationsQuery(budgetId ?? 0, { skip: budgetId === undefined });
  const shown = useMemo(
    () => (allocations.data ?? NONE).filter((allocation) => categoryId === null || allocation.allocation_category_id === categoryId).sort(byCategoryThenName),
    [allocations.data, categoryId],
  );
  const eventNames = useMemo(() => new Map(events.map((other) => [other.id, other.name])), [events]);
  const budgetNames = useMemo(() => new Map(budgets.map((budget) => [budget.id, budget.name])), [budgets]);
  const actual = sumCents([...chosen.values()].map((allocation) => allocation.spent));
  const { close, markDirty } = useGuardedClose(onDone, 'these allocations');
  const changed = chosen.size !== event.allocations.length || event.allocations.some((allocation) => !chosen.has(allocation.id));
  useEffect(() => markDirty(changed), [changed, markDirty]);

  const choose = (allocation: Allocation, on: boolean) =>
    setChosen((before) => {
      const next = new Map(before);
      if (on) next.set(allocation.id, { id: allocation.id, name: allocation.name, spent: allocation.spent, budget_name: budgetNames.get(allocation.budget_id) ?? '' });
      else next.delete(allocation.id);
      return next;
    });
  const unchoose = (id: number) =>
    setChosen((before) => {
      const next = new Map(before);
      next.delete(id);
      return next;
    });

  const save = () => send(() => saveAllocations({ event, allocationIds: [...chosen.keys()] }).unwrap());

  return (
    <EventAllocationsDialog title={`Adjust Allocations: ${event.name}`} width={720} saving={saving} problems={problems} onSave={() => void save()} onCancel={close}>
        <div className="ec-adjust-allocations__pickers">
          <label>
            <span>Budget</span>
            <Select
              aria-label="Budget"
              value={budgetId}
              showSearch={{ optionFilterProp: 'label' }}
              options={budgets.map((budget) => ({ value: budget.id, label: budget.status === 'closed' ? `${budget.name} (closed)` : budget.name }))}
              onChange={(value: number) => setBudgetChoice(value)}
            />
          </label>
          <label>
            <span>Category</span>
            <Select
              aria-label="Category"
              value={categoryId ?? undefined}
              allowClear
              placeholder="All categories"
              showSearch={{ optionFilterProp: 'label' }}
              options={categories.map((category) => ({ value: category.id, label: category.name }))}
              onChange={(value: number | undefined) => setCategoryChoice(value ?? null)}
            />
          </label>
        </div>
        {budgetsLoaded && budgets.length === 0 ? (
          <p>There are no budgets yet. Add a budget with allocations first; those allocations are what an event links to.</p>
        ) : allocations.error ? (
          <LoadError message={apiErrorText(allocations.error)} onRetry={allocations.refetch} />
        ) : (
          <BudgetAllocations
            eventId={event.id}
            allocations={shown}
            loading={budgetId === undefined || (allocations.isFetching && !allocations.data)}
            chosen={chosen}
            eventNames={eventNames}
            narrow={narrow}
            onChoose={choose}
          />
        )}
        <ChosenAllocations chosen={chosen} onRemove={unchoose} />
        <EventFigures budget={event.budget_amount} actual={actual} />
    </EventAllocationsDialog>
  );
}

interface BudgetAllocationsProps {
  eventId: number;
  allocations: Allocation[];
  loading: boolean;
  chosen: ReadonlyMap<number, Chosen>;
  eventNames: ReadonlyMap<number, string>;
  narrow: boolean;
  onChoose: (allocation: Allocation, on: boolean) => void;
}

/** The chosen budget's allocations (in the chosen category), each with a tick. */
function BudgetAllocations({ eventId, allocations, loading, chosen, eventNames, narrow, onChoose }: BudgetAllocationsProps) {
  if (loading) return <Spin />;
  return (
    <table className="ec-adjust-allocations__table" aria-label="Budget allocations">
      <thead>
        <tr>
          <th scope="col">Allocation</th>
          {!narrow && <th scope="col">Category</th>}
          <th scope="col" className="ec-num">
            Amount
          </th>
          <th scope="col" className="ec-num">
            Spent
          </th>
        </tr>
      </thead>
      <tbody>
        {allocations.length === 0 && (
          <tr>
            <td colSpan={narrow ? 3 : 4}>No allocations in this budget and category.</td>
          </tr>
        )}
        {allocations.map((allocation) => {
          const otherEvent = allocation.special_event_id !== null && allocation.special_event_id !== eventId ? allocation.special_event_id : null;
          return (
            <tr key={allocation.id} className={otherEvent === null ? undefined : 'ec-adjust-allocations__taken'}>
              <td>
                <Checkbox checked={chosen.has(allocation.id)} disabled={otherEvent !== null} onChange={(change) => onChoose(allocation, change.target.checked)}>
                  {allocation.name}
                </Checkbox>
                {otherEvent !== null && <div className="ec-adjust-allocations__note">Linked to {eventNames.get(otherEvent) ?? 'another special event'}</div>}
                {narrow && <div className="ec-adjust-allocations__note">{allocation.allocation_category.name}</div>}
              </td>
              {!narrow && <td>{allocation.allocation_category.name}</td>}
              <td className="ec-num">
                <Money cents={allocation.amount} />
              </td>
              <td className="ec-num">
                <Money cents={allocation.spent} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Everything on the event's new list, from every budget, each removable here too. */
function ChosenAllocations({ chosen, onRemove }: { chosen: ReadonlyMap<number, Chosen>; onRemove: (id: number) => void }) {
  return (
    <section className="ec-adjust-allocations__chosen" aria-label="Chosen allocations">
      <h3>Chosen allocations ({chosen.size})</h3>
      {chosen.size === 0 ? (
        <p>None yet: tick the allocations that pay for this event.</p>
      ) : (
        <ul>
          {[...chosen.values()].map((allocation) => (
            <li key={allocation.id}>
              <span>
                {allocation.name} <span className="ec-adjust-allocations__note">{allocation.budget_name}</span>
              </span>
              <span className="ec-num">
                <Money cents={allocation.spent} />
                <button
                  type="button"
                  className="ec-icon-button"
                  aria-label={`Remove ${allocation.name} (${allocation.budget_name})`}
                  title="Remove"
                  onClick={() => onRemove(allocation.id)}
                >
                  <CloseOutlined />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
