import { sql } from 'kysely';
import { SETTINGS_CONFLICT_MESSAGE, type Settings, type SettingsBody } from '../../src/shared/schemas/setup';
import { moveVersion } from '../db/lockVersions';
import type { HouseholdScope } from '../db/scope';
import { conflict } from '../errors';
import { Refusals } from './refusals';

const COLUMNS = [
  'family_type',
  'husband',
  'wife',
  'single_person',
  'primary_budget_account_id',
  'default_allocation_category_id_for_special_events',
  'lock_version',
  'split_rule',
] as const;

async function readSettings(scope: HouseholdScope): Promise<Settings | undefined> {
  return scope.selectFrom('settings').select(COLUMNS).executeTakeFirst();
}

/**
 * The household's settings row with the defaults, unless it has one. The partners' names start blank (shown as
 * "First partner" / "Second partner") unless given: the columns' old defaults, "Wife" and "Husband", named no one.
 */
export async function createSettings(scope: HouseholdScope, partners: Partial<Pick<Settings, 'wife' | 'husband'>> = {}): Promise<void> {
  await scope
    .insertInto('settings')
    .values({ household_id: scope.householdId, wife: partners.wife ?? '', husband: partners.husband ?? '' })
    .onConflict((oc) => oc.column('household_id').doNothing())
    .execute();
}

/** The household's settings; the row with the defaults is created on first read. */
export async function getSettings(scope: HouseholdScope): Promise<Settings> {
  const existing = await readSettings(scope);
  if (existing) return existing;
  await createSettings(scope);
  const created = await readSettings(scope);
  if (!created) throw new Error('settings row missing right after it was created');
  return created;
}

export async function saveSettings(scope: HouseholdScope, body: SettingsBody): Promise<Settings> {
  return scope.transaction(async (trx) => {
    await getSettings(trx);
    const moved = await moveVersion(trx, 'settings', { ids: 'all', sent: body.lock_version });
    if (moved.size !== 1) throw conflict(SETTINGS_CONFLICT_MESSAGE);
    const primary = body.primary_budget_account_id ?? null;
    const category = body.default_allocation_category_id_for_special_events ?? null;
    const refusals = new Refusals();
    // Another household's id is indistinguishable from a missing one.
    if (!(await trx.ownsAll('bank_accounts', [primary]))) refusals.add("Primary budget account doesn't exist", 'primary_budget_account_id');
    if (!(await trx.ownsAll('allocation_categories', [category]))) {
      refusals.add("Default allocation category for special events doesn't exist", 'default_allocation_category_id_for_special_events');
    }
    refusals.throwIfAny();
    await trx
      .updateTable('settings')
      .set({
        family_type: body.family_type,
        husband: body.husband,
        wife: body.wife,
        single_person: body.single_person,
        primary_budget_account_id: primary,
        default_allocation_category_id_for_special_events: category,
        ...(body.split_rule ? { split_rule: body.split_rule } : {}),
        updated_at: sql<string>`CURRENT_TIMESTAMP`,
      })
      .execute();
    return (await readSettings(trx))!;
  });
}
