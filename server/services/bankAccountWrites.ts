import { formatMoney } from '../../src/shared/money';
import type { BankAccountBody } from '../../src/shared/schemas/setup';
import type { ManualAdjustmentsBody, TransferBody } from '../../src/shared/schemas/transactions';
import type { HouseholdScope } from '../db/scope';
import { recorded } from './activity/record';
import { bankAccountSaveSummary } from './activity/bankAccountWording';
import { createBankAccount, deleteBankAccount, getBankAccount, updateBankAccount } from './bankAccounts';
import { adjustBalances } from './transactions/manualAdjustments';
import { transfer } from './transactions/transfer';
import { counted } from '../../src/shared/wording';
import { rowKey } from './activity/changeSet';

// The bank account writes as the routes run them: each in one transaction with its activity entry, in the
// activity's words.

const accountRow = (id: number) => [`bank_account:${id}`];

export const addBankAccount = (scope: HouseholdScope, body: BankAccountBody, todayDate: string) =>
  recorded(
    scope,
    (trx) => createBankAccount(trx, body, todayDate),
    (made) => ({ kind: 'setup', summary: `added the bank account ${made.name}`, bankAccountId: made.id, rowKeys: accountRow(made.id) }),
  );

export const saveBankAccount = (scope: HouseholdScope, id: number, body: BankAccountBody) =>
  recorded(
    scope,
    async (trx) => {
      const before = await getBankAccount(trx, id);
      return { before, after: await updateBankAccount(trx, id, body) };
    },
    ({ before, after }) => ({ kind: 'setup', summary: bankAccountSaveSummary(before, after), bankAccountId: after.id, rowKeys: accountRow(after.id) }),
  ).then(({ result, activityId }) => ({ result: result.after, activityId }));

export const removeBankAccount = (scope: HouseholdScope, id: number) =>
  recorded(
    scope,
    async (trx) => {
      const account = await trx.selectFrom('bank_accounts').select('name').where('id', '=', id).executeTakeFirst();
      await deleteBankAccount(trx, id);
      return account?.name ?? '';
    },
    (name) => ({ kind: 'setup', summary: `deleted the bank account ${name}`, rowKeys: accountRow(id) }),
  );

export const adjustAccountBalances = (scope: HouseholdScope, body: ManualAdjustmentsBody, todayDate: string) =>
  recorded(
    scope,
    (trx) => adjustBalances(trx, body, todayDate),
    () => ({ kind: 'balance_adjustment', summary: `adjusted ${counted(body.adjustments.length, 'account balance')}` }),
  );

export const transferFromAccount = (scope: HouseholdScope, fromAccountId: number, body: TransferBody) =>
  recorded(
    scope,
    (trx) => transfer(trx, fromAccountId, body),
    (made) => ({
      kind: 'transfer',
      summary: `transferred ${formatMoney(body.amount)}: ${made.withdrawal.description}`,
      bankAccountId: fromAccountId,
      rowKeys: [rowKey('transactions', made.withdrawal.id), rowKey('transactions', made.deposit.id)],
    }),
  );
