import type { SinkFundEnvelope } from '../../src/shared/schemas/sinkFunds';
import type { HouseholdScope } from '../db/scope';
import { BANK_ACCOUNT_NOT_FOUND } from './bankAccounts';
import { envelopesWithBalances } from './sinkFunds/sinkFundReads';

/**
 * The open envelopes of one account, by name (the pickers of the transactions screen and transfers), in the
 * same shape and order as the Sink Funds screen reads them.
 */
export async function openSinkFundAllocations(scope: HouseholdScope, accountId: number): Promise<SinkFundEnvelope[]> {
  await scope.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
  return envelopesWithBalances(scope, [accountId], { openOnly: true });
}
