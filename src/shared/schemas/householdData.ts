import { z } from 'zod';
import { allocationClassSchema, budgetStatusSchema } from './budgets';
import { roleSchema } from './members';
import { EMAIL_MAX } from './auth';
import {
  balanceSchema,
  COMMENT_MAX,
  dateSchema,
  idSchema,
  MAX_ROWS_PER_REQUEST,
  moneySchema,
  NAME_MAX,
  textSchema,
  timestampSchema,
  versionSchema,
} from './common';
import { MAX_BANK_ACCOUNTS, MAX_TRANSACTIONS_PER_HOUSEHOLD } from '../money';
import { accountCategorySchema, accountNumberSchema, accountTypeSchema, bankAccountStoredFields, familyTypeSchema, incomeOwnerSchema, splitRuleSchema } from './setup';
import { DESCRIPTION_MAX as SCHEDULE_DESCRIPTION_MAX, EVERY_MAX, frequencySchema, occurrenceOutcomeSchema } from './schedules';
import { BANK_REF_MAX, broughtForwardStatusSchema, DESCRIPTION_MAX, MAX_SPLITS_PER_ROW, sinkFundAllocationStatusSchema, SPLIT_MEMO_MAX, transactionStatusSchema } from './transactions';

/** What a household export says it is: a file without this marker is not ours. */
export const EXPORT_FORMAT = 'everycent-household';
/** The export's format version; an import refuses a newer one (a newer EveryCent wrote it). */
export const EXPORT_VERSION = 1;

// Every field with the bounds of the routes that write it (the same schemas): an import stores nothing the API
// would refuse, so every read afterwards works as on a household made through the screens.
const id = idSchema;
const ref = id.nullable();
const cents = moneySchema;
const flag = z.number().int().min(0).max(1);
const day = dateSchema;
const name = textSchema(NAME_MAX);
const comment = textSchema(COMMENT_MAX).nullable();
const stamps = { created_at: timestampSchema, updated_at: timestampSchema };

const named = z.object({ id, name, ...stamps });

const exportedIncomeSchema = z.object({
  id,
  name,
  amount: cents,
  bank_account_id: ref,
  comment,
  owner: incomeOwnerSchema,
  ...stamps,
});

const exportedAllocationSchema = z.object({
  id,
  allocation_category_id: id,
  name,
  amount: cents,
  allocation_class: allocationClassSchema,
  is_fixed_amount: flag,
  comment,
  special_event_id: ref,
  ...stamps,
});

const exportedBudgetSchema = z.object({
  id,
  name,
  start_date: day,
  end_date: day,
  status: budgetStatusSchema,
  lock_version: versionSchema,
  ...stamps,
  incomes: z.array(exportedIncomeSchema).max(MAX_ROWS_PER_REQUEST),
  allocations: z.array(exportedAllocationSchema).max(MAX_ROWS_PER_REQUEST),
});

const exportedBankAccountSchema = z.object({
  id,
  name,
  institution_id: ref,
  account_type: accountTypeSchema,
  account_category: accountCategorySchema,
  is_cash: flag,
  account_no: accountNumberSchema.nullable(),
  opening_balance: cents,
  opening_date: day,
  closing_balance: balanceSchema.nullable(),
  closing_date: day.nullable(),
  ...bankAccountStoredFields,
  sink_fund_lock_version: versionSchema,
  reconciled_through: day.nullable(),
  reconciled_balance: balanceSchema.nullable(),
  ...stamps,
});

const exportedSpecialEventSchema = z.object({ id, name, budget_amount: cents, start_date: day.nullable(), ...stamps });

const exportedEnvelopeSchema = z.object({
  id,
  bank_account_id: id,
  name,
  amount: cents,
  comment,
  status: sinkFundAllocationStatusSchema,
  ...stamps,
});

/** A part of a split row (issue 44), in its order; its amount is signed like its row's net. */
const exportedSplitSchema = z.object({
  id,
  amount: cents,
  allocation_id: ref,
  sink_fund_allocation_id: ref,
  memo: textSchema(SPLIT_MEMO_MAX).nullable(),
  ...stamps,
});

const exportedTransactionSchema = z.object({
  id,
  bank_account_id: id,
  transaction_date: day,
  description: textSchema(DESCRIPTION_MAX),
  withdrawal_amount: cents,
  deposit_amount: cents,
  allocation_id: ref,
  sink_fund_allocation_id: ref,
  status: transactionStatusSchema,
  brought_forward_status: broughtForwardStatusSchema.nullable(),
  bank_ref: textSchema(BANK_REF_MAX),
  is_manual_adjustment: flag,
  ...stamps,
  /** Only on a split row; absent from the exports made before splits (issue 44). */
  splits: z.array(exportedSplitSchema).max(MAX_SPLITS_PER_ROW).optional(),
});

const exportedSettingsSchema = z.object({
  family_type: familyTypeSchema,
  husband: name,
  wife: name,
  single_person: name,
  primary_budget_account_id: ref,
  default_allocation_category_id_for_special_events: ref,
  lock_version: versionSchema,
  split_rule: splitRuleSchema,
});

const exportedOccurrenceSchema = z.object({ id, occurrence_date: day, outcome: occurrenceOutcomeSchema, ...stamps });

