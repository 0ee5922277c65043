import type { Kysely } from 'kysely';
import type { LiveEvent } from '../../../src/shared/liveEvents';
import type { AuthContext } from '../sessions';
import type { Database } from '../../db/schema';
import { householdRevision, logEvent } from './eventLog';
import { resourcesOfUnrecordedWrite, resourcesOfWrite } from './liveResources';
import type { LiveRelay } from './relays';

interface AnsweredWrite {
  auth: AuthContext;
  /** The route's path pattern (`/budgets/:id`). */
  routeUrl: string;
  /** The Activity entry the write recorded, if any (its `activity-id` answer header). */
  activityId: number | null;
  tab: string | null;
}

/**
 * After a write has committed and answered: says what it changed to every stream of the household, on every
 * process, and logs it for the clients that reconnect later. A write that changed nothing says nothing.
 */
export async function announceWrite(db: Kysely<Database>, relay: LiveRelay, write: AnsweredWrite): Promise<LiveEvent | null> {
  const { auth } = write;
  const revision = await householdRevision(db, auth.householdId);
  const entry =
    write.activityId === null
      ? undefined
      : await db
          .selectFrom('activities')
          .select(['kind', 'budget_id', 'bank_account_id', 'user_id', 'actor_name'])
          .where('household_id', '=', auth.householdId)
          .where('id', '=', write.activityId)
          .executeTakeFirst();
  const resources = entry ? resourcesOfWrite(entry) : resourcesOfUnrecordedWrite(write.routeUrl, revision > auth.revision);
  if (resources.length === 0) return null;
  const name =
    entry?.actor_name ?? (await db.selectFrom('users').select('name').where('id', '=', auth.userId).executeTakeFirst())?.name ?? 'Someone';
  const event: LiveEvent = { revision, by: { user_id: auth.userId, name }, tab: write.tab, resources };
  await logEvent(db, auth.householdId, { ...event, previousRevision: auth.revision });
  await relay.publish(auth.householdId, event);
  return event;
}
