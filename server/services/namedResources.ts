import { sql } from 'kysely';
import { isUniqueViolation } from '../db/constraints';
import type { HouseholdScope } from '../db/scope';
import { unprocessable } from '../errors';
import { recorded } from './activity/record';

/** Setup lists that are only a name, unique per household ignoring case. */
type NamedTable = 'allocation_categories' | 'institutions';

interface Named {
  id: number;
  name: string;
}

/**
 * List, create and rename for a named setup list. Names are compared with the database's own lower() so the
 * check agrees with the unique index; a concurrent insert that slips past the check still meets the index and
 * gets the same 422.
 */
export function namedResource(table: NamedTable, messages: { exists: string; notFound: string }) {
  const refuseDuplicate = () => unprocessable(messages.exists, { name: [messages.exists] });

  async function saveUnique<R>(scope: HouseholdScope, name: string, exceptId: number | null, write: () => Promise<R>): Promise<R> {
    let query = scope
      .selectFrom(table)
      .select(sql<number>`id`.as('id'))
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== null) query = query.where(sql<boolean>`id <> ${exceptId}`);
    if (await query.executeTakeFirst()) throw refuseDuplicate();
    try {
      return await write();
    } catch (error) {
      throw isUniqueViolation(error) ? refuseDuplicate() : error;
    }
  }

  return {
    list(scope: HouseholdScope): Promise<Named[]> {
      return scope
        .selectFrom(table)
        .select([sql<number>`id`.as('id'), sql<string>`name`.as('name')])
        .orderBy(sql`lower(name)`)
        .orderBy(sql`id`)
        .execute();
    },

    create(scope: HouseholdScope, name: string): Promise<Named> {
      return scope.transaction((trx) =>
        saveUnique(trx, name, null, async () => {
          const row = await trx
            .insertInto(table)
            .values({ household_id: trx.householdId, name })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id, name };
        }),
      );
    },

    rename(scope: HouseholdScope, id: number, name: string): Promise<Named> {
      return scope.transaction(async (trx) => {
        await trx.find(table, id, messages.notFound);
        await saveUnique(trx, name, id, () =>
          trx
            .updateTable(table)
            .set({ name, updated_at: sql`CURRENT_TIMESTAMP` })
            .where(sql<boolean>`id = ${id}`)
            .execute(),
        );
        return { id, name };
      });
    },
  };
}

/**
 * A named list's writes as the routes run them: each in one transaction with its activity entry, in the
 * activity's words ("added the allocation category Food"); `thing` is the list's item in those words and `key`
 * names its rows for undo and the activity's links.
 */
export function recordedNamedWrites(
  table: NamedTable,
  resource: ReturnType<typeof namedResource>,
  words: { thing: string; key: string },
  remove: (scope: HouseholdScope, id: number) => Promise<void>,
) {
  const change = (verb: string, item: Named) => ({ kind: 'setup' as const, summary: `${verb} the ${words.thing} ${item.name}`, rowKeys: [`${words.key}:${item.id}`] });
  return {
    add: (scope: HouseholdScope, name: string) => recorded(scope, (trx) => resource.create(trx, name), (item) => change('added', item)),
    rename: (scope: HouseholdScope, id: number, name: string) => recorded(scope, (trx) => resource.rename(trx, id, name), (item) => change('saved', item)),
    remove: (scope: HouseholdScope, id: number) =>
      recorded(
        scope,
        async (trx) => {
          const item = await trx.selectFrom(table).select(sql<string>`name`.as('name')).where(sql<boolean>`id = ${id}`).executeTakeFirst();
          await remove(trx, id);
          return { id, name: item?.name ?? '' };
        },
        (item) => change('deleted', item),
      ),
  };
}
