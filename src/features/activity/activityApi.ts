import { api } from '../../platform/api';
import type { ActivityPage, UndoResult } from '../../shared/schemas/activity';

interface ActivityFilters {
  userId?: number;
  budgetId?: number;
  beforeId?: number;
  limit?: number;
}

const activityUrl = ({ userId, budgetId, beforeId, limit }: ActivityFilters) => {
  const query = new URLSearchParams();
  if (userId) query.set('user_id', String(userId));
  if (budgetId) query.set('budget_id', String(budgetId));
  if (beforeId) query.set('before_id', String(beforeId));
  if (limit) query.set('limit', String(limit));
  const text = query.toString();
  return text ? `/activity?${text}` : '/activity';
};

/** Who did what; undo. An undo can change any screen's data, so it refetches them all. */
const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityPage, ActivityFilters>({
      query: activityUrl,
      providesTags: ['Activity'],
      // Every write of either partner adds entries: always asked again when a page shows it.
      keepUnusedDataFor: 0,
    }),
    undoActivity: build.mutation<UndoResult, number>({
      query: (id) => ({ url: `/activity/${id}/undo`, method: 'POST' }),
      invalidatesTags: (_result, error) =>
        error ? ['Activity'] : ['Activity', 'Budget', 'FutureBudgets', 'Transaction', 'BankAccount', 'LastUpdate', 'SinkFund', 'SinkFundAllocation', 'Allocation'],
    }),
  }),
});

export const { useGetActivityQuery, useUndoActivityMutation } = activityApi;
