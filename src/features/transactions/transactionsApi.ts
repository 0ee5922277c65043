import { api, LIST } from '../../platform/api';
import { activityIdOf, type Recorded } from '../../platform/recordedWrites';
import type { CarriedForwardOrigin, MarkPaidBody, MarkPaidResult } from '../../shared/schemas/cardPayments';
import type { Allocation } from '../../shared/schemas/budgets';
import type { SearchResults, Suggestions, SuggestionsBody } from '../../shared/schemas/transactionTools';
import {
  WINDOW_LOCK_HEADER,
  type QuickAddBody,
  type SaveWindowBody,
  type SinkFundAllocation,
  type Transaction,
  type TransferBody,
} from '../../shared/schemas/transactions';

interface WindowArgs {
  bankAccountId: number;
  budgetId: number;
}

/** One account's transactions inside one budget's window, with the lock version the next save must send. */
export interface TransactionWindow {
  transactions: Transaction[];
  lockVersion: number | undefined;
}

const lockVersionOf = (headers: Headers | undefined): number | undefined => {
  const text = headers?.get(WINDOW_LOCK_HEADER);
  return text != null && /^\d+$/.test(text) ? Number(text) : undefined;
};

const windowTag = ({ bankAccountId, budgetId }: WindowArgs) => ({ type: 'Transaction' as const, id: `${bankAccountId}-${budgetId}` });

/**
 * Saving transactions and transfers moves the budget's spent and every account's current balance at once,
 * so both invalidate the budgets, the allocations and the account list as well as the windows (and the sink
 * funds, whose envelope balances are the net of their transactions).
 */
export const moneyMovedTags = [
  { type: 'Transaction' as const, id: LIST },
  'Budget' as const,
  'FutureBudgets' as const,
  'Allocation' as const,
  { type: 'BankAccount' as const, id: LIST },
  'LastUpdate' as const,
  'SinkFund' as const,
  // A row saved may pay a scheduled bill, which then is no longer upcoming (or due).
  { type: 'Schedule' as const, id: LIST },
];

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTransactionWindow: build.query<TransactionWindow, WindowArgs>({
      query: ({ bankAccountId, budgetId }) => `/transactions?bank_account_id=${bankAccountId}&budget_id=${budgetId}`,
      transformResponse: (transactions: Transaction[], meta) => ({ transactions, lockVersion: lockVersionOf(meta?.response?.headers) }),
      providesTags: (_result, _error, args) => [windowTag(args), { type: 'Transaction', id: LIST }],
    }),
    saveTransactionWindow: build.mutation<TransactionWindow & Recorded, SaveWindowBody>({
      query: (body) => ({ url: '/transactions', method: 'POST', body }),
      transformResponse: (transactions: Transaction[], meta) => ({
        transactions,
        lockVersion: lockVersionOf(meta?.response?.headers),
        activityId: activityIdOf(meta),
      }),
      // Show the saved window at once; the refetch that the tags trigger brings the new lock version.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!Array.isArray(data.transactions)) return;
          dispatch(
            transactionsApi.util.updateQueryData('getTransactionWindow', { bankAccountId: body.bank_account_id, budgetId: body.budget_id }, (draft) => {
              draft.transactions = data.transactions;
              if (data.lockVersion !== undefined) draft.lockVersion = data.lockVersion;
            }),
          );
        } catch {
          // The page shows the refusal; nothing to update.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : moneyMovedTags),
    }),
    /** `GET /bank_accounts/:id/carried_forward?budget_id=`: the allocation and original date of each (B/F) row of a card window. */
    getCarriedForward: build.query<CarriedForwardOrigin[], { bankAccountId: number; budgetId: number }>({
      query: ({ bankAccountId, budgetId }) => `/bank_accounts/${bankAccountId}/carried_forward?budget_id=${budgetId}`,
      providesTags: [{ type: 'Transaction', id: LIST }],
    }),
    /** `POST /bank_accounts/:id/mark_paid`: ticks the charges a card payment covered, in one recorded write. */
    markChargesPaid: build.mutation<MarkPaidResult & Recorded, MarkPaidBody & { bankAccountId: number }>({
      query: ({ bankAccountId, ...body }) => ({ url: `/bank_accounts/${bankAccountId}/mark_paid`, method: 'POST', body }),
      transformResponse: (result: MarkPaidResult, meta) => ({ ...result, activityId: activityIdOf(meta) }),
      invalidatesTags: (_result, error) => (error ? [] : moneyMovedTags),
    }),
    /** `POST /transactions/one` (Quick add): one row, in the budget holding its date. */
    addOneTransaction: build.mutation<Transaction, QuickAddBody>({
      query: (body) => ({ url: '/transactions/one', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : moneyMovedTags),
    }),
    transferBetweenAccounts: build.mutation<unknown, TransferBody & { from: number }>({
      query: ({ from, ...body }) => ({ url: `/bank_accounts/${from}/transfer`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : moneyMovedTags),
    }),

    /** `POST /transactions/suggestions`: one request for every description of an import (or the rows just typed). */
    suggestAllocations: build.mutation<Suggestions, SuggestionsBody>({
      query: (body) => ({ url: '/transactions/suggestions', method: 'POST', body }),
    }),
    /** `GET /transactions/search?…`: one page of the household's matching transactions; the query string is the page's own. */
    searchTransactions: build.query<SearchResults, string>({
      query: (search) => `/transactions/search?${search}`,
      providesTags: [{ type: 'Transaction', id: LIST }],
    }),
    /** `GET /allocations?budget_id=B`: with spent and category, for the allocation picker and the budget balance. */
    getBudgetAllocations: build.query<Allocation[], number>({
      query: (budgetId) => `/allocations?budget_id=${budgetId}`,
      providesTags: (_result, _error, budgetId) => [{ type: 'Allocation', id: LIST }, { type: 'Allocation', id: `budget-${budgetId}` }],
    }),
    /** `GET /sink_fund_allocations?bank_account_id=A`: a sink-fund account's open envelopes. */
    getSinkFundEnvelopes: build.query<SinkFundAllocation[], number>({
      query: (bankAccountId) => `/sink_fund_allocations?bank_account_id=${bankAccountId}`,
      providesTags: (_result, _error, bankAccountId) => [{ type: 'SinkFundAllocation', id: LIST }, { type: 'SinkFundAllocation', id: `account-${bankAccountId}` }],
    }),
  }),
});

export const {
  useGetTransactionWindowQuery,
  useSaveTransactionWindowMutation,
  useAddOneTransactionMutation,
  useTransferBetweenAccountsMutation,
  useMarkChargesPaidMutation,
  useGetCarriedForwardQuery,
  useSuggestAllocationsMutation,
  useSearchTransactionsQuery,
  useGetBudgetAllocationsQuery,
  useGetSinkFundEnvelopesQuery,
} = transactionsApi;
