import { api, LIST } from '../../app/api';
import type { AllocationCategory, BankAccount, BankAccountBody, Institution, Settings, SettingsBody } from '../../shared/schemas/setup';

interface BankAccountQuery {
  includeClosed?: boolean;
  includeCurrentBalance?: boolean;
}

const bankAccountsUrl = ({ includeClosed, includeCurrentBalance }: BankAccountQuery = {}) => {
  const query = new URLSearchParams();
  if (includeClosed) query.set('include_closed', 'true');
  if (includeCurrentBalance) query.set('include_current_balance', 'true');
  const text = query.toString();
  return text ? `/bank_accounts?${text}` : '/bank_accounts';
};

/** Setup resources: allocation categories, institutions, bank accounts and settings. */
export const setupApi = api.injectEndpoints({
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
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Institution', id }, { type: 'Institution', id: LIST }, { type: 'BankAccount', id: LIST }],
    }),
    deleteInstitution: build.mutation<void, number>({
      query: (id) => ({ url: `/institutions/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Institution', id: LIST }],
    }),

    getBankAccounts: build.query<BankAccount[], BankAccountQuery | void>({
      query: (params) => bankAccountsUrl(params ?? {}),
      providesTags: (result = []) => [{ type: 'BankAccount', id: LIST }, ...result.map(({ id }) => ({ type: 'BankAccount' as const, id }))],
    }),
    createBankAccount: build.mutation<BankAccount, BankAccountBody>({
      query: (body) => ({ url: '/bank_accounts', method: 'POST', body }),
      invalidatesTags: [{ type: 'BankAccount', id: LIST }],
    }),
    updateBankAccount: build.mutation<BankAccount, BankAccountBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/bank_accounts/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'BankAccount', id }, { type: 'BankAccount', id: LIST }],
    }),
    deleteBankAccount: build.mutation<void, number>({
      query: (id) => ({ url: `/bank_accounts/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'BankAccount', id: LIST }],
    }),

    getSettings: build.query<Settings, void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
    saveSettings: build.mutation<Settings, SettingsBody>({
      query: (body) => ({ url: '/settings', method: 'POST', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useGetAllocationCategoriesQuery,
  useCreateAllocationCategoryMutation,
  useUpdateAllocationCategoryMutation,
  useDeleteAllocationCategoryMutation,
  useGetInstitutionsQuery,
  useCreateInstitutionMutation,
  useUpdateInstitutionMutation,
  useDeleteInstitutionMutation,
  useGetBankAccountsQuery,
  useCreateBankAccountMutation,
  useUpdateBankAccountMutation,
  useDeleteBankAccountMutation,
  useGetSettingsQuery,
  useSaveSettingsMutation,
} = setupApi;
