import { api } from '../../platform/api';
import type { LastUpdate } from '../../shared/schemas/transactions';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLastUpdate: build.query<LastUpdate, void>({
      query: () => '/transactions/last_update',
      providesTags: ['LastUpdate'],
    }),
  }),
});

export const { useGetLastUpdateQuery } = homeApi;
