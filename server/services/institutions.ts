import { sql } from 'kysely';
import type { HouseholdScope } from '../db/scope';
import { unprocessable } from '../errors';
import { namedResource, recordedNamedWrites } from './namedResources';
import { counted } from '../../src/shared/wording';

const INSTITUTION_EXISTS = 'Institution already exists.';
const NOT_FOUND = 'Institution not found';

export const institutions = namedResource('institutions', { exists: INSTITUTION_EXISTS, notFound: NOT_FOUND });

/** Refused while bank accounts (open or closed) name the institution. */
function deleteInstitution(scope: HouseholdScope, id: number): Promise<void> {
  return scope.transaction(async (trx) => {
    const institution = await trx.find('institutions', id, NOT_FOUND);
    const accounts = await trx
      .selectFrom('bank_accounts')
      .select(sql<number>`count(*)`.as('n'))
      .where('institution_id', '=', id)
      .executeTakeFirstOrThrow();
    const used = accounts.n;
    if (used > 0) throw unprocessable(`Institution '${institution.name}' is used by ${counted(used, 'bank account')}`);
    await trx.deleteFrom('institutions').where('id', '=', id).execute();
  });
}

export const institutionWrites = recordedNamedWrites('institutions', institutions, { thing: 'financial institution', key: 'institution' }, deleteInstitution);
