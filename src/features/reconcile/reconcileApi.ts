import { api, LIST } from '../../platform/api';
import { activityIdOf, type Recorded } from '../../platform/recordedWrites';
import type { ReconcileBody, ReconcilePreview, ReconcileResult } from '../../shared/schemas/reconciliation';
import { moneyMovedTags } from '../transactions/transactionsApi';

interface PreviewArgs {
  bankAccountId: number;
  statementDate: string;
}

const reconcileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /bank_accounts/:id/reconcile?statement_date=…`: the balance at that date and the rows not yet reconciled. */
    getReconcilePreview: build.query<ReconcilePreview, PreviewArgs>({
      query: ({ bankAccountId, statementDate }) => `/bank_accounts/${bankAccountId}/reconcile?statement_date=${statementDate}`,
      providesTags: [{ type: 'Transaction', id: LIST }, { type: 'BankAccount', id: LIST }],
    }),
    /** One adjustment row at most: it moves balances, spent-free, like any row (windows, accounts, last update). */
    reconcileAccount: build.mutation<ReconcileResult & Recorded, ReconcileBody & { bankAccountId: number }>({
      query: ({ bankAccountId, ...body }) => ({ url: `/bank_accounts/${bankAccountId}/reconcile`, method: 'POST', body }),
      transformResponse: (result: ReconcileResult, meta) => ({ ...result, activityId: activityIdOf(meta) }),
      invalidatesTags: (_result, error) => (error ? [] : moneyMovedTags),
    }),
  }),
});

export const { useGetReconcilePreviewQuery, useReconcileAccountMutation } = reconcileApi;
