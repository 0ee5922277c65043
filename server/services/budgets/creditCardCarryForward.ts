import { randomBytes } from 'node:crypto';
import { CARRIED_FORWARD_STATUSES } from '../../../src/shared/transactionRules';
import { addDays } from '../../../src/shared/dates';
import type { Budget, Transaction } from '../../db/schema';
import { moveVersion } from '../../db/lockVersions';
import { type NewRowOutsideWindow, writeOutsideWindow } from '../transactions/writesOutsideWindow';
import type { HouseholdScope } from '../../db/scope';
import { inChunks } from '../../db/chunks';
import { copyParts, partsOf } from '../transactions/splits';
import { now } from './periods';

/**
 * Unpaid credit-card charges of a closing budget move to the next period as copies ("<original> (B/F)",
 * brought_forward_status 'added'), balanced by one "Balance B/F Adj Entry" row so the card's balance does not
 * change; the originals are marked paid. Reopening undoes exactly that.
 *
 * A copy's bank_ref is its original's bank_ref + "-BF": that is how reopening finds the original of a copy
 * that was itself still unpaid at the next close (it was carried again and must go back to unpaid 'added').
 */
const CARRIED_SUFFIX = ' (B/F)';
const BALANCE_ADJUSTMENT = 'Balance B/F Adj Entry';
export const CARRIED_REF_SUFFIX = '-BF';
const MAX_REF = 200;
const MAX_DESCRIPTION = 500;

const manualRef = () => `MAN-${randomBytes(8).toString('hex')}`;

const carriedDescription = (description: string) =>
  description.endsWith(CARRIED_SUFFIX) ? description : `${description.slice(0, MAX_DESCRIPTION - CARRIED_SUFFIX.length)}${CARRIED_SUFFIX}`;

const creditCardIds = async (scope: HouseholdScope) =>
  (await scope.selectFrom('bank_accounts').select('id').where('account_type', '=', 'credit_card').execute()).map((a) => a.id);

/** Refs already used in these accounts among `candidates` (bank_ref is unique per account). */
async function takenRefs(scope: HouseholdScope, accountIds: number[], candidates: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  await inChunks(candidates, async (chunk) => {
    // From the accounts into the (account, bank_ref) unique index, not through all the household's transactions.
    const rows = await scope
      .selectFrom('bank_accounts')
      .innerJoin('transactions', 'transactions.bank_account_id', 'bank_accounts.id')
      .select(['transactions.bank_account_id', 'transactions.bank_ref'])
      .where('bank_accounts.id', 'in', accountIds)
      .where('transactions.bank_ref', 'in', chunk)
      .execute();
    for (const row of rows) taken.add(`${row.bank_account_id}:${row.bank_ref}`);
  });
  return taken;
}

export async function carryForwardUnpaidCharges(scope: HouseholdScope, budget: Budget): Promise<void> {
  const cards = await creditCardIds(scope);
  if (cards.length === 0) return;
  const unpaid: Transaction[] = await scope
    .selectFrom('transactions')
    .selectAll()
    .where('bank_account_id', 'in', cards)
    .where('transaction_date', '>=', budget.start_date)
    .where('transaction_date', '<=', budget.end_date)
    .where('status', '=', 'unpaid')
    .orderBy('bank_account_id')
    .orderBy('transaction_date')
    .orderBy('id')
    .execute();
  if (unpaid.length === 0) return;

  const carriedOn = addDays(budget.end_date, 1);
  const taken = await takenRefs(scope, cards, [...new Set(unpaid.map((t) => t.bank_ref + CARRIED_REF_SUFFIX))]);
  const rows: NewRowOutsideWindow[] = [];
  const totals = new Map<number, { withdrawal: number; deposit: number }>();
  for (const original of unpaid) {
    let ref = original.bank_ref + CARRIED_REF_SUFFIX;
    const key = `${original.bank_account_id}:${ref}`;
    if (ref.length > MAX_REF || taken.has(key)) ref = manualRef();
    taken.add(`${original.bank_account_id}:${ref}`);
    rows.push({
      bank_account_id: original.bank_account_id,
      transaction_date: carriedOn,
      description: carriedDescription(original.description),
      withdrawal_amount: original.withdrawal_amount,
      deposit_amount: original.deposit_amount,
      allocation_id: original.allocation_id,
      sink_fund_allocation_id: null,
      status: 'unpaid',
      brought_forward_status: 'added',
      bank_ref: ref,
      is_manual_adjustment: 0,
    });
    const total = totals.get(original.bank_account_id) ?? { withdrawal: 0, deposit: 0 };
    total.withdrawal += original.withdrawal_amount;
    total.deposit += original.deposit_amount;
    totals.set(original.bank_account_id, total);
  }
  for (const [accountId, total] of totals) {
    if (total.deposit - total.withdrawal === 0) continue;
    rows.push({
      bank_account_id: accountId,
      transaction_date: carriedOn,
      description: BALANCE_ADJUSTMENT,
      withdrawal_amount: -total.withdrawal,
      deposit_amount: -total.deposit,
      allocation_id: null,
      sink_fund_allocation_id: null,
      status: 'paid',
      brought_forward_status: 'adjustment',
      bank_ref: manualRef(),
      is_manual_adjustment: 0,
    });
  }

  // Originals are settled: plain charges become 'brought_forward'; a copy carried again stays 'added' so that
  // `spent` keeps counting the charge once.
  const settled = unpaid.map((stored) => ({
    stored,
    values: { status: 'paid' as const, brought_forward_status: stored.brought_forward_status === 'added' ? ('added' as const) : ('brought_forward' as const) },
  }));
  const inserted = await writeOutsideWindow(scope, { inserts: rows, updates: settled });
  await carryParts(scope, unpaid, rows, inserted);
}

