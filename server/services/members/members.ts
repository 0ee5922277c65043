import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  type AddedMember,
  type AddMemberBody,
  type ChangeRoleBody,
  LAST_OWNER_CANNOT_BE_DEMOTED,
  LAST_OWNER_CANNOT_LEAVE,
  type Member,
  MEMBER_NOT_FOUND,
  OWNERS_ONLY,
  type Role,
} from '../../../src/shared/schemas/members';
import { isUniqueViolation } from '../../db/constraints';
import type { HouseholdScope } from '../../db/scope';
import { isoFromSeconds } from '../../db/timestamps';
import { forbidden, notFound, unauthorized, unprocessable } from '../../errors';
import { normaliseEmail } from '../households';
import { hashPassword } from '../passwords';

/**
 * Settings › Members: the household's people. Users are not a household-scoped table (sign-in finds them by
 * email across households), so every query here names the household itself. Every change runs in the
 * household's write transaction (on PostgreSQL, after its row lock): the roles it checks cannot change under it.
 */

function actorOf(scope: HouseholdScope) {
  if (!scope.actor) throw unauthorized();
  return scope.actor;
}

const memberColumns = ['id', 'name', 'email', 'last_sign_in_at', 'must_change_password', 'role'] as const;

type MemberRow = { id: number; name: string; email: string; last_sign_in_at: number | null; must_change_password: number; role: Role };

const toMember = (row: MemberRow, youId: number): Member => ({
  id: row.id,
  name: row.name,
  email: row.email,
  last_sign_in_at: row.last_sign_in_at == null ? null : isoFromSeconds(Number(row.last_sign_in_at)),
  must_change_password: Number(row.must_change_password) === 1,
  is_you: row.id === youId,
  role: row.role,
});

export async function listMembers(scope: HouseholdScope): Promise<Member[]> {
  const { userId } = actorOf(scope);
  const rows = await scope.db.selectFrom('users').select(memberColumns).where('household_id', '=', scope.householdId).orderBy('id').execute();
  return rows.map((row) => toMember(row, userId));
}

async function findMember(trx: HouseholdScope, memberId: number) {
  const member = await trx.db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', memberId)
    .where('household_id', '=', trx.householdId)
    .executeTakeFirst();
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/** Refuses anyone but an owner, as the role stands now (inside a transaction: as it stands in it). */
export async function requireOwner(trx: HouseholdScope, message = OWNERS_ONLY): Promise<void> {
  const actor = await findMember(trx, actorOf(trx).userId);
  if (actor.role !== 'owner') throw forbidden(message);
}

async function ownerCount(trx: HouseholdScope): Promise<number> {
  const row = await trx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('owners'))
    .where('household_id', '=', trx.householdId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return row.owners;
}

/** Long enough to pass the password rule, typed once by the new member and then replaced. */
const temporaryPassword = () => randomBytes(12).toString('base64url');

/**
 * A temporary password and its hash, made before the transaction that adds the person: scrypt is slow, and the
 * household's write transaction must not wait on it.
 */
export async function newTemporaryPassword(): Promise<{ password: string; hash: string }> {
  const password = temporaryPassword();
  return { password, hash: await hashPassword(password) };
}

const EMAIL_TAKEN = 'This email is already a member of this household';
const emailTaken = () => unprocessable(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });

/**
 * Adds a person to the household as a member who must change the temporary password at first sign-in: the one
 * way a person joins a household that exists (Settings › Members, and the people an imported export names).
 * Inside the household's write transaction, whose caller has checked that an owner asks.
 */
export async function insertMember(trx: HouseholdScope, body: AddMemberBody, passwordHash: string): Promise<MemberRow> {
  const email = normaliseEmail(body.email);
  // Only this household's emails: whether another household has someone of this email is not the owner's to learn.
  const taken = await trx.db.selectFrom('users').select('id').where('household_id', '=', trx.householdId).where(sql<string>`lower(email)`, '=', email).executeTakeFirst();
  if (taken) throw emailTaken();
  try {
    return await trx.db
      .insertInto('users')
      .values({ household_id: trx.householdId, email, name: body.name, password_hash: passwordHash, must_change_password: 1, role: 'member' })
      .returning(memberColumns)
      .executeTakeFirstOrThrow();
  } catch (error) {
    // The same email added to this household by another request since the check.
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** A new member with a temporary password they must change at first sign-in; the password is answered once. */
export async function addMember(scope: HouseholdScope, body: AddMemberBody): Promise<AddedMember> {
  const { userId } = actorOf(scope);
  const { password, hash } = await newTemporaryPassword();
  return scope.transaction(async (trx) => {
    await requireOwner(trx);
    const row = await insertMember(trx, body, hash);
    return { member: toMember(row, userId), temporary_password: password };
  });
}

/**
 * An owner removes someone, or anyone leaves (removes themselves), except the last owner. Every session of the
 * person ends in the same transaction, which also holds the household's write lock: a write of theirs still in
 * flight finds its session gone when it gets the lock (HouseholdScope.transaction) and commits nothing.
 */
export async function removeMember(scope: HouseholdScope, memberId: number): Promise<{ success: true }> {
  const { userId } = actorOf(scope);
  return scope.transaction(async (trx) => {
    const leaving = memberId === userId;
    if (!leaving) await requireOwner(trx);
    const member = await findMember(trx, memberId);
    if (leaving && member.role === 'owner' && (await ownerCount(trx)) === 1) throw unprocessable(LAST_OWNER_CANNOT_LEAVE);
    await trx.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    await trx.db.deleteFrom('users').where('id', '=', member.id).where('household_id', '=', trx.householdId).execute();
    return { success: true as const };
  });
}

/** An owner makes someone an owner or a member; the household keeps at least one owner. */
export async function changeRole(scope: HouseholdScope, memberId: number, body: ChangeRoleBody): Promise<Member> {
  const { userId } = actorOf(scope);
  return scope.transaction(async (trx) => {
    await requireOwner(trx);
    const member = await findMember(trx, memberId);
    if (member.role === 'owner' && body.role !== 'owner' && (await ownerCount(trx)) === 1) throw unprocessable(LAST_OWNER_CANNOT_BE_DEMOTED);
    const row = await trx.db
      .updateTable('users')
      .set({ role: body.role, updated_at: sql<string>`CURRENT_TIMESTAMP` })
      .where('id', '=', member.id)
      .where('household_id', '=', trx.householdId)
      .returning(memberColumns)
      .executeTakeFirstOrThrow();
    return toMember(row, userId);
  });
}
