import { api, LIST } from '../../platform/api';
import type { Schedule, ScheduleInput, Upcoming } from '../../shared/schemas/schedules';

const SCHEDULE_LIST = { type: 'Schedule' as const, id: LIST };

export interface UpcomingQuery {
  from: string;
  to: string;
  bankAccountId?: number;
}

/** Entering an occurrence adds a transaction: windows, balances and budgets show it. */
const ENTERED = [SCHEDULE_LIST, 'Transaction' as const, 'LastUpdate' as const, 'Budget' as const, 'Allocation' as const, { type: 'BankAccount' as const, id: LIST }];

export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSchedules: build.query<Schedule[], void>({
      query: () => '/schedules',
      providesTags: [SCHEDULE_LIST],
    }),
    getUpcoming: build.query<Upcoming[], UpcomingQuery>({
      query: ({ from, to, bankAccountId }) => `/schedules/upcoming?from=${from}&to=${to}${bankAccountId ? `&bank_account_id=${bankAccountId}` : ''}`,
      providesTags: [SCHEDULE_LIST],
    }),
    createSchedule: build.mutation<Schedule, ScheduleInput>({
      query: (body) => ({ url: '/schedules', method: 'POST', body: { schedule: body } }),
      invalidatesTags: (_result, error) => (error ? [] : [SCHEDULE_LIST]),
    }),
    updateSchedule: build.mutation<Schedule, { id: number; body: ScheduleInput }>({
      query: ({ id, body }) => ({ url: `/schedules/${id}`, method: 'PUT', body: { schedule: body } }),
      invalidatesTags: (_result, error) => (error ? [] : [SCHEDULE_LIST]),
    }),
    deleteSchedule: build.mutation<Schedule, number>({
      query: (id) => ({ url: `/schedules/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [SCHEDULE_LIST]),
    }),
    enterOccurrence: build.mutation<Schedule, { scheduleId: number; date: string }>({
      query: ({ scheduleId, date }) => ({ url: `/schedules/${scheduleId}/enter`, method: 'POST', body: { date } }),
      invalidatesTags: (_result, error) => (error ? [] : ENTERED),
    }),
    skipOccurrence: build.mutation<Schedule, { scheduleId: number; date: string }>({
      query: ({ scheduleId, date }) => ({ url: `/schedules/${scheduleId}/skip`, method: 'POST', body: { date } }),
      invalidatesTags: (_result, error) => (error ? [] : [SCHEDULE_LIST]),
    }),
  }),
});

export const {
  useGetSchedulesQuery,
  useGetUpcomingQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useEnterOccurrenceMutation,
  useSkipOccurrenceMutation,
} = schedulesApi;
