import { api, LIST } from '../../platform/api';
import { activityIdOf, type Recorded } from '../../platform/recordedWrites';
import { budgetSaved } from './budgetEditSlice';
import type { Budget, BudgetSummary, CreateBudgetBody, FutureBudget, UpdateBudgetBody } from '../../shared/schemas/budgets';
import type { Transaction } from '../../shared/schemas/transactions';

/** The mass-edit payload of product-spec §3; the server reads id, amount and budget_id of each entry. */
interface MassUpdateAmount {
  id: number;
  amount: number;
  budget_id: number;
  originalAmount: number;
  budgetIncome?: number;
  totalBudgetAllocationsWithoutCurrent?: number;
}

export interface MassUpdatePayload {
  type: 'income' | 'allocation';
  name: string;
  allocation_category_id?: number | null;
  bank_account_id?: number | null;
  amounts: MassUpdateAmount[];
}

/** A budget write's answer: the budget, and its activity entry for "Undo". */
type RecordedBudget = { budget: Budget } & Recorded;
const recordedBudget = (budget: Budget, meta: Parameters<typeof activityIdOf>[0]): RecordedBudget => ({ budget, activityId: activityIdOf(meta) });

const BUDGET_LIST = { type: 'Budget' as const, id: LIST };
const BANK_ACCOUNT_LIST = { type: 'BankAccount' as const, id: LIST };

/** Copy, close, reopen and create change the list, budgets, Future Budgets and (closing) balances. */
const periodChanged = (error: unknown, ids: number[] = []) =>
  error
    ? []
    : [BUDGET_LIST, ...ids.map((id) => ({ type: 'Budget' as const, id })), 'FutureBudgets' as const, BANK_ACCOUNT_LIST];

/** Closing writes carried-forward and balancing rows, and reopening deletes them: every list of transactions moves. */
const rowsWritten = [{ type: 'Transaction' as const, id: LIST }, 'LastUpdate' as const];

export const budgetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBudgets: build.query<BudgetSummary[], void>({
      query: () => '/budgets',
      providesTags: (result = []) => [BUDGET_LIST, ...result.map(({ id }) => ({ type: 'Budget' as const, id }))],
    }),
    /** `budget_id` null when no budget is open: a state of the household, not a failure. */
    getCurrentBudget: build.query<{ budget_id: number | null }, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/budgets/current');
        if (result.error?.status === 404) return { data: { budget_id: null } };
        return result.error ? { error: result.error } : { data: result.data as { budget_id: number } };
      },
      providesTags: [BUDGET_LIST],
    }),
    getBudget: build.query<Budget, number>({
      query: (id) => `/budgets/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Budget', id }],
    }),
    getFutureBudgets: build.query<FutureBudget[], void>({
      query: () => '/budgets/future',
      providesTags: ['FutureBudgets'],
    }),
    getAllocationTransactions: build.query<Transaction[], number>({
      query: (allocationId) => `/transactions/by_allocation?allocation_id=${allocationId}`,
      providesTags: [{ type: 'Transaction', id: LIST }],
    }),

    createBudget: build.mutation<Budget, CreateBudgetBody>({
      query: (body) => ({ url: '/budgets', method: 'POST', body }),
      invalidatesTags: (_result, error) => periodChanged(error),
    }),
    /** `endsEditing`: the edit mode's own save, whose answer also ends the draft (the page's Save Changes). */
    updateBudget: build.mutation<RecordedBudget, { id: number; body: UpdateBudgetBody; endsEditing?: boolean }>({
      query: ({ id, body }) => ({ url: `/budgets/${id}`, method: 'PUT', body }),
      transformResponse: recordedBudget,
      // The saved budget is shown at once from the save's own answer (the whole budget, as GET /budgets/:id
      // answers it): it is not asked for again. What shows other budgets or this one's allocation list reloads.
      // The answer goes into the cache and the edit mode ends in the same turn (two synchronous dispatches), so the
      // page draws the saved budget in view mode once, not first the answer under the draft, then view mode
      // (issue 48: each is a render of every row, hundreds of milliseconds on a phone).
      async onQueryStarted({ id, endsEditing }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(budgetsApi.util.upsertQueryEntries([{ endpointName: 'getBudget', arg: id, value: data.budget }]));
          if (endsEditing) dispatch(budgetSaved());
        } catch {
          // The page shows the refusal and keeps the edits.
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [BUDGET_LIST, 'FutureBudgets', { type: 'Allocation', id: `budget-${id}` }]),
    }),
    copyBudget: build.mutation<RecordedBudget, number>({
      query: (id) => ({ url: `/budgets/${id}/copy`, method: 'PUT' }),
      transformResponse: recordedBudget,
      invalidatesTags: (_result, error, id) => periodChanged(error, [id]),
    }),
    closeBudget: build.mutation<RecordedBudget, number>({
      query: (id) => ({ url: `/budgets/${id}/close`, method: 'PUT' }),
      transformResponse: recordedBudget,
      invalidatesTags: (_result, error, id) => (error ? [] : [...periodChanged(error, [id]), ...rowsWritten]),
    }),
    reopenLastBudget: build.mutation<Budget, void>({
      query: () => ({ url: '/budgets/reopen_last_budget', method: 'POST' }),
      // The reopened budget is not named in the request: every budget is refetched.
      invalidatesTags: (_result, error) => (error ? [] : ['Budget', 'FutureBudgets', BANK_ACCOUNT_LIST, ...rowsWritten]),
    }),
    massUpdateBudgets: build.mutation<Recorded, MassUpdatePayload>({
      query: (body) => ({ url: '/budgets/mass_update', method: 'POST', body }),
      transformResponse: (_answer: { success: true }, meta) => ({ activityId: activityIdOf(meta) }),
      // A mass edit can add or remove lines: each budget's allocation list (Adjust Allocations, the pickers) too.
      invalidatesTags: (_result, error, body) =>
        error ? [] : ['FutureBudgets', ...body.amounts.flatMap(({ budget_id }) => [{ type: 'Budget' as const, id: budget_id }, { type: 'Allocation' as const, id: `budget-${budget_id}` }])],
    }),
  }),
});

export const {
  useGetBudgetsQuery,
  useGetCurrentBudgetQuery,
  useGetBudgetQuery,
  useGetFutureBudgetsQuery,
  useGetAllocationTransactionsQuery,
  useCreateBudgetMutation,
  useUpdateBudgetMutation,
  useCopyBudgetMutation,
  useCloseBudgetMutation,
  useReopenLastBudgetMutation,
  useMassUpdateBudgetsMutation,
} = budgetsApi;
