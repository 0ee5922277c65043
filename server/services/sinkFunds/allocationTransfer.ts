import { ALLOCATION_TRANSFER_DESCRIPTION, type SinkFund, type SinkFundTransferBody } from '../../../src/shared/schemas/sinkFunds';
import type { DateOnly } from '../../../src/shared/dates';
import { openingDateProblem } from '../../../src/shared/openingBalance';
import type { HouseholdScope } from '../../db/scope';
import { Refusals } from '../refusals';
import { manualBankRef } from '../transactions/reads';
import { writeOutsideWindow } from '../transactions/writesOutsideWindow';
import { findSinkFundAccount, readSinkFund } from './sinkFundReads';

/**
 * POST /sink_funds/:id/transfer_allocation: moves money between two envelopes of one account, or between an
 * envelope and Unassigned Money (no envelope), as two paid rows dated today: a withdrawal on the source and a
 * deposit on the target. They net to zero, so the account's balance never moves; the envelopes' balances do.
 * Answers the sink fund with its new balances.
 */
export function transferAllocation(scope: HouseholdScope, accountId: number, body: SinkFundTransferBody, todayDate: DateOnly): Promise<SinkFund> {
  return scope.transaction(async (tx) => {
    const account = await findSinkFundAccount(tx, accountId);
    const from = body.existing_allocation_id ?? null;
    const to = body.new_allocation_id ?? null;
    const refusals = new Refusals();
    if (body.amount <= 0) refusals.add('Amount must be greater than 0', 'amount');
    if (from === to) {
      refusals.add(
        from === null ? 'Money cannot move from Unassigned Money to Unassigned Money' : 'Money cannot move from a sink fund allocation to itself',
        'new_allocation_id',
      );
    }
    const ids = [from, to].filter((id): id is number => id !== null);
    const envelopes = ids.length
      ? await tx.selectFrom('sink_fund_allocations').select(['id', 'name', 'status']).where('bank_account_id', '=', account.id).where('id', 'in', ids).execute()
      : [];
    const envelope = (id: number) => envelopes.find((candidate) => candidate.id === id);
    if (from !== null && !envelope(from)) {
      refusals.add(`The sink fund allocation to move money from is not part of '${account.name}'`, 'existing_allocation_id');
    }
    const target = to === null ? undefined : envelope(to);
    if (to !== null && !target) refusals.add(`The sink fund allocation to move money to is not part of '${account.name}'`, 'new_allocation_id');
    // Money may leave a closed envelope (to empty it), never arrive in one.
    if (target?.status === 'closed') refusals.add(`Sink fund allocation '${target.name}' is closed: reopen it to move money into it`, 'new_allocation_id');
    const beforeOpening = openingDateProblem(todayDate, account);
    if (beforeOpening !== null) refusals.add(beforeOpening);
    refusals.throwIfAny();

    const common = {
      bank_account_id: account.id,
      transaction_date: todayDate,
      description: ALLOCATION_TRANSFER_DESCRIPTION,
      status: 'paid' as const,
      allocation_id: null,
      brought_forward_status: null,
      is_manual_adjustment: 0,
    };
    await writeOutsideWindow(tx, {
      inserts: [
        { ...common, withdrawal_amount: body.amount, deposit_amount: 0, sink_fund_allocation_id: from, bank_ref: manualBankRef() },
        { ...common, withdrawal_amount: 0, deposit_amount: body.amount, sink_fund_allocation_id: to, bank_ref: manualBankRef() },
      ],
    });
    return readSinkFund(tx, account.id);
  });
}
