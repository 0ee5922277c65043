import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  type AddedMember,
  type AddMemberBody,
  CANNOT_REMOVE_YOURSELF,
  type Member,
  MEMBER_NOT_FOUND,
} from '../../../src/shared/schemas/members';
import type { HouseholdScope } from '../../db/scope';
import { isoFromSeconds } from '../../db/timestamps';
import { notFound, unauthorized, unprocessable } from '../../errors';
import { normaliseEmail } from '../households';
import { hashPassword } from '../passwords';

/**
 * Settings › Members: the household's people. Users are not a household-scoped table (sign-in finds them by
 * email across households), so every query here names the household itself.
 */

function actorOf(scope: HouseholdScope) {
  if (!scope.actor) throw unauthorized();
  return scope.actor;
}

const memberColumns = ['id', 'name', 'email', 'last_sign_in_at', 'must_change_password'] as const;

type MemberRow = { id: number; name: string; email: string; last_sign_in_at: number | null; must_change_password: number };

const toMember = (row: MemberRow, youId: number): Member => ({
  id: row.id,
  name: row.name,
  email: row.email,
  last_sign_in_at: row.last_sign_in_at == null ? null : isoFromSeconds(Number(row.last_sign_in_at)),
  must_change_password: Number(row.must_change_password) === 1,
  is_you: row.id === youId,
});

export async function listMembers(scope: HouseholdScope): Promise<Member[]> {
  const { userId } = actorOf(scope);
  const rows = await scope.db.selectFrom('users').select(memberColumns).where('household_id', '=', scope.householdId).orderBy('id').execute();
  return rows.map((row) => toMember(row, userId));
}

/** Long enough to pass the password rule, typed once by the new member and then replaced. */
const temporaryPassword = () => randomBytes(12).toString('base64url');

/** A new member with a temporary password they must change at first sign-in; the password is answered once. */
export async function addMember(scope: HouseholdScope, body: AddMemberBody): Promise<AddedMember> {
  const { userId } = actorOf(scope);
  const email = normaliseEmail(body.email);
  const password = temporaryPassword();
  // scrypt is slow: hashed before the transaction, which must not wait on it.
  const passwordHash = await hashPassword(password);
  return scope.transaction(async (trx) => {
    const taken = await trx.db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email).executeTakeFirst();
    if (taken) throw unprocessable('Email has already been taken', { email: ['Email has already been taken'] });
    const row = await trx.db
      .insertInto('users')
      .values({ household_id: trx.householdId, email, name: body.name, password_hash: passwordHash, must_change_password: 1 })
      .returning(memberColumns)
      .executeTakeFirstOrThrow();
    return { member: toMember(row, userId), temporary_password: password };
  });
}

/** Removes another member of this household and ends every session of theirs at once. */
export async function removeMember(scope: HouseholdScope, memberId: number): Promise<{ success: true }> {
  const { userId } = actorOf(scope);
  return scope.transaction(async (trx) => {
    const member = await trx.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', memberId)
      .where('household_id', '=', trx.householdId)
      .executeTakeFirst();
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.id === userId) throw unprocessable(CANNOT_REMOVE_YOURSELF);
    await trx.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    await trx.db.deleteFrom('users').where('id', '=', member.id).where('household_id', '=', trx.householdId).execute();
    return { success: true as const };
  });
}
