import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AllocationClass, BudgetStatus } from '../../src/shared/schemas/budgets';
import type { AccountCategory, AccountStatus, AccountType, FamilyType, IncomeOwner, SplitRule } from '../../src/shared/schemas/setup';
import type { BroughtForwardStatus, SinkFundAllocationStatus, TransactionStatus } from '../../src/shared/schemas/transactions';
import type { Role } from '../../src/shared/schemas/members';
import type { Frequency } from '../../src/shared/schedules/occurrences';
import type { OccurrenceOutcome } from '../../src/shared/schemas/schedules';

/**
 * The one Database type. Conventions shared by SQLite and PostgreSQL:
 * money is an integer of cents (bigint on PostgreSQL, parsed back to number),
 * dates are 'YYYY-MM-DD' strings (text on SQLite, date on PostgreSQL returned as text),
 * booleans are integers 0/1 so both dialects read the same values.
 */
type Id = Generated<number>;
type Timestamp = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

interface Common {
  id: Id;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface HouseholdOwned extends Common {
  household_id: number;
}

interface HouseholdsTable extends Common {
  name: string;
  /** Bumped by the database on every change to the household's rows (migration 0003). */
  revision: Generated<number>;
  /** How many transactions the household keeps, counted by the database (migration 0013). */
  transaction_count: Generated<number>;
}

interface UsersTable extends Common {
  household_id: number;
  email: string;
  name: string;
  password_hash: string;
  /** A temporary password given by another member: the person must choose their own first (migration 0006). */
  must_change_password: Flag;
  /** epoch seconds */
  last_sign_in_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Owners manage the household's people (migration 0007); inserted as a member unless said otherwise. */
  role: ColumnType<Role, Role | undefined, Role>;
}

interface SessionsTable extends Common {
  user_id: number;
  client: string;
  token_hash: string;
  /** epoch seconds */
  expires_at: number;
  /** epoch seconds */
  last_used_at: number;
  /** The browser and system the session signed in from, as its User-Agent named them. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
}

interface LoginAttemptsTable {
  id: Id;
  /** 'email:<address>' or 'ip:<address>' */
  attempt_key: string;
  /** epoch milliseconds */
  attempted_at: number;
}

export interface BudgetsTable extends HouseholdOwned {
  name: string;
  start_date: string;
  end_date: string;
  status: ColumnType<BudgetStatus, BudgetStatus | undefined, BudgetStatus>;
  lock_version: ColumnType<number, number | undefined, number>;
  /** The session that moved lock_version last, and since which version only it has (see server/db/lockVersions.ts). */
  lock_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  lock_since_version: ColumnType<number, number | undefined, number>;
}

export interface IncomesTable extends HouseholdOwned {
  budget_id: number;
  name: string;
  amount: number;
  bank_account_id: number | null;
  comment: string | null;
  owner: ColumnType<IncomeOwner, IncomeOwner | undefined, IncomeOwner>;
  /** Moved by the database on every update (migration 0009): what an undo checks. */
  row_version: Generated<number>;
}

interface AllocationCategoriesTable extends HouseholdOwned {
  name: string;
}

export interface AllocationsTable extends HouseholdOwned {
  budget_id: number;
  allocation_category_id: number;
  name: string;
  amount: number;
  allocation_class: ColumnType<AllocationClass, AllocationClass | undefined, AllocationClass>;
  is_fixed_amount: Flag;
  comment: string | null;
  special_event_id: number | null;
  /** Moved by the database on every update (migration 0009): what an undo checks. */
  row_version: Generated<number>;
}

interface InstitutionsTable extends HouseholdOwned {
  name: string;
}

export interface BankAccountsTable extends HouseholdOwned {
  name: string;
  institution_id: number | null;
  account_type: ColumnType<AccountType, AccountType | undefined, AccountType>;
  account_category: ColumnType<AccountCategory, AccountCategory | undefined, AccountCategory>;
  is_cash: Flag;
  account_no: string | null;
  opening_balance: ColumnType<number, number | undefined, number>;
  /** The day the opening balance is the balance at the end of (migration 0008); always set by the application. */
  opening_date: ColumnType<string, string, string>;
  closing_balance: number | null;
  closing_date: string | null;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  import_format: string | null;
  /** remembered CSV column mapping of the import dialog (JSON text) */
  import_settings: string | null;
  statement_day: number | null;
  payment_due_day: number | null;
  window_lock_version: ColumnType<number, number | undefined, number>;
  window_lock_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  window_lock_since_version: ColumnType<number, number | undefined, number>;
  /** The version of the account's envelope list (PUT /sink_funds/:id, migration 0005). */
  sink_fund_lock_version: ColumnType<number, number | undefined, number>;
  sink_fund_lock_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  sink_fund_lock_since_version: ColumnType<number, number | undefined, number>;
  /** The closing date of the last statement the account was reconciled to; rows dated up to it are reconciled (migration 0011). */
  reconciled_through: ColumnType<string | null, string | null | undefined, string | null>;
  /** That statement's closing balance, signed like every balance. */
  reconciled_balance: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TransactionsTable extends HouseholdOwned {
  bank_account_id: number;
  transaction_date: string;
  description: string;
  withdrawal_amount: ColumnType<number, number | undefined, number>;
  deposit_amount: ColumnType<number, number | undefined, number>;
  allocation_id: number | null;
  sink_fund_allocation_id: number | null;
  status: ColumnType<TransactionStatus, TransactionStatus | undefined, TransactionStatus>;
  brought_forward_status: BroughtForwardStatus | null;
  bank_ref: string;
  is_manual_adjustment: Flag;
  /** Moved by the database on every update (migration 0009): what an undo checks. */
  row_version: Generated<number>;
}

/** One part of a split transaction (migration 0024, docs/splits.md): its amount is signed like its row's net. */
export interface TransactionSplitsTable extends HouseholdOwned {
  transaction_id: number;
  /** Its row's account, kept on the part for the sums the database keeps. */
  bank_account_id: number;
  amount: number;
  allocation_id: number | null;
  sink_fund_allocation_id: number | null;
  memo: string | null;
  position: number;
  /** 1 while its row counts as spending (kept by a trigger on transactions). */
  counted: Flag;
  row_version: Generated<number>;
}

interface SinkFundAllocationsTable extends HouseholdOwned {
  bank_account_id: number;
  name: string;
  amount: ColumnType<number, number | undefined, number>;
  comment: string | null;
  status: ColumnType<SinkFundAllocationStatus, SinkFundAllocationStatus | undefined, SinkFundAllocationStatus>;
  /** Moved by the database on every update (migration 0009): what an undo checks. */
  row_version: Generated<number>;
}

export interface SpecialEventsTable extends HouseholdOwned {
  name: string;
  budget_amount: ColumnType<number, number | undefined, number>;
  start_date: string | null;
  /** Moved by the database on every update (migration 0009): what an undo checks. */
  row_version: Generated<number>;
}

/** A bill that repeats (migration 0023, docs/schedules.md). */
export interface SchedulesTable extends HouseholdOwned {
  bank_account_id: number;
  description: string;
  /** Signed cents: deposit − withdrawal, never 0. */
  amount: number;
  allocation_category_id: number | null;
  allocation_name: string | null;
  sink_fund_allocation_id: number | null;
  frequency: Frequency;
  every: ColumnType<number, number | undefined, number>;
  day_of_month: number | null;
  start_date: string;
  end_date: string | null;
  times: number | null;
  auto_enter: Flag;
  tolerance: ColumnType<number, number | undefined, number>;
  row_version: Generated<number>;
}

/** What became of one occurrence of a schedule: unique on schedule and date. */
export interface ScheduleOccurrencesTable extends HouseholdOwned {
  schedule_id: number;
  occurrence_date: string;
  outcome: OccurrenceOutcome;
  row_version: Generated<number>;
}

interface SettingsTable extends HouseholdOwned {
  family_type: ColumnType<FamilyType, FamilyType | undefined, FamilyType>;
  husband: ColumnType<string, string | undefined, string>;
  wife: ColumnType<string, string | undefined, string>;
  single_person: ColumnType<string, string | undefined, string>;
  primary_budget_account_id: number | null;
  default_allocation_category_id_for_special_events: number | null;
  lock_version: ColumnType<number, number | undefined, number>;
  lock_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  lock_since_version: ColumnType<number, number | undefined, number>;
  split_rule: ColumnType<SplitRule, SplitRule | undefined, SplitRule>;
}

/** One change someone made, in words, with what undoing it needs (migration 0006). */
export interface ActivitiesTable extends HouseholdOwned {
  /** Not a foreign key: a removed member's history stays, under `actor_name`. */
  user_id: number | null;
  actor_name: string;
  kind: string;
  summary: string;
  budget_id: number | null;
  bank_account_id: number | null;
  /** JSON: the rows as they were before the change (server/services/activity/undo.ts); null when it cannot be undone. */
  undo: string | null;
  undone_by_id: number | null;
  undoes_id: number | null;
  /** Why this entry's undo can never succeed (something it would restore is gone); it no longer offers Undo. */
  undo_refused: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The rows an activity touched, as keys such as `budget:12` or `transaction:5`. */
interface ActivityRowsTable extends HouseholdOwned {
  activity_id: number;
  row_key: string;
}

/** The version a session last read of a versioned record (migration 0010, server/db/sessionReads.ts). */
interface SessionReadsTable {
  session_id: number;
  record: string;
  record_id: number;
  version: number;
}

/** The live stream's recent events (migration 0014): `resources` is a JSON array of LiveResource. */
interface LiveEventsTable {
  id: Generated<number>;
  household_id: number;
  previous_revision: number;
  revision: number;
  user_id: number | null;
  actor_name: string | null;
  tab: string | null;
  resources: string;
}

/**
 * Per account and envelope (0: no envelope), the net and the number of all its transactions, whatever their
 * dates; kept by triggers on `transactions` (migration 0015), read by balances.ts.
 */
interface TransactionTotalsTable {
  bank_account_id: number;
  envelope_id: number;
  net: ColumnType<number, never, never>;
  row_count: ColumnType<number, never, never>;
}

/** Each allocation's spent (its rows that count as spending); kept by triggers on `transactions` (migration 0016). */
interface AllocationSpendingTable {
  allocation_id: number;
  spent: ColumnType<number, never, never>;
}

/** Each account's net per day it has rows; kept by triggers on `transactions` (migration 0016). */
interface AccountDaysTable {
  bank_account_id: number;
  day: string;
  net: ColumnType<number, never, never>;
}

/** Each account's net per calendar month (migration 0020, kept by triggers); `month` is the month's first day. */
interface AccountMonthsTable {
  bank_account_id: number;
  month: string;
  net: ColumnType<number, never, never>;
}

export interface Database {
  households: HouseholdsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  budgets: BudgetsTable;
  incomes: IncomesTable;
  allocation_categories: AllocationCategoriesTable;
  allocations: AllocationsTable;
  institutions: InstitutionsTable;
  bank_accounts: BankAccountsTable;
  transactions: TransactionsTable;
  transaction_splits: TransactionSplitsTable;
  sink_fund_allocations: SinkFundAllocationsTable;
  special_events: SpecialEventsTable;
  settings: SettingsTable;
  schedules: SchedulesTable;
  schedule_occurrences: ScheduleOccurrencesTable;
  activities: ActivitiesTable;
  activity_rows: ActivityRowsTable;
  session_reads: SessionReadsTable;
  live_events: LiveEventsTable;
  transaction_totals: TransactionTotalsTable;
  allocation_spending: AllocationSpendingTable;
  account_days: AccountDaysTable;
  account_months: AccountMonthsTable;
}

/** Tables whose every row belongs to one household: the household scope applies to these. */
export const HOUSEHOLD_TABLES = [
  'budgets',
  'incomes',
  'allocation_categories',
  'allocations',
  'institutions',
  'bank_accounts',
  'transactions',
  'transaction_splits',
  'sink_fund_allocations',
  'special_events',
  'settings',
  'activities',
  'activity_rows',
  'schedules',
  'schedule_occurrences',
] as const satisfies ReadonlyArray<keyof Database>;

export type HouseholdTable = (typeof HOUSEHOLD_TABLES)[number];

export type Budget = Selectable<BudgetsTable>;
export type Income = Selectable<IncomesTable>;
export type Allocation = Selectable<AllocationsTable>;
export type BankAccount = Selectable<BankAccountsTable>;
export type Transaction = Selectable<TransactionsTable>;
export type SinkFundAllocation = Selectable<SinkFundAllocationsTable>;
export type SpecialEvent = Selectable<SpecialEventsTable>;
export type NewTransaction = Insertable<TransactionsTable>;
export type TransactionSplit = Selectable<TransactionSplitsTable>;
