import { api, LIST } from '../../platform/api';
import type { PlannedAllocationsBody, SpecialEvent, SpecialEventBody } from '../../shared/schemas/specialEvents';

const EVENT_LIST = { type: 'SpecialEvent' as const, id: LIST };

/** The budgets the events' allocations live in. */
const budgetIdsOf = (events: ReadonlyArray<SpecialEvent | undefined>) => [
  ...new Set(events.flatMap((event) => event?.allocations.map((allocation) => allocation.budget_id) ?? [])),
];

/**
 * An event's amounts and spent are its budgets' allocations: it is refetched whenever one of those budgets is
 * (a budget edit, a mass update, saved transactions), or the budget list (a new link made from a budget edit).
 */
const derivedFromBudgets = (events: ReadonlyArray<SpecialEvent | undefined>) => [
  { type: 'Budget' as const, id: LIST },
  ...budgetIdsOf(events).map((id) => ({ type: 'Budget' as const, id })),
];

/** A link made or undone changes what those budgets show: the event tag and each allocation's `special_event_id`. */
const linksChanged = (budgetIds: number[]) => [
  'FutureBudgets' as const,
  ...budgetIds.flatMap((id) => [
    { type: 'Budget' as const, id },
    { type: 'Allocation' as const, id: `budget-${id}` },
  ]),
];

export const specialEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSpecialEvents: build.query<SpecialEvent[], void>({
      query: () => '/special_events',
      providesTags: (result = []) => [EVENT_LIST, ...result.map(({ id }) => ({ type: 'SpecialEvent' as const, id })), ...derivedFromBudgets(result)],
    }),
    getSpecialEvent: build.query<SpecialEvent, number>({
      query: (id) => `/special_events/${id}`,
      providesTags: (result, _error, id) => [{ type: 'SpecialEvent', id }, ...derivedFromBudgets([result])],
    }),
    createSpecialEvent: build.mutation<SpecialEvent, SpecialEventBody>({
      query: (body) => ({ url: '/special_events', method: 'POST', body: { special_event: body } }),
      invalidatesTags: (_result, error) => (error ? [] : [EVENT_LIST]),
    }),
    updateSpecialEvent: build.mutation<SpecialEvent, { id: number; body: SpecialEventBody }>({
      query: ({ id, body }) => ({ url: `/special_events/${id}`, method: 'PUT', body: { special_event: body } }),
      // The list also names the events on the budget screens.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'SpecialEvent', id }, EVENT_LIST]),
    }),
    /** Takes the event itself: its allocations say which budgets lose their tag. */
    deleteSpecialEvent: build.mutation<{ success: true }, SpecialEvent>({
      query: (event) => ({ url: `/special_events/${event.id}`, method: 'DELETE' }),
      // The event's own tag stays: no screen shows the event while the list deletes it.
      invalidatesTags: (_result, error, event) => (error ? [] : [EVENT_LIST, ...linksChanged(budgetIdsOf([event]))]),
    }),
    /** Sets exactly `allocationIds`; `event` is the event as shown before, whose budgets may lose links. */
    setSpecialEventAllocations: build.mutation<SpecialEvent, { event: SpecialEvent; allocationIds: number[] }>({
      query: ({ event, allocationIds }) => ({
        url: `/special_events/${event.id}/allocations`,
        method: 'PUT',
        body: { special_event: { allocation_ids: allocationIds } },
      }),
      invalidatesTags: (result, error, { event }) =>
        error ? [] : [{ type: 'SpecialEvent', id: event.id }, EVENT_LIST, ...linksChanged(budgetIdsOf([event, result]))],
    }),
    /** Makes the event's allocation in each chosen month: those budgets gain a line. */
    addPlannedAllocations: build.mutation<SpecialEvent, { eventId: number; body: PlannedAllocationsBody }>({
      query: ({ eventId, body }) => ({ url: `/special_events/${eventId}/planned_allocations`, method: 'POST', body }),
      invalidatesTags: (_result, error, { eventId, body }) =>
        error ? [] : [{ type: 'SpecialEvent', id: eventId }, EVENT_LIST, ...linksChanged(body.months.map((month) => month.budget_id))],
    }),
  }),
});

export const {
  useGetSpecialEventsQuery,
  useGetSpecialEventQuery,
  useCreateSpecialEventMutation,
  useUpdateSpecialEventMutation,
  useDeleteSpecialEventMutation,
  useSetSpecialEventAllocationsMutation,
  useAddPlannedAllocationsMutation,
} = specialEventsApi;

/** One event's name for a tag on another screen; the event list is fetched only once such a tag is shown. */
export const useSpecialEventName = (id: number): string | undefined =>
  useGetSpecialEventsQuery(undefined, { selectFromResult: ({ data }) => ({ name: data?.find((event) => event.id === id)?.name }) }).name;
