import { type RawBuilder, sql } from 'kysely';
import { sumCents } from '../../src/shared/money';
import {
  type PlannedAllocationsBody,
  SPECIAL_EVENT_NOT_FOUND_MESSAGE,
  type SpecialEvent,
  type SpecialEventAllocation,
  type SpecialEventAllocationsBody,
  type SpecialEventBody,
} from '../../src/shared/schemas/specialEvents';
import { inChunks } from '../db/chunks';
import type { SpecialEvent as SpecialEventRow } from '../db/schema';
import type { HouseholdScope } from '../db/scope';
import { bumpLockVersion } from './budgets/periods';
import { Refusals } from './refusals';
import { spentPerAllocation } from './spending';
import { CATEGORY_UNKNOWN, refuseTooManyLines } from './budgets/lines';
import { BUDGET_NOT_FOUND_MESSAGE } from '../../src/shared/budgetMessages';
import { notFound } from '../errors';

type LinkedAllocation = SpecialEventAllocation & { special_event_id: number };

/**
 * The allocations linked to one event (or to any event), each with its budget, category and `spent`: the lines
 * and the grouped sums in one statement, whatever the number of events or allocations. `spent` follows the
 * budget screen's rule: carried-forward copies and their balancing rows are not spending.
 */
async function linkedAllocations(scope: HouseholdScope, eventId?: number): Promise<LinkedAllocation[]> {
  const linked =
    eventId === undefined ? sql<boolean>`allocations.special_event_id is not null` : sql<boolean>`allocations.special_event_id = ${eventId}`;
  const sums = spentPerAllocation(scope, linked);
  const rows = await scope
    .selectFrom('allocations')
    .innerJoin('budgets', 'budgets.id', 'allocations.budget_id')
    .innerJoin('allocation_categories', 'allocation_categories.id', 'allocations.allocation_category_id')
    .leftJoin(sums.as('sums'), 'sums.allocation_id', 'allocations.id')
    .select([
      'allocations.id',
      'allocations.name',
      'allocations.amount',
      'allocations.special_event_id',
      'allocations.budget_id',
      'budgets.name as budget_name',
      'allocations.allocation_category_id',
      'allocation_categories.name as allocation_category_name',
      'sums.spent',
    ])
    .where(linked)
    .orderBy('budgets.start_date')
    .orderBy('allocation_categories.name')
    .orderBy('allocations.name')
    .orderBy('allocations.id')
    .execute();
  return rows.map(({ spent, special_event_id, ...row }) => ({ ...row, special_event_id: special_event_id!, spent: spent ?? 0 }));
}

const eventColumns = ['id', 'name', 'budget_amount', 'start_date'] as const;

function eventWith(event: Pick<SpecialEventRow, (typeof eventColumns)[number]>, allocations: LinkedAllocation[]): SpecialEvent {
  return {
    id: event.id,
    name: event.name,
    budget_amount: event.budget_amount,
    start_date: event.start_date,
    actual_amount: sumCents(allocations.map((allocation) => allocation.spent)),
    allocations: allocations.map(({ special_event_id: _event, ...allocation }) => allocation),
  };
}

