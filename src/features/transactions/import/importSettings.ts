import { z } from 'zod';
import type { BankAccount, BankAccountBody } from '../../../shared/schemas/setup';
import { csvMappingSchema, type CsvMapping } from './csvMapping';

/** What an account remembers about its bank's exports, stored as JSON in `bank_accounts.import_settings`. */
const importSettingsSchema = z.object({ csv: csvMappingSchema.optional() });

export function rememberedCsvMapping(account: Pick<BankAccount, 'import_settings'>): CsvMapping | null {
  if (!account.import_settings) return null;
  try {
    const parsed = importSettingsSchema.safeParse(JSON.parse(account.import_settings));
    return parsed.success ? (parsed.data.csv ?? null) : null;
  } catch {
    return null;
  }
}

/** The account's full body for `PUT /bank_accounts/:id` with the CSV mapping remembered in it. */
export function bankAccountWithCsvMapping(account: BankAccount, mapping: CsvMapping): BankAccountBody & { id: number } {
  let settings: Record<string, unknown> = {};
  try {
    const stored: unknown = account.import_settings ? JSON.parse(account.import_settings) : {};
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) settings = stored as Record<string, unknown>;
  } catch {
    // Unreadable settings are replaced.
  }
  return {
    id: account.id,
    name: account.name,
    institution_id: account.institution_id,
    account_type: account.account_type,
    account_category: account.account_category,
    is_cash: account.is_cash,
    account_no: account.account_no,
    opening_balance: account.opening_balance,
    status: account.status,
    import_format: account.import_format,
    import_settings: JSON.stringify({ ...settings, csv: mapping }),
    statement_day: account.statement_day,
    payment_due_day: account.payment_due_day,
  };
}
