import { sql } from 'kysely';
import { SINK_FUND_NOT_FOUND_MESSAGE, type SinkFund, type SinkFundEnvelope } from '../../../src/shared/schemas/sinkFunds';
import { sumCents } from '../../../src/shared/money';
import { outstandingOf } from '../../../src/shared/sinkFundMath';
import type { BankAccount } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { notFound } from '../../errors';
import { currentBalances, envelopeFigures } from '../balances';

/** The sink-fund account with this id in this household, or a 404: any other account is no sink fund. */
export async function findSinkFundAccount(scope: HouseholdScope, id: number): Promise<BankAccount> {
  const account = await scope.selectFrom('bank_accounts').selectAll().where('id', '=', id).where('account_type', '=', 'sink_fund').executeTakeFirst();
  if (!account) throw notFound(SINK_FUND_NOT_FOUND_MESSAGE);
  return account;
}

const ENVELOPE_COLUMNS = [
  'sink_fund_allocations.id',
  'sink_fund_allocations.bank_account_id',
  'sink_fund_allocations.name',
  'sink_fund_allocations.amount',
  'sink_fund_allocations.comment',
  'sink_fund_allocations.status',
] as const;

/**
 * The envelopes of these accounts by name, each with its balance (the net of its transactions that count in the
 * account's balance, so envelopes + Unassigned Money = the account's balance) and how many transactions it has:
 * one query however many envelopes there are, each envelope's figures from its total (balances.ts).
 */
export async function envelopesWithBalances(scope: HouseholdScope, accountIds: number[], options: { openOnly?: boolean } = {}): Promise<SinkFundEnvelope[]> {
  if (accountIds.length === 0) return [];
  let query = scope
    .selectFrom('sink_fund_allocations')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'sink_fund_allocations.bank_account_id')
    .select([...ENVELOPE_COLUMNS, envelopeFigures.balance.as('balance'), envelopeFigures.transactionCount.as('transaction_count')])
    .where('sink_fund_allocations.bank_account_id', 'in', accountIds)
    .orderBy(sql`lower(sink_fund_allocations.name)`)
    .orderBy('sink_fund_allocations.id');
  if (options.openOnly) query = query.where('sink_fund_allocations.status', '=', 'open');
  const rows = await query.execute();
  // PostgreSQL sums bigint into numeric and counts as bigint: both arrive as text.
  return rows.map((row) => {
    const balance = row.balance;
    return {
      id: row.id,
      bank_account_id: row.bank_account_id,
      name: row.name,
      amount: row.amount,
      target: row.amount,
      current_balance: balance,
      outstanding: outstandingOf(balance, row.amount),
      comment: row.comment,
      status: row.status,
      transaction_count: row.transaction_count,
    };
  });
}

/** Unassigned Money is what the account holds beyond its envelopes, so envelopes and it add up to the balance. */
function sinkFundOf(account: BankAccount, balance: number, envelopes: SinkFundEnvelope[]): SinkFund {
  const assigned = sumCents(envelopes.map((envelope) => envelope.current_balance));
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    current_balance: balance,
    assigned_balance: assigned,
    unassigned_balance: balance - assigned,
    lock_version: account.sink_fund_lock_version,
    sink_fund_allocations: envelopes,
  };
}

/** Every sink-fund account of the household (open ones first, then by name) with its envelopes: three queries. */
export async function listSinkFunds(scope: HouseholdScope): Promise<SinkFund[]> {
  const accounts = await scope
    .selectFrom('bank_accounts')
    .selectAll()
    .where('account_type', '=', 'sink_fund')
    .orderBy(sql`case when status = 'open' then 0 else 1 end`)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const ids = accounts.map((account) => account.id);
  const [balances, envelopes] = await Promise.all([currentBalances(scope, ids), envelopesWithBalances(scope, ids)]);
  return accounts.map((account) =>
    sinkFundOf(
      account,
      balances.get(account.id) ?? 0,
      envelopes.filter((envelope) => envelope.bank_account_id === account.id),
    ),
  );
}

/** One sink-fund account with every envelope, closed ones included. */
export async function readSinkFund(scope: HouseholdScope, id: number): Promise<SinkFund> {
  const account = await findSinkFundAccount(scope, id);
  const [balances, envelopes] = await Promise.all([currentBalances(scope, [id]), envelopesWithBalances(scope, [id])]);
  return sinkFundOf(account, balances.get(id) ?? 0, envelopes);
}
