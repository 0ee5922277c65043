import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { MIN_PASSWORD_LENGTH, type CreateHouseholdBody } from '../../src/shared/schemas/auth';
import type { Database } from '../db/schema';
import { unprocessable } from '../errors';
import { HouseholdScope } from '../db/scope';
import { hashPassword } from './passwords';
import { createSettings } from './settings';

interface NewUser {
  householdName: string;
  name?: string;
  email: string;
  password: string;
}

/** A user ready to be written: validated, email normalised, password hashed. */
interface PreparedUser {
  householdName: string;
  name: string;
  email: string;
  passwordHash: string;
}

export const ALREADY_SET_UP_MESSAGE = 'This EveryCent is already set up.';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Validates and hashes outside any transaction: scrypt is slow and must not hold a database lock. */
export async function prepareUser(input: NewUser): Promise<PreparedUser> {
  const email = normaliseEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw unprocessable('Email is not valid', { email: ['Email is not valid'] });
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    const message = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
    throw unprocessable(message, { password: [message] });
  }
  const householdName = input.householdName.trim();
  if (!householdName) throw unprocessable("Household name can't be blank", { household_name: ["Household name can't be blank"] });
  return {
    householdName,
    email,
    name: input.name?.trim() || email.split('@')[0],
    passwordHash: await hashPassword(input.password),
  };
}

/**
 * Writes the user (and its household unless one of that name exists and `newHousehold` is false) with `trx`,
 * which must be a transaction.
 */
export async function insertUser(trx: Kysely<Database>, user: PreparedUser, { newHousehold = false } = {}) {
  const taken = await trx.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', user.email).executeTakeFirst();
  if (taken) throw unprocessable('Email has already been taken', { email: ['Email has already been taken'] });
  const existing = await trx
    .selectFrom('households')
    .select('id')
    .where('name', '=', user.householdName)
    .orderBy('id')
    .executeTakeFirst();
  if (existing && newHousehold) throw unprocessable(`Household "${user.householdName}" already exists`);
  const household =
    existing ?? (await trx.insertInto('households').values({ name: user.householdName }).returning('id').executeTakeFirstOrThrow());
  // Whoever creates a household owns it; one added to an existing household is a member.
  const role = existing ? 'member' : 'owner';
  const row = await trx
    .insertInto('users')
    .values({ household_id: household.id, email: user.email, name: user.name, password_hash: user.passwordHash, role })
    .returning(['id', 'household_id'])
    .executeTakeFirstOrThrow();
  return { userId: row.id, householdId: row.household_id };
}

/** Creates the household when no household of that name exists yet, then the user in it (the CLI's user:add). */
export async function addUser(db: Kysely<Database>, input: NewUser) {
  const user = await prepareUser(input);
  return db.transaction().execute((trx) => insertUser(trx, user));
}

export async function hasAnyUser(db: Kysely<Database>): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/** First run only: the household and its first user, refused once any user exists. */
export async function createFirstHousehold(db: Kysely<Database>, body: CreateHouseholdBody) {
  if (await hasAnyUser(db)) throw unprocessable(ALREADY_SET_UP_MESSAGE);
  const user = await prepareUser({ householdName: body.household_name, name: body.name, email: body.email, password: body.password });
  return db.transaction().execute(async (trx) => {
    // Two first-run forms submitted at once must not both succeed: PostgreSQL serialises them on this lock;
    // SQLite runs one write transaction at a time anyway.
    if (isPostgres(trx)) {
      await sql`lock table users in share row exclusive mode`.execute(trx);
    }
    if (await hasAnyUser(trx)) throw unprocessable(ALREADY_SET_UP_MESSAGE);
    const created = await insertUser(trx, user, { newHousehold: true });
    // Settings keep the first partner as `wife` and the second as `husband` (the order the split lists them).
    await createSettings(new HouseholdScope(trx, created.householdId), { wife: body.first_partner_name, husband: body.second_partner_name });
    return created;
  });
}
