import type { Migration } from 'kysely';
import { MIGRATIONS } from '../../server/db/migrate';

/** The migrations that ran before `name`: a database as an earlier version of EveryCent left it. */
export const migrationsBefore = (name: string): Record<string, Migration> =>
  Object.fromEntries(Object.entries(MIGRATIONS).filter(([other]) => other < name));
