import type { Kysely } from 'kysely';
import { MIN_PASSWORD_LENGTH } from '../../src/shared/schemas/auth';
import type { Database } from '../db/schema';
import { unprocessable } from '../errors';
import { hashPassword } from './passwords';

export interface NewUser {
  householdName: string;
  name?: string;
  email: string;
  password: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Creates the household when no household of that name exists yet, then the user in it. */
export async function addUser(db: Kysely<Database>, input: NewUser) {
  const email = normaliseEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw unprocessable('Email is not valid');
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw unprocessable(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const householdName = input.householdName.trim();
  if (!householdName) throw unprocessable("Household name can't be blank");
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw unprocessable('Email has already been taken');
    const existing = await trx.selectFrom('households').select('id').where('name', '=', householdName).executeTakeFirst();
    const household =
      existing ??
      (await trx.insertInto('households').values({ name: householdName }).returning('id').executeTakeFirstOrThrow());
    const user = await trx
      .insertInto('users')
      .values({
        household_id: household.id,
        email,
        name: input.name?.trim() || email.split('@')[0],
        password_hash: passwordHash,
      })
      .returning(['id', 'household_id'])
      .executeTakeFirstOrThrow();
    return { userId: user.id, householdId: user.household_id };
  });
}
