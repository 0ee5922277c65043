import { api, LIST } from '../../platform/api';
import type { AccountBalance } from '../../shared/schemas/accountBalances';
import type { ManualAdjustmentsBody } from '../../shared/schemas/transactions';

const BANK_ACCOUNT_LIST = { type: 'BankAccount' as const, id: LIST };

const accountBalancesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Tagged as the account list: every write that moves a balance (a window save, a transfer, closing or reopening
     * a budget, an account edit) already invalidates it, so this page is never left showing an old balance.
     */
    getAccountBalances: build.query<AccountBalance[], { includeClosed: boolean }>({
      query: ({ includeClosed }) => (includeClosed ? '/account_balances?include_closed=true' : '/account_balances'),
      providesTags: [BANK_ACCOUNT_LIST],
    }),
    /** Each adjustment is a "Manual Adjustment" transaction: the windows, the accounts and the last update move. */
    adjustBalances: build.mutation<{ success: true }, ManualAdjustmentsBody>({
      query: (body) => ({ url: '/bank_accounts/manually_adjust_balances', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [BANK_ACCOUNT_LIST, { type: 'Transaction', id: LIST }, 'LastUpdate']),
    }),
  }),
});

export const { useGetAccountBalancesQuery, useAdjustBalancesMutation } = accountBalancesApi;
