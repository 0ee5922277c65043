import type { IncomeOwner, Settings } from './schemas/setup';

export type Partners = Pick<Settings, 'family_type' | 'husband' | 'wife'>;

/** A partner as the person sees them: their name, or "First partner"/"Second partner" while it is blank (the API's wife comes first). */
export function partnerName(partners: Pick<Settings, 'husband' | 'wife'>, owner: Exclude<IncomeOwner, 'shared'>): string {
  return partners[owner].trim() || (owner === 'wife' ? 'First partner' : 'Second partner');
}

/** "Ana's", "Ben's", "Shared": whose an income is, in the partners' own names. */
export function ownerLabel(partners: Partners, owner: IncomeOwner): string {
  if (owner === 'shared') return 'Shared';
  return `${partnerName(partners, owner)}'s`;
}

/** The choices of the Whose select, wife first (the settings' order). */
export const OWNERS: readonly IncomeOwner[] = ['wife', 'husband', 'shared'];

/** Only a couple's incomes have a "Whose": a single person's are all theirs. */
export const showsOwners = (settings: Partners | undefined): settings is Partners => settings?.family_type === 'couple';
