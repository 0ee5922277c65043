import { isWithin } from '../../../src/shared/dates';
import { openingDateProblem } from '../../../src/shared/openingBalance';
import { TRANSFER_PREFIXES, type TransferBody, type TransferResult } from '../../../src/shared/schemas/transactions';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import { BUDGET_CLOSED_MESSAGE } from '../../../src/shared/schemas/budgets';
import { manualBankRef, toTransactionResponse } from './reads';
import { writeOutsideWindow } from './writesOutsideWindow';

const refuse = (message: string, field?: string) => unprocessable(message, field ? { [field]: [message] } : undefined);

const belongs = (scope: HouseholdScope, table: 'allocations' | 'sink_fund_allocations', id: number, column: 'budget_id' | 'bank_account_id', owner: number) =>
  scope.ownsAll(table, [id], { column, id: owner });

/**
 * Moves money from this account to another as two paid rows in one transaction: "Withdrawal - …" here and
 * "Deposit - …" there, through the one writer outside the window. Refusals come in the order the contract lists
 * them; the writer's rules (a closed account or envelope, the limits) come after.
 */
export function transfer(scope: HouseholdScope, fromAccountId: number, body: TransferBody): Promise<TransferResult> {
  return scope.transaction(async (trx) => {
    const from = await trx.find('bank_accounts', fromAccountId, BANK_ACCOUNT_NOT_FOUND);
    if (body.amount <= 0) throw refuse('Amount must be greater than 0', 'amount');
    const description = body.description?.trim() ?? '';
    if (description === '') throw refuse("Description can't be blank", 'description');
    if (body.from_allocation && body.from_sink_fund_allocation) {
      throw refuse('Can only transfer from EITHER an allocation OR a sink fund allocation, not both');
    }
    if (body.to_allocation && body.to_sink_fund_allocation) {
      throw refuse('Can only transfer to EITHER an allocation OR a sink fund allocation, not both');
    }
    const to = body.to ? await trx.selectFrom('bank_accounts').selectAll().where('id', '=', body.to).executeTakeFirst() : undefined;
    if (!to) throw refuse("To account doesn't exist", 'to');
    const budget = body.budget_id ? await trx.selectFrom('budgets').selectAll().where('id', '=', body.budget_id).executeTakeFirst() : undefined;
    if (!budget) throw refuse("Budget doesn't exist", 'budget_id');
    if (!isWithin(body.date, budget.start_date, budget.end_date)) throw refuse('Transaction date is outside the budget period', 'date');
    if (budget.status === 'closed') throw refuse(BUDGET_CLOSED_MESSAGE);
    const beforeOpening = openingDateProblem(body.date, from) ?? openingDateProblem(body.date, to);
    if (beforeOpening !== null) throw refuse(beforeOpening, 'date');
    if (body.from_allocation && !(await belongs(trx, 'allocations', body.from_allocation, 'budget_id', budget.id))) {
      throw refuse('From allocation is not part of this budget', 'from_allocation');
    }
    if (body.to_allocation && !(await belongs(trx, 'allocations', body.to_allocation, 'budget_id', budget.id))) {
      throw refuse('To allocation is not part of this budget', 'to_allocation');
    }
    if (body.from_sink_fund_allocation && !(await belongs(trx, 'sink_fund_allocations', body.from_sink_fund_allocation, 'bank_account_id', from.id))) {
      throw refuse(`From sink fund allocation does not belong to '${from.name}'`, 'from_sink_fund_allocation');
    }
    if (body.to_sink_fund_allocation && !(await belongs(trx, 'sink_fund_allocations', body.to_sink_fund_allocation, 'bank_account_id', to.id))) {
      throw refuse(`To sink fund allocation does not belong to '${to.name}'`, 'to_sink_fund_allocation');
    }

    const common = { transaction_date: body.date, status: 'paid' as const, brought_forward_status: null, is_manual_adjustment: 0 };
    const [withdrawal, deposit] = await writeOutsideWindow(trx, {
      inserts: [
        {
          ...common,
          bank_account_id: from.id,
          description: `${TRANSFER_PREFIXES.withdrawal}${description}`,
          withdrawal_amount: body.amount,
          deposit_amount: 0,
          allocation_id: body.from_allocation ?? null,
          sink_fund_allocation_id: body.from_sink_fund_allocation ?? null,
          bank_ref: manualBankRef(),
        },
        {
          ...common,
          bank_account_id: to.id,
          description: `${TRANSFER_PREFIXES.deposit}${description}`,
          withdrawal_amount: 0,
          deposit_amount: body.amount,
          allocation_id: body.to_allocation ?? null,
          sink_fund_allocation_id: body.to_sink_fund_allocation ?? null,
          bank_ref: manualBankRef(),
        },
      ],
    });
    return { withdrawal: toTransactionResponse(withdrawal), deposit: toTransactionResponse(deposit) };
  });
}
