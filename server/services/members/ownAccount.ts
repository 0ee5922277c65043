import { sql } from 'kysely';
import {
  type ChangePasswordBody,
  type DeviceSession,
  SESSION_NOT_FOUND,
  WRONG_CURRENT_PASSWORD,
} from '../../../src/shared/schemas/members';
import type { HouseholdScope } from '../../db/scope';
import { isoFromSeconds, isoTimestamp } from '../../db/timestamps';
import { notFound, unauthorized, unprocessable } from '../../errors';
import { hashPassword, verifyPassword } from '../passwords';

/** What each person does for themselves: their password and their signed-in devices. */

function actorOf(scope: HouseholdScope) {
  if (!scope.actor) throw unauthorized();
  return scope.actor;
}

const wrongCurrentPassword = () => unprocessable(WRONG_CURRENT_PASSWORD, { current_password: [WRONG_CURRENT_PASSWORD] });

/**
 * A new password for the signed-in person (and the end of a temporary one). Their other devices are signed out:
 * whoever knew the old password is no longer signed in anywhere.
 */
export async function changeOwnPassword(scope: HouseholdScope, body: ChangePasswordBody): Promise<{ success: true }> {
  const { userId, sessionId } = actorOf(scope);
  const passwordHashOf = (db: HouseholdScope['db']) => db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  const verified = (await passwordHashOf(scope.db)).password_hash;
  if (!(await verifyPassword(body.current_password, verified))) throw wrongCurrentPassword();
  const passwordHash = await hashPassword(body.password);
  return scope.transaction(async (trx) => {
    // scrypt stays outside the transaction; inside it, under the household's write lock, the password checked
    // must still be the current one, so of two changes at once exactly one succeeds.
    if ((await passwordHashOf(trx.db)).password_hash !== verified) throw wrongCurrentPassword();
    await trx.db
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 0, updated_at: sql<string>`CURRENT_TIMESTAMP` })
      .where('id', '=', userId)
      .execute();
    await trx.db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', sessionId).execute();
    return { success: true as const };
  });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function listOwnSessions(scope: HouseholdScope): Promise<DeviceSession[]> {
  const { userId, sessionId } = actorOf(scope);
  const rows = await scope.db
    .selectFrom('sessions')
    .select(['id', 'device', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowSeconds())
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: row.device ?? 'Unknown device',
    signed_in_at: isoTimestamp(row.created_at),
    last_used_at: isoFromSeconds(Number(row.last_used_at)),
    expires_at: isoFromSeconds(Number(row.expires_at)),
    current: row.id === sessionId,
  }));
}

/** Ends one of the person's own sessions (this one too: that is signing out here). */
export async function endOwnSession(scope: HouseholdScope, id: number): Promise<{ success: true }> {
  const { userId } = actorOf(scope);
  const deleted = await scope.db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(SESSION_NOT_FOUND);
  return { success: true as const };
}
