import { api, LIST } from '../../platform/api';
import type { Institution } from '../../shared/schemas/setup';

const institutionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInstitutions: build.query<Institution[], void>({
      query: () => '/institutions',
      providesTags: (result = []) => [{ type: 'Institution', id: LIST }, ...result.map(({ id }) => ({ type: 'Institution' as const, id }))],
    }),
    createInstitution: build.mutation<Institution, { name: string }>({
      query: (body) => ({ url: '/institutions', method: 'POST', body }),
      invalidatesTags: [{ type: 'Institution', id: LIST }],
    }),
    updateInstitution: build.mutation<Institution, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `/institutions/${id}`, method: 'PUT', body }),
      // Bank accounts show their institution's name.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Institution', id }, { type: 'Institution', id: LIST }, { type: 'BankAccount', id: LIST }],
    }),
    deleteInstitution: build.mutation<void, number>({
      query: (id) => ({ url: `/institutions/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Institution', id: LIST }],
    }),
  }),
});

export const { useGetInstitutionsQuery, useCreateInstitutionMutation, useUpdateInstitutionMutation, useDeleteInstitutionMutation } = institutionsApi;
