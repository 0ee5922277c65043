import SpecialEventsArea from '../../../src/features/special-events/SpecialEventsArea';
import type { Allocation, BudgetSummary } from '../../../src/shared/schemas/budgets';
import type { SpecialEvent, SpecialEventAllocation } from '../../../src/shared/schemas/specialEvents';
import { settings } from '../../support/fixtures';
import { renderWithProviders, signedInState } from '../../support/render';
import { recordMessages } from '../../support/messages';
export { findDialog, queryDialog } from '../../support/dialogs';
// Role queries without the visibility filter (see support/user.ts): closed dialogs leave the DOM.
import '../../support/user';

// antd dialogs and selects render slowly in jsdom on a busy machine.
jest.setTimeout(120_000);

export const TRAVEL = { id: 1, name: 'Travel' };
export const GIFTS = { id: 2, name: 'Gifts' };

export const BUDGETS: BudgetSummary[] = [
  { id: 8, name: 'Aug 01 - Aug 31, 2026', start_date: '2026-08-01', end_date: '2026-08-31', status: 'open' },
  { id: 7, name: 'Jul 01 - Jul 31, 2026', start_date: '2026-07-01', end_date: '2026-07-31', status: 'closed' },
];

/** An allocation as `GET /allocations?budget_id=` answers, in July (budget 7) unless told otherwise. */
export function budgetAllocation(fields: Partial<Allocation> & { id: number; name: string }): Allocation {
  const category = fields.allocation_category ?? TRAVEL;
  return {
    amount: 50000,
    spent: 0,
    budget_id: 7,
    allocation_category_id: category.id,
    allocation_category: category,
    allocation_class: 'want',
    is_fixed_amount: false,
    comment: null,
    special_event_id: null,
    ...fields,
  };
}

/** The same allocation as an event lists it. */
export function linked(allocation: Allocation): SpecialEventAllocation {
  return {
    id: allocation.id,
    name: allocation.name,
    amount: allocation.amount,
    spent: allocation.spent,
    budget_id: allocation.budget_id,
    budget_name: BUDGETS.find((budget) => budget.id === allocation.budget_id)!.name,
    allocation_category_id: allocation.allocation_category_id,
    allocation_category_name: allocation.allocation_category.name,
  };
}

/** An event as the server sends it: `actual_amount` is always Σ spent of its allocations. */
export function specialEvent(fields: Partial<Omit<SpecialEvent, 'actual_amount'>> & { id: number; name: string }): SpecialEvent {
  const event = { budget_amount: 0, start_date: null, allocations: [], ...fields };
  return { ...event, actual_amount: event.allocations.reduce((sum, allocation) => sum + allocation.spent, 0) };
}

// July: flights (linked to the holiday), a hotel, a present (linked to the wedding). August: a rental car.
export const FLIGHTS = budgetAllocation({ id: 31, name: 'Flights', amount: 90000, spent: 80000, special_event_id: 3 });
export const HOTEL = budgetAllocation({ id: 32, name: 'Hotel', amount: 60000, spent: 45000 });
export const PRESENT = budgetAllocation({ id: 33, name: 'Present', amount: 10000, spent: 2500, allocation_category: GIFTS, special_event_id: 4 });
export const CAR = budgetAllocation({ id: 41, name: 'Rental car', amount: 30000, spent: 12000, budget_id: 8 });

export const HOLIDAY = specialEvent({ id: 3, name: 'Summer holiday', budget_amount: 100000, start_date: '2026-07-10', allocations: [linked(FLIGHTS)] });
export const WEDDING = specialEvent({ id: 4, name: 'Wedding', budget_amount: 1000, start_date: '2027-05-08', allocations: [linked(PRESENT)] });

/** What the special events screens load, answered for this household. */
export const household = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  'GET /special_events': [WEDDING, HOLIDAY],
  'GET /special_events/3': HOLIDAY,
  'GET /budgets': BUDGETS,
  'GET /budgets/current': { budget_id: 8 },
  'GET /settings': settings({ default_allocation_category_id_for_special_events: TRAVEL.id }),
  'GET /allocation_categories': [GIFTS, TRAVEL],
  'GET /allocations?budget_id=7': [FLIGHTS, HOTEL, PRESENT],
  'GET /allocations?budget_id=8': [CAR],
  ...overrides,
});

/** Opens a page of the special events area as the router mounts it; `messages` records every message shown. */
export function renderSpecialEvents(url: string) {
  const rendered = renderWithProviders(<SpecialEventsArea />, {
    path: '/special-events/*',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/budgets/:id', element: <h1>Budget page</h1> }],
  });
  return { ...rendered, messages: recordMessages(rendered.store) };
}
