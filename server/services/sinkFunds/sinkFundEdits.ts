import { partCounts } from '../transactions/splits';
import { sql } from 'kysely';
import {
  SINK_FUND_CONFLICT_MESSAGE,
  type SinkFund,
  type SinkFundEnvelopeRow,
  type UpdateSinkFundBody,
} from '../../../src/shared/schemas/sinkFunds';
import type { ColumnTypes } from '../../db/batchUpdate';
import { inChunks } from '../../db/chunks';
import { moveVersion } from '../../db/lockVersions';
import { writeRowSet } from '../../db/rowSet';
import type { SinkFundAllocation } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { conflict } from '../../errors';
import { blankName, NAME_BLANK } from '../budgets/lines';
import { Refusals } from '../refusals';
import { schedulesUsing, usedBySchedules } from '../schedules/schedulesInUse';
import { counted } from '../../../src/shared/wording';
import { findSinkFundAccount, readSinkFund } from './sinkFundReads';

/**
 * Moves the envelope list's version on for this write; with a `lock_version` sent, only while it is still the
 * stored one (else 409 and nothing is written). Writes that omit it are accepted, as the contract allows.
 */
async function claimSinkFundForEdit(scope: HouseholdScope, accountId: number, lockVersion: number | undefined): Promise<void> {
  const moved = await moveVersion(scope, 'sinkFund', { ids: [accountId], sent: lockVersion });
  if (moved.size !== 1) throw conflict(SINK_FUND_CONFLICT_MESSAGE);
}

const field = (index: number, name: string) => `sink_fund_allocations.${index}.${name}`;
const nameKey = (name: string) => name.trim().toLowerCase();
/** The target a row sends: `target`, or `amount` from older clients. */
const sentTarget = (row: SinkFundEnvelopeRow) => row.target ?? row.amount;

interface Plan {
  creates: Array<{ row: SinkFundEnvelopeRow; index: number }>;
  updates: Array<{ row: SinkFundEnvelopeRow; index: number; stored: SinkFundAllocation }>;
  deletes: Array<{ index: number; stored: SinkFundAllocation }>;
}

/** Sorts the rows into creates, updates and deletes; every id must be an envelope of this account. */
function planRows(rows: SinkFundEnvelopeRow[], stored: Map<number, SinkFundAllocation>, accountName: string, refusals: Refusals): Plan {
  const plan: Plan = { creates: [], updates: [], deletes: [] };
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    if (!row.id) {
      if (!row.deleted) plan.creates.push({ row, index });
      return;
    }
    const envelope = stored.get(row.id);
    if (!envelope) return refusals.add(`Sink fund allocation ${row.id} is not part of '${accountName}'`, field(index, 'id'));
    if (seen.has(row.id)) return refusals.add(`Sink fund allocation '${envelope.name}' appears more than once`, field(index, 'id'));
    seen.add(row.id);
    if (row.deleted) plan.deletes.push({ index, stored: envelope });
    else plan.updates.push({ row, index, stored: envelope });
  });
  return plan;
}

function refuseBadValues(plan: Plan, refusals: Refusals): void {
  for (const { row, index } of plan.creates) {
    if (blankName(row.name)) refusals.add(NAME_BLANK, field(index, 'name'));
  }
  for (const { row, index } of plan.updates) {
    if (row.name !== undefined && blankName(row.name)) refusals.add(NAME_BLANK, field(index, 'name'));
  }
  for (const { row, index } of [...plan.creates, ...plan.updates]) {
    if ((sentTarget(row) ?? 0) < 0) refusals.add('Target must not be negative', field(index, row.target === undefined ? 'amount' : 'target'));
  }
}

/** Two envelopes of one name would be two identical choices in the transactions window's picker. */
function refuseDuplicateNames(plan: Plan, stored: Map<number, SinkFundAllocation>, refusals: Refusals): void {
  const sentNames = new Map<number, string>();
  for (const { row, stored: envelope } of plan.updates) if (row.name !== undefined && !blankName(row.name)) sentNames.set(envelope.id, row.name);
  const removed = new Set(plan.deletes.map(({ stored: envelope }) => envelope.id));
  const owners = new Map<string, number>();
  for (const envelope of stored.values()) {
    if (removed.has(envelope.id)) continue;
    const key = nameKey(sentNames.get(envelope.id) ?? envelope.name);
    owners.set(key, (owners.get(key) ?? 0) + 1);
  }
  for (const { row } of plan.creates) if (!blankName(row.name)) owners.set(nameKey(row.name!), (owners.get(nameKey(row.name!)) ?? 0) + 1);
  const named = [
    ...plan.creates.map(({ row, index }) => ({ name: row.name, index })),
    ...plan.updates.filter(({ row }) => row.name !== undefined).map(({ row, index }) => ({ name: row.name, index })),
  ];
  for (const { name, index } of named) {
    if (blankName(name) || (owners.get(nameKey(name!)) ?? 0) < 2) continue;
    refusals.add(`There is more than one sink fund allocation named '${name!.trim()}'`, field(index, 'name'));
  }
}