/** A split charge's copy carries its parts (they count nowhere: the copy is not spending, its original is). */
async function carryParts(scope: HouseholdScope, unpaid: Transaction[], rows: NewRowOutsideWindow[], inserted: Transaction[]): Promise<void> {
  const parts = [...(await partsOf(scope, unpaid.map((t) => t.id))).values()].flat();
  if (parts.length === 0) return;
  const insertedByRef = new Map(inserted.map((row) => [`${row.bank_account_id}:${row.bank_ref}`, row]));
  const copyOf = new Map(
    unpaid.map((original, index) => {
      const copy = insertedByRef.get(`${rows[index].bank_account_id}:${rows[index].bank_ref}`)!;
      return [original.id, { id: copy.id, counted: 0 }] as const;
    }),
  );
  await copyParts(scope, parts, copyOf);
}

/**
 * Reopen: originals in the window back to unpaid, the copies and balancing rows after its end deleted. A copy
 * marked paid in the next month since the close gives its mark back to its original, which stays paid: the person
 * said that charge is paid, and Reopen must not take that back.
 */
export async function undoCarryForward(scope: HouseholdScope, budget: Budget): Promise<void> {
  const copies = await scope
    .selectFrom('transactions')
    .select(['bank_account_id', 'bank_ref', 'status'])
    .where('transaction_date', '>', budget.end_date)
    .where('brought_forward_status', '=', 'added')
    .execute();
  const recarriedRefs = new Map<number, string[]>();
  const paidSinceRefs = new Map<number, string[]>();
  for (const copy of copies) {
    if (!copy.bank_ref.endsWith(CARRIED_REF_SUFFIX)) continue;
    const original = copy.bank_ref.slice(0, -CARRIED_REF_SUFFIX.length);
    recarriedRefs.set(copy.bank_account_id, [...(recarriedRefs.get(copy.bank_account_id) ?? []), original]);
    if (copy.status === 'paid') paidSinceRefs.set(copy.bank_account_id, [...(paidSinceRefs.get(copy.bank_account_id) ?? []), original]);
  }
  const inWindow = () =>
    scope
      .updateTable('transactions')
      .where('transaction_date', '>=', budget.start_date)
      .where('transaction_date', '<=', budget.end_date);
  for (const [accountId, refs] of recarriedRefs) {
    await inChunks(refs, (chunk) =>
      inWindow()
        .set({ status: 'unpaid', updated_at: now })
        .where('bank_account_id', '=', accountId)
        .where('brought_forward_status', '=', 'added')
        .where('bank_ref', 'in', chunk)
        .execute(),
    );
  }
  await inWindow()
    .set({ status: 'unpaid', brought_forward_status: null, updated_at: now })
    .where('brought_forward_status', '=', 'brought_forward')
    .execute();
  for (const [accountId, refs] of paidSinceRefs) {
    await inChunks(refs, (chunk) =>
      inWindow().set({ status: 'paid', updated_at: now }).where('bank_account_id', '=', accountId).where('bank_ref', 'in', chunk).execute(),
    );
  }
  await scope
    .deleteFrom('transactions')
    .where('transaction_date', '>', budget.end_date)
    .where('brought_forward_status', 'in', CARRIED_FORWARD_STATUSES)
    .execute();
  // The next windows lost their copies: a draft of one read before must not save them back.
  await moveVersion(scope, 'window', { ids: await creditCardIds(scope) });
}
