import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { useReturnFocus } from '../../components/useReturnFocus';
import { sumCents, type Cents } from '../../shared/money';
import type { SpecialEvent } from '../../shared/schemas/specialEvents';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';
import { useGetAllocationCategoriesQuery } from '../setup/categoriesApi';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { EventAllocationsDialog, useEventAllocationsSave } from './EventAllocationsDialog';
import { useAddPlannedAllocationsMutation } from './specialEventsApi';

const NONE: never[] = [];

/** What keeps the save from being sent, in the person's words (empty when it can go). */
export function plannedAllocationProblems(name: string, categoryId: number | null, amounts: ReadonlyMap<number, Cents>): string[] {
  const problems: string[] = [];
  if (name.trim() === '') problems.push("Name can't be blank.");
  if (categoryId === null) problems.push('Choose a category.');
  if (![...amounts.values()].some((amount) => amount > 0)) problems.push('Enter an amount in at least one month.');
  if ([...amounts.values()].some((amount) => amount < 0)) problems.push('Amounts cannot be negative.');
  return problems;
}

/**
 * "Add Allocations": the event's allocation made in the months it is paid from (name, category and an amount per
 * open budget), linked to the event in one save, instead of adding it in Future Budgets and linking it after.
 */
export function AddEventAllocationsDialog({ event, onDone }: { event: SpecialEvent; onDone: () => void }) {
  useReturnFocus();
  const [addAllocations] = useAddPlannedAllocationsMutation();
  const { save: send, saving, problems, setProblems } = useEventAllocationsSave(onDone);
  const { data: budgets = NONE, isSuccess: budgetsLoaded } = useGetBudgetsQuery();
  const { data: settings } = useGetSettingsQuery();
  const { data: categories = NONE } = useGetAllocationCategoriesQuery();
  const openBudgets = useMemo(() => budgets.filter((budget) => budget.status === 'open').reverse(), [budgets]);

  const [name, setName] = useState(event.name);
  const [categoryChoice, setCategoryChoice] = useState<number | null>();
  const [amounts, setAmounts] = useState<ReadonlyMap<number, Cents>>(new Map());
  const categoryId = categoryChoice === undefined ? (settings?.default_allocation_category_id_for_special_events ?? null) : categoryChoice;
  const total = sumCents([...amounts.values()]);
  const planned = sumCents(event.allocations.map((allocation) => allocation.amount));

  const { close, markDirty } = useGuardedClose(onDone, 'these allocations');
  const changed = name !== event.name || categoryChoice !== undefined || total !== 0;
  useEffect(() => markDirty(changed), [changed, markDirty]);

  const save = async () => {
    const found = plannedAllocationProblems(name, categoryId, amounts);
    setProblems(found);
    if (found.length > 0) return;
    const months = openBudgets.filter((budget) => (amounts.get(budget.id) ?? 0) > 0).map((budget) => ({ budget_id: budget.id, amount: amounts.get(budget.id)! }));
    await send(() => addAllocations({ eventId: event.id, body: { name: name.trim(), allocation_category_id: categoryId!, months } }).unwrap());
  };

  return (
    <EventAllocationsDialog
      title={`Add Allocations: ${event.name}`}
      width={560}
      saving={saving}
      problems={problems}
      onSave={() => void save()}
      onCancel={close}
      note={<p className="ec-adjust-allocations__note">One allocation in each month you give an amount, in that month&apos;s budget, linked to this event.</p>}
    >
        <div className="ec-adjust-allocations__pickers">
          <label>
            <span>Name</span>
            <input className="ec-input" aria-label="Name" maxLength={200} autoComplete="off" value={name} onChange={(change) => setName(change.target.value)} />
          </label>
          <label>
            <span>Category</span>
            <Select
              aria-label="Category"
              value={categoryId ?? undefined}
              placeholder="Choose a category"
              showSearch={{ optionFilterProp: 'label' }}
              options={categories.map((category) => ({ value: category.id, label: category.name }))}
              onChange={(value: number) => setCategoryChoice(value)}
            />
          </label>
        </div>
        {budgetsLoaded && openBudgets.length === 0 ? (
          <p>There is no open budget to add to. Add a budget (or copy the last one) first.</p>
        ) : (
          <table className="ec-adjust-allocations__table" aria-label="Amount per month">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="ec-num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {openBudgets.map((budget) => (
                <tr key={budget.id}>
                  <th scope="row">{budget.name}</th>
                  <td className="ec-num">
                    <MoneyInput
                      aria-label={`Amount for ${budget.name}`}
                      cents={amounts.get(budget.id) ?? 0}
                      onCents={(cents) =>
                        setAmounts((before) => {
                          const next = new Map(before);
                          if (cents === 0) next.delete(budget.id);
                          else next.set(budget.id, cents);
                          return next;
                        })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Adding</th>
                <td className="ec-num">
                  <Money cents={total} />
                </td>
              </tr>
            </tfoot>
          </table>
        )}
        <p className="ec-adjust-allocations__note">
          Planned budget <Money cents={event.budget_amount} />; allocated so far <Money cents={planned} />; after this <Money cents={planned + total} />.
        </p>
    </EventAllocationsDialog>
  );
}