/** An envelope with transactions keeps them: it can be closed, never deleted; one that schedules pay into is kept for them. */
async function refuseDeletingUsedEnvelopes(scope: HouseholdScope, deletes: Plan['deletes'], refusals: Refusals): Promise<void> {
  if (deletes.length === 0) return;
  const counts = new Map<number, number>();
  await inChunks(
    deletes.map(({ stored }) => stored.id),
    async (part) => {
      const rows = await scope
        .selectFrom('transactions')
        .select(['sink_fund_allocation_id', sql<number>`count(*)`.as('n')])
        .where('sink_fund_allocation_id', 'in', part)
        .groupBy('sink_fund_allocation_id')
        .execute();
      for (const row of rows) counts.set(Number(row.sink_fund_allocation_id), row.n);
    },
  );
  const ids = deletes.map(({ stored }) => stored.id);
  const parts = await partCounts(scope, 'sink_fund_allocation_id', ids);
  const schedules = await schedulesUsing(scope, 'sink_fund_allocation_id', ids);
  for (const { index, stored } of deletes) {
    const count = (counts.get(stored.id) ?? 0) + (parts.get(stored.id) ?? 0);
    if (count > 0) {
      refusals.add(`Sink fund allocation '${stored.name}' has ${counted(count, 'transaction')} and cannot be deleted: close it instead`, field(index, 'deleted'));
    }
    const bills = schedules.get(stored.id);
    if (bills) refusals.add(`Sink fund allocation '${stored.name}' ${usedBySchedules(bills)}`, field(index, 'deleted'));
  }
}

const ENVELOPE_COLUMNS: ColumnTypes<'name' | 'amount' | 'comment' | 'status'> = {
  name: 'varchar',
  amount: 'bigint',
  comment: 'varchar',
  status: 'varchar',
};

/** A field the row left out keeps its stored value; a comment sent as null is cleared. */
const envelopeValues = (row: SinkFundEnvelopeRow, stored: SinkFundAllocation) => ({
  name: row.name === undefined ? stored.name : row.name.trim(),
  amount: sentTarget(row) ?? stored.amount,
  comment: row.comment === undefined ? stored.comment : row.comment,
  status: row.status ?? stored.status,
});

async function applyPlan(scope: HouseholdScope, accountId: number, plan: Plan): Promise<void> {
  await writeRowSet(scope, 'sink_fund_allocations', ENVELOPE_COLUMNS, {
    deletes: plan.deletes.map(({ stored }) => stored),
    updates: plan.updates.map(({ row, stored }) => ({ before: stored, values: envelopeValues(row, stored) })),
    inserts: plan.creates.map(({ row }) => ({
      household_id: scope.householdId,
      bank_account_id: accountId,
      name: row.name!.trim(),
      amount: sentTarget(row) ?? 0,
      comment: row.comment ?? null,
      status: row.status ?? 'open',
    })),
  });
}

/**
 * PUT /sink_funds/:id: the edit screen's envelopes created, renamed, retargeted, closed, reopened and deleted in
 * one transaction. Every refusal names its row; nothing is written when there is any.
 */
export function updateSinkFund(scope: HouseholdScope, id: number, body: UpdateSinkFundBody): Promise<SinkFund> {
  return scope.transaction(async (tx) => {
    const account = await findSinkFundAccount(tx, id);
    await claimSinkFundForEdit(tx, id, body.lock_version);
    const storedRows = await tx.selectFrom('sink_fund_allocations').selectAll().where('bank_account_id', '=', id).execute();
    const stored = new Map(storedRows.map((envelope) => [envelope.id, envelope]));
    const refusals = new Refusals();
    const plan = planRows(body.sink_fund_allocations, stored, account.name, refusals);
    refuseBadValues(plan, refusals);
    refuseDuplicateNames(plan, stored, refusals);
    await refuseDeletingUsedEnvelopes(tx, plan.deletes, refusals);
    refusals.throwIfAny();
    await applyPlan(tx, id, plan);
    return readSinkFund(tx, id);
  });
}
