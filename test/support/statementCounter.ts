import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../server/db/schema';
import { HouseholdScope } from '../../server/db/scope';

/**
 * A household's scope whose statements are counted, for tests that a read takes the same few statements however
 * much data it covers. Counted as results arrive: a subquery passes through transformQuery too, but only
 * statements have results.
 */
export function countingScope(db: Kysely<Database>, householdId: number) {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements += 1;
      return args.result;
    },
  };
  return { scope: new HouseholdScope(db.withPlugin(plugin), householdId), counter };
}
