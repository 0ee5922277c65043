import { api, LIST } from '../../platform/api';
import type { AllocationCategory } from '../../shared/schemas/setup';

export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllocationCategories: build.query<AllocationCategory[], void>({
      query: () => '/allocation_categories',
      providesTags: (result = []) => [
        { type: 'AllocationCategory', id: LIST },
        ...result.map(({ id }) => ({ type: 'AllocationCategory' as const, id })),
      ],
    }),
    createAllocationCategory: build.mutation<AllocationCategory, { name: string }>({
      query: (body) => ({ url: '/allocation_categories', method: 'POST', body }),
      invalidatesTags: [{ type: 'AllocationCategory', id: LIST }],
    }),
    updateAllocationCategory: build.mutation<AllocationCategory, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `/allocation_categories/${id}`, method: 'PUT', body }),
      // Category names appear inside budgets, so those are refetched too.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AllocationCategory', id }, { type: 'AllocationCategory', id: LIST }, 'Budget', 'FutureBudgets'],
    }),
    deleteAllocationCategory: build.mutation<void, number>({
      query: (id) => ({ url: `/allocation_categories/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'AllocationCategory', id: LIST }],
    }),
  }),
});

export const {
  useGetAllocationCategoriesQuery,
  useCreateAllocationCategoryMutation,
  useUpdateAllocationCategoryMutation,
  useDeleteAllocationCategoryMutation,
} = categoriesApi;
