import { formatFullDate } from '../../../src/shared/dates';
import { BUDGET_CLOSED_MESSAGE } from '../../../src/shared/schemas/budgets';
import {
  QUICK_ADD_DESCRIPTION_BLANK,
  QUICK_ADD_NO_AMOUNT,
  type QuickAddBody,
  quickAddNoBudget,
  type Transaction as TransactionResponse,
} from '../../../src/shared/schemas/transactions';
import { defaultTransactionStatus, statusAfterAllocationChange } from '../../../src/shared/transactionRules';
import type { HouseholdScope } from '../../db/scope';
import type { Budget } from '../../db/schema';
import { unprocessable } from '../../errors';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import type { DateOnly } from '../../../src/shared/dates';
import type { QuickAddChoices } from '../../../src/shared/schemas/transactionTools';
import { allocationsWithSpent } from '../budgets/budgetReads';
import { listBankAccounts } from '../bankAccounts';
import { envelopesWithBalances } from '../sinkFunds/sinkFundReads';
import { toTransactionResponse } from './reads';
import { RowProblems } from './rowRules';
import { planParts, withSplits, writeParts } from './splits';
import { newRow } from './window';
import { writeOutsideWindow } from './writesOutsideWindow';

export interface QuickAdded {
  transaction: TransactionResponse;
  budget: Budget;
  accountName: string;
}

/** The budget whose period holds the date (budgets never overlap). */
const budgetHolding = (scope: HouseholdScope, date: DateOnly) =>
  scope.selectFrom('budgets').selectAll().where('start_date', '<=', date).where('end_date', '>=', date).executeTakeFirst();

/**
 * What the quick-add form offers for a date, in one answer (a phone saves a round trip per request): the open
 * accounts, the budget holding the date with its allocations, and the open envelopes of the sink-fund accounts.
 * Four queries whatever the household's size.
 */
export async function quickAddChoices(scope: HouseholdScope, date: DateOnly): Promise<QuickAddChoices> {
  const [accounts, budget] = await Promise.all([listBankAccounts(scope), budgetHolding(scope, date)]);
  const sinkFundIds = accounts.filter((account) => account.account_type === 'sink_fund').map((account) => account.id);
  const [allocations, envelopes] = await Promise.all([
    budget?.status === 'open' ? allocationsWithSpent(scope, budget.id) : [],
    envelopesWithBalances(scope, sinkFundIds, { openOnly: true }),
  ]);
  const summary = budget ? { id: budget.id, name: budget.name, start_date: budget.start_date, end_date: budget.end_date, status: budget.status } : null;
  return { bank_accounts: accounts, budget: summary, allocations, sink_fund_allocations: envelopes };
}

/**
 * Records one transaction in the budget whose period holds its date, through the one writer outside the window
 * (its rules, and a window draft opened before it, in any session, is refused with 409 instead of deleting
 * the new row: a window save takes its list as the whole truth).
 */
export function quickAdd(scope: HouseholdScope, body: QuickAddBody): Promise<QuickAdded> {
  return scope.transaction(async (trx) => {
    const account = await trx.find('bank_accounts', body.bank_account_id, BANK_ACCOUNT_NOT_FOUND);
    const problems = new RowProblems('single');
    if (body.description.trim() === '') problems.add(QUICK_ADD_DESCRIPTION_BLANK, 'description');
    if (!body.withdrawal_amount && !body.deposit_amount) problems.add(QUICK_ADD_NO_AMOUNT, 'withdrawal_amount');
    const budget = await budgetHolding(trx, body.transaction_date);
    if (!budget) problems.add(quickAddNoBudget(formatFullDate(body.transaction_date)), 'transaction_date');
    problems.throwIfAny();
    if (budget!.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE, { transaction_date: [BUDGET_CLOSED_MESSAGE] });

    // Giving a row its allocation accounts for it (paid), as picking one on the transactions screen does; a card
    // charge stays unpaid until a payment covers it (the row's default status).
    const isCreditCard = account.account_type === 'credit_card';
    const partPicked = body.splits?.map((part) => part.allocation_id ?? part.sink_fund_allocation_id ?? null).find((id) => id !== null) ?? null;
    const picked = body.allocation_id || body.sink_fund_allocation_id || partPicked;
    const unpicked = defaultTransactionStatus(isCreditCard, body.withdrawal_amount ?? 0, body.deposit_amount ?? 0);
    const row = { ...body, description: body.description.trim(), status: picked ? statusAfterAllocationChange(picked, isCreditCard, unpicked) : undefined };
    const values = newRow(row, isCreditCard);
    const parts = await planParts(trx, account, budget!, [{ index: 0, stored: null, values, label: row, sent: body.splits ?? undefined }], [], problems);
    problems.throwIfAny();
    const [saved] = await writeOutsideWindow(trx, { inserts: [{ ...values, bank_account_id: account.id }] }, problems);
    await writeParts(trx, account.id, parts, new Map([[0, saved.id]]));
    const [transaction] = await withSplits(trx, [toTransactionResponse(saved)]);
    return { transaction, budget: budget!, accountName: account.name };
  });
}
