import { sql } from 'kysely';
import type { SinkFundAllocation } from '../../src/shared/schemas/transactions';
import type { HouseholdScope } from '../db/scope';
import { BANK_ACCOUNT_NOT_FOUND } from './bankAccounts';

/** The open envelopes of one account, by name (the pickers of the transactions screen and transfers). */
export async function openSinkFundAllocations(scope: HouseholdScope, accountId: number): Promise<SinkFundAllocation[]> {
  await scope.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
  return scope
    .selectFrom('sink_fund_allocations')
    .select(['id', 'bank_account_id', 'name', 'amount', 'comment', 'status'])
    .where('bank_account_id', '=', accountId)
    .where('status', '=', 'open')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