/** A schedule with what became of its occurrences (entered, skipped, taken by an imported row). */
const exportedScheduleSchema = z.object({
  id,
  bank_account_id: id,
  description: textSchema(SCHEDULE_DESCRIPTION_MAX),
  amount: cents.refine((amount) => amount !== 0, { error: 'must not be 0' }),
  allocation_category_id: ref,
  allocation_name: name.nullable(),
  sink_fund_allocation_id: ref,
  frequency: frequencySchema,
  every: z.number().int().min(1).max(EVERY_MAX),
  day_of_month: z.number().int().min(1).max(31).nullable(),
  start_date: day,
  end_date: day.nullable(),
  times: z.number().int().min(1).nullable(),
  auto_enter: flag,
  tolerance: cents.refine((amount) => amount >= 0, { error: 'must not be negative' }),
  ...stamps,
  occurrences: z.array(exportedOccurrenceSchema).max(MAX_ROWS_PER_REQUEST),
});

/** A member as exported: never the password hash. */
const exportedMemberSchema = z.object({ id, name, email: textSchema(EMAIL_MAX), role: roleSchema });

/** The kinds of row an Activity entry names (`budget:12`); `settings` names the household's settings. */
export const ROW_KINDS = ['transaction', 'income', 'allocation', 'envelope', 'special_event', 'budget', 'bank_account', 'sink_fund', 'allocation_category', 'institution', 'schedule', 'schedule_occurrence', 'transaction_split'] as const;
export type RowKind = (typeof ROW_KINDS)[number];
const rowKeySchema = z.string().regex(new RegExp(`^(settings|(${ROW_KINDS.join('|')}):\\d{1,10})$`), { error: 'is not a row EveryCent writes (kind:id)' });

/** History in words; its undo data (ids of the install that wrote it) stays behind. */
const exportedActivitySchema = z.object({
  id,
  user_id: ref,
  actor_name: name,
  kind: textSchema(40),
  summary: textSchema(2000),
  budget_id: ref,
  bank_account_id: ref,
  undone_by_id: ref,
  undoes_id: ref,
  row_keys: z.array(rowKeySchema),
  ...stamps,
});

export const householdExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().positive(),
  exported_at: z.string(),
  household: z.object({ name }),
  settings: exportedSettingsSchema.nullable(),
  members: z.array(exportedMemberSchema),
  allocation_categories: z.array(named),
  institutions: z.array(named),
  bank_accounts: z.array(exportedBankAccountSchema).max(MAX_BANK_ACCOUNTS),
  special_events: z.array(exportedSpecialEventSchema),
  budgets: z.array(exportedBudgetSchema),
  sink_fund_allocations: z.array(exportedEnvelopeSchema),
  transactions: z.array(exportedTransactionSchema).max(MAX_TRANSACTIONS_PER_HOUSEHOLD),
  /** Absent from the exports made before schedules (issue 45). */
  schedules: z.array(exportedScheduleSchema).max(MAX_ROWS_PER_REQUEST).optional(),
  activities: z.array(exportedActivitySchema),
});
export type HouseholdExport = z.infer<typeof householdExportSchema>;

/** Export and import hand over every member's email and the whole history: the household's owners decide. */
export const HOUSEHOLD_DATA_OWNERS_ONLY = 'Only an owner of the household can export it or import into it.';
/** A household export may be this large (years of transactions). */
export const HOUSEHOLD_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

/** What an import created, by kind. */
const importCountsSchema = z.object({
  allocation_categories: z.number().int(),
  institutions: z.number().int(),
  bank_accounts: z.number().int(),
  special_events: z.number().int(),
  budgets: z.number().int(),
  incomes: z.number().int(),
  allocations: z.number().int(),
  sink_fund_allocations: z.number().int(),
  transactions: z.number().int(),
  schedules: z.number().int(),
  activities: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/**
 * A person the file names, as the import treats them: already here (a member of this household has the email),
 * or someone the owner may invite (added as a member with a temporary password; passwords never travel).
 */
const importedPersonSchema = z.object({
  /** The person's id in the file: what `invite` names. */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Their role in the household the file came from; an invited person comes in as a member all the same. */
  role_in_file: roleSchema,
  here: z.boolean(),
});
export type ImportedPerson = z.infer<typeof importedPersonSchema>;

/** POST /household/import/preview: what the import would do, written by nothing. */
export const importPreviewSchema = z.object({
  household: z.object({ name: z.string(), current_name: z.string() }),
  counts: importCountsSchema,
  members: z.array(importedPersonSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `?invite=3,7`: the file's ids of the people to add as members (none when absent). */
export const importQuerySchema = z.object({
  invite: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: 'invite must be the ids of people in the file, separated by commas' })
    .optional()
    .describe("The file's ids of the people to add as members, separated by commas (the preview lists them)"),
});

/** An invited person, added: the temporary password is answered this once for the owner to hand over. */
const invitedPersonSchema = z.object({ name: z.string(), email: z.string(), role_in_file: roleSchema, temporary_password: z.string() });

export const importResultSchema = z.object({
  imported: importCountsSchema,
  /** The household's name, now the file's. */
  household_name: z.string(),
  /** Added as members: hand each their temporary password. */
  invited: z.array(invitedPersonSchema),
  /** In the file but not added: their history reads with their name; add them in Settings › Members to let them in. */
  not_added: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;
