import type { BankAccount as BankAccountResponse } from '../../../src/shared/schemas/setup';

/** The columns a person edits in the bank account form; the import fields are saved from Import Transactions. */
const FORM_FIELDS = [
  'name',
  'institution_id',
  'account_type',
  'account_category',
  'is_cash',
  'account_no',
  'opening_balance',
  'opening_date',
  'status',
  'statement_day',
  'payment_due_day',
] as const satisfies readonly (keyof BankAccountResponse)[];

function csvMappingOf(importSettings: string | null): string {
  try {
    const settings: unknown = importSettings ? JSON.parse(importSettings) : null;
    return settings && typeof settings === 'object' && 'csv' in settings ? JSON.stringify(settings.csv) : '';
  } catch {
    return '';
  }
}

type Saved = Pick<BankAccountResponse, (typeof FORM_FIELDS)[number] | 'import_format' | 'import_settings'>;

/**
 * What a `PUT /bank_accounts/:id` did, for Activity: Import Transactions saves the whole account to remember a
 * CSV column mapping, which is not an edit of the account as the person sees it.
 */
export function bankAccountSaveSummary(before: Saved, after: Saved): string {
  const formChanged = FORM_FIELDS.some((field) => before[field] !== after[field]);
  if (!formChanged) {
    if (csvMappingOf(before.import_settings) !== csvMappingOf(after.import_settings)) return `saved the CSV column mapping of ${after.name}`;
    if (before.import_settings !== after.import_settings || before.import_format !== after.import_format) return `saved the import settings of ${after.name}`;
  }
  return `saved the bank account ${after.name}`;
}
