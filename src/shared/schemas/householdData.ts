import { z } from 'zod';
import { allocationClassSchema, budgetStatusSchema } from './budgets';
import { roleSchema } from './members';
import { accountCategorySchema, accountTypeSchema, bankAccountStoredFields, familyTypeSchema, incomeOwnerSchema, splitRuleSchema } from './setup';
import { broughtForwardStatusSchema, sinkFundAllocationStatusSchema, transactionStatusSchema } from './transactions';

/** What a household export says it is: a file without this marker is not ours. */
export const EXPORT_FORMAT = 'everycent-household';
/** The export's format version; an import refuses a newer one (a newer EveryCent wrote it). */
export const EXPORT_VERSION = 1;

const id = z.number().int().positive();
const ref = id.nullable();
const cents = z.number().int();
const flag = z.number().int().min(0).max(1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const stamps = { created_at: z.string(), updated_at: z.string() };

const named = z.object({ id, name: z.string(), ...stamps });

const exportedIncomeSchema = z.object({
  id,
  name: z.string(),
  amount: cents,
  bank_account_id: ref,
  comment: z.string().nullable(),
  owner: incomeOwnerSchema,
  ...stamps,
});

const exportedAllocationSchema = z.object({
  id,
  allocation_category_id: id,
  name: z.string(),
  amount: cents,
  allocation_class: allocationClassSchema,
  is_fixed_amount: flag,
  comment: z.string().nullable(),
  special_event_id: ref,
  ...stamps,
});

const exportedBudgetSchema = z.object({
  id,
  name: z.string(),
  start_date: day,
  end_date: day,
  status: budgetStatusSchema,
  lock_version: z.number().int(),
  ...stamps,
  incomes: z.array(exportedIncomeSchema),
  allocations: z.array(exportedAllocationSchema),
});

const exportedBankAccountSchema = z.object({
  id,
  name: z.string(),
  institution_id: ref,
  account_type: accountTypeSchema,
  account_category: accountCategorySchema,
  is_cash: flag,
  account_no: z.string().nullable(),
  opening_balance: cents,
  opening_date: day,
  closing_balance: cents.nullable(),
  closing_date: day.nullable(),
  ...bankAccountStoredFields,
  sink_fund_lock_version: z.number().int(),
  reconciled_through: day.nullable(),
  reconciled_balance: cents.nullable(),
  ...stamps,
});

const exportedSpecialEventSchema = z.object({ id, name: z.string(), budget_amount: cents, start_date: day.nullable(), ...stamps });

const exportedEnvelopeSchema = z.object({
  id,
  bank_account_id: id,
  name: z.string(),
  amount: cents,
  comment: z.string().nullable(),
  status: sinkFundAllocationStatusSchema,
  ...stamps,
});

const exportedTransactionSchema = z.object({
  id,
  bank_account_id: id,
  transaction_date: day,
  description: z.string(),
  withdrawal_amount: cents,
  deposit_amount: cents,
  allocation_id: ref,
  sink_fund_allocation_id: ref,
  status: transactionStatusSchema,
  brought_forward_status: broughtForwardStatusSchema.nullable(),
  bank_ref: z.string(),
  is_manual_adjustment: flag,
  ...stamps,
});

const exportedSettingsSchema = z.object({
  family_type: familyTypeSchema,
  husband: z.string(),
  wife: z.string(),
  single_person: z.string(),
  primary_budget_account_id: ref,
  default_allocation_category_id_for_special_events: ref,
  lock_version: z.number().int(),
  split_rule: splitRuleSchema,
});

/** A member as exported: never the password hash. */
const exportedMemberSchema = z.object({ id, name: z.string(), email: z.string(), role: roleSchema });

/** History in words; its undo data (ids of the install that wrote it) stays behind. */
const exportedActivitySchema = z.object({
  id,
  user_id: ref,
  actor_name: z.string(),
  kind: z.string(),
  summary: z.string(),
  budget_id: ref,
  bank_account_id: ref,
  undone_by_id: ref,
  undoes_id: ref,
  row_keys: z.array(z.string()),
  ...stamps,
});

export const householdExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().positive(),
  exported_at: z.string(),
  household: z.object({ name: z.string() }),
  settings: exportedSettingsSchema.nullable(),
  members: z.array(exportedMemberSchema),
  allocation_categories: z.array(named),
  institutions: z.array(named),
  bank_accounts: z.array(exportedBankAccountSchema),
  special_events: z.array(exportedSpecialEventSchema),
  budgets: z.array(exportedBudgetSchema),
  sink_fund_allocations: z.array(exportedEnvelopeSchema),
  transactions: z.array(exportedTransactionSchema),
  activities: z.array(exportedActivitySchema),
});
export type HouseholdExport = z.infer<typeof householdExportSchema>;

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
  activities: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;
export const importResultSchema = z.object({ imported: importCountsSchema });
