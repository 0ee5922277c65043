import type { IncomeOwner, Settings } from './schemas/setup';

export type Partners = Pick<Settings, 'family_type' | 'husband' | 'wife'>;

/** "Ana's", "Ben's", "Shared": whose an income is, in the partners' own names (the role when a name is blank). */
export function ownerLabel(partners: Partners, owner: IncomeOwner): string {
  if (owner === 'shared') return 'Shared';
  const name = partners[owner].trim();
  return name ? `${name}'s` : owner === 'wife' ? "Wife's" : "Husband's";
}

/** The choices of the Whose select, wife first (the settings' order). */
export const OWNERS: readonly IncomeOwner[] = ['wife', 'husband', 'shared'];

/** Only a couple's incomes have a "Whose": a single person's are all theirs. */
export const showsOwners = (settings: Partners | undefined): settings is Partners => settings?.family_type === 'couple';
