import { api, LIST } from '../../platform/api';
import type { SinkFund, SinkFundTransferBody, UpdateSinkFundBody } from '../../shared/schemas/sinkFunds';
import type { Transaction } from '../../shared/schemas/transactions';

const SINK_FUND_LIST = { type: 'SinkFund' as const, id: LIST };
// A sink fund is a bank account seen through its envelopes: renaming or adding an account in Setup refreshes it.
const BANK_ACCOUNT_LIST = { type: 'BankAccount' as const, id: LIST };

/** Changed envelopes: the screen, and the envelope pickers of the transactions window and its transfer dialog. */
const envelopesChanged = (id: number) => [{ type: 'SinkFund' as const, id }, SINK_FUND_LIST, { type: 'SinkFundAllocation' as const, id: LIST }];

export const sinkFundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every sink-fund account with its envelopes (the account picker). */
    getSinkFunds: build.query<SinkFund[], void>({
      query: () => '/sink_funds',
      providesTags: (result = []) => [SINK_FUND_LIST, BANK_ACCOUNT_LIST, ...result.map(({ id }) => ({ type: 'SinkFund' as const, id }))],
    }),
    getSinkFund: build.query<SinkFund, number>({
      query: (id) => `/sink_funds/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'SinkFund', id }, BANK_ACCOUNT_LIST],
    }),
    /** The transactions behind an envelope's balance, newest first. */
    getEnvelopeTransactions: build.query<Transaction[], number>({
      query: (envelopeId) => `/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${envelopeId}`,
      providesTags: [{ type: 'Transaction', id: LIST }],
    }),

    updateSinkFund: build.mutation<SinkFund, { id: number; body: UpdateSinkFundBody }>({
      query: ({ id, body }) => ({ url: `/sink_funds/${id}`, method: 'PUT', body }),
      // The saved sink fund is shown at once; the refetch that follows brings every other view up to date.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sinkFundsApi.util.upsertQueryData('getSinkFund', id, data));
        } catch {
          // The page shows the refusal and keeps the edits.
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : envelopesChanged(id)),
    }),
    /** Two rows in the account's window: its transactions and the last update move too (the balance does not). */
    transferSinkFundAllocation: build.mutation<SinkFund, SinkFundTransferBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/sink_funds/${id}/transfer_allocation`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sinkFundsApi.util.upsertQueryData('getSinkFund', id, data));
        } catch {
          // The dialog shows the refusal.
        }
      },
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [...envelopesChanged(id), { type: 'Transaction', id: LIST }, 'LastUpdate'],
    }),
  }),
});

export const { useGetSinkFundsQuery, useGetSinkFundQuery, useGetEnvelopeTransactionsQuery, useUpdateSinkFundMutation, useTransferSinkFundAllocationMutation } =
  sinkFundsApi;