/** Newest start first; events without a date after the dated ones, newest created first. Two statements in all. */
export async function listSpecialEvents(scope: HouseholdScope): Promise<SpecialEvent[]> {
  const [events, allocations] = await Promise.all([
    scope
      .selectFrom('special_events')
      .select(eventColumns)
      .orderBy(sql`case when start_date is null then 1 else 0 end`)
      .orderBy('start_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    linkedAllocations(scope),
  ]);
  const byEvent = new Map<number, LinkedAllocation[]>(events.map((event) => [event.id, []]));
  for (const allocation of allocations) byEvent.get(allocation.special_event_id)?.push(allocation);
  return events.map((event) => eventWith(event, byEvent.get(event.id)!));
}

export async function readSpecialEvent(scope: HouseholdScope, id: number): Promise<SpecialEvent> {
  const event = await scope.find('special_events', id, SPECIAL_EVENT_NOT_FOUND_MESSAGE);
  return eventWith(event, await linkedAllocations(scope, id));
}

export function createSpecialEvent(scope: HouseholdScope, body: SpecialEventBody): Promise<SpecialEvent> {
  return scope.transaction(async (trx) => {
    const { id } = await trx
      .insertInto('special_events')
      .values({ household_id: trx.householdId, name: body.name, budget_amount: body.budget_amount ?? 0, start_date: body.start_date ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return readSpecialEvent(trx, id);
  });
}

/** A field left out keeps its value; `start_date: null` clears the date. */
export function updateSpecialEvent(scope: HouseholdScope, id: number, body: SpecialEventBody): Promise<SpecialEvent> {
  return scope.transaction(async (trx) => {
    await trx.find('special_events', id, SPECIAL_EVENT_NOT_FOUND_MESSAGE);
    await trx
      .updateTable('special_events')
      .set({ name: body.name, budget_amount: body.budget_amount, start_date: body.start_date, updated_at: sql`CURRENT_TIMESTAMP` })
      .where('id', '=', id)
      .execute();
    return readSpecialEvent(trx, id);
  });
}

/**
 * Points allocations at the event (or at none): those with these ids, or every one linked to the event `of`.
 * Returns the budgets whose lines changed.
 */
async function relink(scope: HouseholdScope, eventId: number | null, allocations: number[] | { of: number }): Promise<number[]> {
  const update = async (which: RawBuilder<boolean>) => {
    const rows = await scope
      .updateTable('allocations')
      .set({ special_event_id: eventId, updated_at: sql`CURRENT_TIMESTAMP` })
      .where(which)
      .returning('budget_id')
      .execute();
    return rows.map((row) => row.budget_id);
  };
  if (!Array.isArray(allocations)) return update(sql<boolean>`special_event_id = ${allocations.of}`);
  const budgetIds: number[] = [];
  await inChunks(allocations, async (part) => budgetIds.push(...(await update(sql<boolean>`id in (${sql.join(part)})`))));
  return budgetIds;
}

/**
 * A link is part of the budget's lines: the budgets that gained or lost one move their lock versions on, so a
 * budget edit read before the link is a conflict instead of quietly putting the old link back.
 */
const linksChangedIn = (scope: HouseholdScope, budgetIds: number[]) => bumpLockVersion(scope, [...new Set(budgetIds)]);

/** The event's allocations lose their link (their money and transactions stay); then the event goes. */
export function deleteSpecialEvent(scope: HouseholdScope, id: number): Promise<void> {
  return scope.transaction(async (trx) => {
    await trx.find('special_events', id, SPECIAL_EVENT_NOT_FOUND_MESSAGE);
    await linksChangedIn(trx, await relink(trx, null, { of: id }));
    await trx.deleteFrom('special_events').where('id', '=', id).execute();
  });
}

/**
 * Ids that are not allocations of this household, and allocations already linked to another event, are refused
 * (every one named, nothing written): an allocation belongs to at most one event, and moving it is an unlink
 * from that event first. Allocations of closed budgets may be linked: the link labels spending, it moves no money.
 */
async function refuseAllocations(scope: HouseholdScope, eventId: number, ids: readonly number[]): Promise<void> {
  const refusals = new Refusals();
  const owned = await scope.ownedIds('allocations', ids);
  const fields = new Map<number, string[]>();
  ids.forEach((id, index) => fields.set(id, [...(fields.get(id) ?? []), `allocation_ids.${index}`]));
  const fieldsOf = (id: number) => fields.get(id) ?? [];
  for (const id of fields.keys()) {
    if (!owned.has(id)) for (const field of fieldsOf(id)) refusals.add(`Allocation ${id} doesn't exist`, field);
  }
  await inChunks([...owned], async (part) => {
    const taken = await scope
      .selectFrom('allocations')
      .innerJoin('special_events', 'special_events.id', 'allocations.special_event_id')
      .innerJoin('budgets', 'budgets.id', 'allocations.budget_id')
      .select(['allocations.id', 'allocations.name', 'budgets.name as budget_name', 'special_events.name as event_name'])
      .where('allocations.id', 'in', part)
      .where('allocations.special_event_id', '!=', eventId)
      .orderBy('allocations.id')
      .execute();
    for (const allocation of taken) {
      const message = `Allocation '${allocation.name}' (${allocation.budget_name}) already belongs to special event '${allocation.event_name}'`;
      for (const field of fieldsOf(allocation.id)) refusals.add(message, field);
    }
  });
  refusals.throwIfAny();
}

/** PUT /special_events/:id/allocations: the event ends up linked to exactly these allocations; only changed links are written. */
export function setSpecialEventAllocations(scope: HouseholdScope, id: number, body: SpecialEventAllocationsBody): Promise<SpecialEvent> {
  return scope.transaction(async (trx) => {
    await trx.find('special_events', id, SPECIAL_EVENT_NOT_FOUND_MESSAGE);
    await refuseAllocations(trx, id, body.allocation_ids);
    const wanted = new Set(body.allocation_ids);
    const current = new Set((await trx.selectFrom('allocations').select('id').where('special_event_id', '=', id).execute()).map((row) => row.id));
    const unlinkedFrom = await relink(trx, null, [...current].filter((allocationId) => !wanted.has(allocationId)));
    const linkedIn = await relink(trx, id, [...wanted].filter((allocationId) => !current.has(allocationId)));
    await linksChangedIn(trx, [...unlinkedFrom, ...linkedIn]);
    return readSpecialEvent(trx, id);
  });
}

/**
 * POST /special_events/:id/planned_allocations: the event's allocation made in each chosen budget at once (the
 * months it is paid for), linked to the event. Only open budgets take new lines; a budget named twice, an unknown
 * category or a zero amount is refused, every reason given and nothing written. Returns the event.
 */
export function addPlannedAllocations(scope: HouseholdScope, id: number, body: PlannedAllocationsBody): Promise<{ event: SpecialEvent; allocationIds: number[] }> {
  return scope.transaction(async (trx) => {
    await trx.find('special_events', id, SPECIAL_EVENT_NOT_FOUND_MESSAGE);
    const budgetIds = body.months.map((month) => month.budget_id);
    const budgets = await trx.selectFrom('budgets').select(['id', 'name', 'status']).where('id', 'in', budgetIds).execute();
    const distinct = new Set(budgetIds);
    if (budgets.length !== distinct.size) throw notFound(BUDGET_NOT_FOUND_MESSAGE);
    const refusals = new Refusals();
    if (distinct.size !== budgetIds.length) refusals.add('Each month can be chosen only once', 'months');
    for (const budget of budgets) if (budget.status === 'closed') refusals.add(`Budget ${budget.name} is closed: reopen it to add allocations to it`, 'months');
    body.months.forEach((month, index) => {
      if (month.amount === 0) refusals.add('Amount must be greater than 0', `months.${index}.amount`);
    });
    if (!(await trx.ownsAll('allocation_categories', [body.allocation_category_id]))) refusals.add(CATEGORY_UNKNOWN, 'allocation_category_id');
    await refuseTooManyLines(trx, 'allocations', new Map(budgetIds.map((budgetId) => [budgetId, 1])), refusals);
    refusals.throwIfAny();
    const made = await trx
      .insertInto('allocations')
      .values(
        body.months.map((month) => ({
          household_id: trx.householdId,
          budget_id: month.budget_id,
          allocation_category_id: body.allocation_category_id,
          name: body.name,
          amount: month.amount,
          is_fixed_amount: 0 as const,
          comment: null,
          special_event_id: id,
        })),
      )
      .returning('id')
      .execute();
    await linksChangedIn(trx, budgetIds);
    return { event: await readSpecialEvent(trx, id), allocationIds: made.map((row) => row.id) };
  });
}
