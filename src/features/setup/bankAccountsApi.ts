import { api, LIST } from '../../platform/api';
import type { BankAccount, BankAccountBody } from '../../shared/schemas/setup';

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

const bankAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useGetBankAccountsQuery, useCreateBankAccountMutation, useUpdateBankAccountMutation, useDeleteBankAccountMutation } = bankAccountsApi;
