import { z } from 'zod';
import { dateSchema, flagSchema, idSchema, moneySchema, moneyTotalSchema, blankableNameSchema, nameSchema, notGiven, optionalRefSchema, queryFlagSchema, queryIdSchema, textSchema, versionSchema } from './common';

/** Allocation categories and institutions are each only a name. */
export const namedItemSchema = z.object({ id: idSchema, name: z.string() });
export const namedItemBodySchema = z.object({ name: nameSchema });
export type AllocationCategory = z.infer<typeof namedItemSchema>;
export type Institution = z.infer<typeof namedItemSchema>;

export const accountTypeSchema = z.enum(['normal', 'credit_card', 'sink_fund']);
export type AccountType = z.infer<typeof accountTypeSchema>;
export const accountCategorySchema = z.enum(['current', 'asset', 'liability']);
export type AccountCategory = z.infer<typeof accountCategorySchema>;
export const accountStatusSchema = z.enum(['open', 'closed']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const dayOfMonthSchema = z
  .number()
  .int({ error: 'must be a day of the month (1–31)' })
  .min(1, { error: 'must be a day of the month (1–31)' })
  .max(31, { error: 'must be a day of the month (1–31)' });

const importFormatSchema = textSchema(50);
export const accountNumberSchema = textSchema(100);
const importSettingsSchema = textSchema(5000);

/** A bank account's fields that the API and the household's export carry alike, as stored. */
export const bankAccountStoredFields = {
  status: accountStatusSchema,
  import_format: importFormatSchema.nullable(),
  import_settings: importSettingsSchema.nullable(),
  statement_day: dayOfMonthSchema.nullable(),
  payment_due_day: dayOfMonthSchema.nullable(),
  window_lock_version: versionSchema,
};

export const bankAccountSchema = z.object({
  id: idSchema,
  name: z.string(),
  institution_id: idSchema.nullable(),
  institution: z.object({ id: idSchema, name: z.string() }).nullable(),
  account_type: accountTypeSchema,
  account_category: accountCategorySchema,
  is_cash: z.boolean(),
  account_no: z.string().nullable(),
  opening_balance: moneySchema,
  /** The opening balance is the balance at the end of this day; only later transactions move it. */
  opening_date: z.string(),
  closing_balance: moneyTotalSchema.nullable(),
  closing_date: z.string().nullable(),
  ...bankAccountStoredFields,
  /** The last statement the account was reconciled to (POST /bank_accounts/:id/reconcile): rows dated up to it are reconciled. */
  reconciled_through: z.string().nullable(),
  reconciled_balance: moneyTotalSchema.nullable(),
  is_sink_fund: z.boolean(),
  is_credit_card: z.boolean(),
  current_balance: moneyTotalSchema.optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountBodySchema = z.object({
  name: nameSchema,
  institution_id: optionalRefSchema,
  account_type: notGiven(accountTypeSchema),
  account_category: notGiven(accountCategorySchema),
  is_cash: notGiven(flagSchema),
  account_no: accountNumberSchema.nullish(),
  opening_balance: notGiven(moneySchema),
  /** Absent on create: the day before the earliest budget, or the last day of the previous month. */
  opening_date: notGiven(dateSchema),
  status: notGiven(accountStatusSchema),
  import_format: importFormatSchema.nullish(),
  import_settings: importSettingsSchema.nullish(),
  statement_day: dayOfMonthSchema.nullish(),
  payment_due_day: dayOfMonthSchema.nullish(),
});
export type BankAccountBody = z.infer<typeof bankAccountBodySchema>;

/** `GET /bank_accounts?include_closed=true&include_current_balance=true` */
export const bankAccountsQuerySchema = z.object({
  include_closed: queryFlagSchema,
  include_current_balance: queryFlagSchema,
});

/** Path parameter of every `/:id` route. */
export const idParamsSchema = z.object({ id: queryIdSchema });

export const familyTypeSchema = z.enum(['single', 'couple']);
export type FamilyType = z.infer<typeof familyTypeSchema>;

/** How a couple's discretionary money is split: half each (the default) or in proportion to each partner's income. */
export const splitRuleSchema = z.enum(['even', 'income']);
export type SplitRule = z.infer<typeof splitRuleSchema>;

/** Whose an income is, for the split by income: the wife's, the husband's, or both partners' (shared half and half). */
export const incomeOwnerSchema = z.enum(['wife', 'husband', 'shared']);
export type IncomeOwner = z.infer<typeof incomeOwnerSchema>;

export const settingsSchema = z.object({
  family_type: familyTypeSchema,
  husband: z.string(),
  wife: z.string(),
  single_person: z.string(),
  primary_budget_account_id: idSchema.nullable(),
  default_allocation_category_id_for_special_events: idSchema.nullable(),
  lock_version: z.number().int(),
  /** A couple's discretionary money: half each (the default) or in proportion to each partner's income. */
  split_rule: splitRuleSchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsBodySchema = z.object({
  family_type: familyTypeSchema,
  // A partner's name may stay blank: the screens then say "First partner" / "Second partner" (`partnerName`).
  husband: blankableNameSchema,
  wife: blankableNameSchema,
  single_person: nameSchema,
  primary_budget_account_id: optionalRefSchema,
  default_allocation_category_id_for_special_events: optionalRefSchema,
  lock_version: notGiven(versionSchema),
  split_rule: notGiven(splitRuleSchema),
});
export type SettingsBody = z.infer<typeof settingsBodySchema>;

export const SETTINGS_CONFLICT_MESSAGE = 'These settings were changed by someone else. Reload to see their changes.';
