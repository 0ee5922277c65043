import { EXPORT_FORMAT, EXPORT_VERSION, type HouseholdExport } from '../../../src/shared/schemas/householdData';
import type { HouseholdScope } from '../../db/scope';
import { isoTimestamp } from '../../db/timestamps';

const STAMPS = ['created_at', 'updated_at'] as const;

const stamped = <T extends { created_at: string; updated_at: string }>(row: T): T => ({
  ...row,
  created_at: isoTimestamp(row.created_at),
  updated_at: isoTimestamp(row.updated_at),
});

/**
 * Everything the household owns, as one versioned document. Read in one transaction holding the household's
 * write lock, so every part agrees with every other (a transaction never points at an allocation the
 * document lacks), on PostgreSQL's read committed as on SQLite.
 */
export async function exportHousehold(scope: HouseholdScope): Promise<HouseholdExport> {
  return scope.transaction(async (s) => {
    const trx = s.db;
    const household = await trx.selectFrom('households').select('name').where('id', '=', scope.householdId).executeTakeFirstOrThrow();
    const members = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role'])
      .where('household_id', '=', scope.householdId)
      .orderBy('id')
      .execute();
    const settings = await s
      .selectFrom('settings')
      .select(['family_type', 'husband', 'wife', 'single_person', 'primary_budget_account_id', 'default_allocation_category_id_for_special_events', 'lock_version', 'split_rule'])
      .executeTakeFirst();
    const categories = await s.selectFrom('allocation_categories').select(['id', 'name', ...STAMPS]).orderBy('id').execute();
    const institutions = await s.selectFrom('institutions').select(['id', 'name', ...STAMPS]).orderBy('id').execute();
    const accounts = await s
      .selectFrom('bank_accounts')
      .select([
        'id', 'name', 'institution_id', 'account_type', 'account_category', 'is_cash', 'account_no', 'opening_balance', 'opening_date',
        'closing_balance', 'closing_date', 'status', 'import_format', 'import_settings', 'statement_day', 'payment_due_day',
        'window_lock_version', 'sink_fund_lock_version', 'reconciled_through', 'reconciled_balance', ...STAMPS,
      ])
      .orderBy('id')
      .execute();
    const events = await s.selectFrom('special_events').select(['id', 'name', 'budget_amount', 'start_date', ...STAMPS]).orderBy('id').execute();
    const budgets = await s.selectFrom('budgets').select(['id', 'name', 'start_date', 'end_date', 'status', 'lock_version', ...STAMPS]).orderBy('id').execute();
    const incomes = await s
      .selectFrom('incomes')
      .select(['id', 'budget_id', 'name', 'amount', 'bank_account_id', 'comment', 'owner', ...STAMPS])
      .orderBy('id')
      .execute();
    const allocations = await s
      .selectFrom('allocations')
      .select(['id', 'budget_id', 'allocation_category_id', 'name', 'amount', 'allocation_class', 'is_fixed_amount', 'comment', 'special_event_id', ...STAMPS])
      .orderBy('id')
      .execute();
    const envelopes = await s
      .selectFrom('sink_fund_allocations')
      .select(['id', 'bank_account_id', 'name', 'amount', 'comment', 'status', ...STAMPS])
      .orderBy('id')
      .execute();
    const transactions = await s
      .selectFrom('transactions')
      .select([
        'id', 'bank_account_id', 'transaction_date', 'description', 'withdrawal_amount', 'deposit_amount', 'allocation_id',
        'sink_fund_allocation_id', 'status', 'brought_forward_status', 'bank_ref', 'is_manual_adjustment', ...STAMPS,
      ])
      .orderBy('id')
      .execute();
    const parts = await s
      .selectFrom('transaction_splits')
      .select(['id', 'transaction_id', 'amount', 'allocation_id', 'sink_fund_allocation_id', 'memo', ...STAMPS])
      .orderBy('transaction_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    const partsOf = new Map<number, Array<Omit<(typeof parts)[number], 'transaction_id'>>>();
    for (const { transaction_id, ...part } of parts) partsOf.set(transaction_id, [...(partsOf.get(transaction_id) ?? []), stamped(part)]);
    const schedules = await s.selectFrom('schedules').selectAll().orderBy('id').execute();
    const occurrences = await s.selectFrom('schedule_occurrences').select(['id', 'schedule_id', 'occurrence_date', 'outcome', ...STAMPS]).orderBy('id').execute();
    const activities = await s
      .selectFrom('activities')
      .select(['id', 'user_id', 'actor_name', 'kind', 'summary', 'budget_id', 'bank_account_id', 'undone_by_id', 'undoes_id', ...STAMPS])
      .orderBy('id')
      .execute();
    const rowKeys = await s.selectFrom('activity_rows').select(['activity_id', 'row_key']).orderBy('id').execute();

    const byBudget = <T extends { budget_id: number }>(rows: T[]) => {
      const grouped = new Map<number, Array<Omit<T, 'budget_id'>>>();
      for (const { budget_id, ...row } of rows) {
        const list = grouped.get(budget_id);
        if (list) list.push(row);
        else grouped.set(budget_id, [row]);
      }
      return grouped;
    };
    const incomesOf = byBudget(incomes.map(stamped));
    const allocationsOf = byBudget(allocations.map(stamped));
    const occurrencesOf = new Map<number, Array<Omit<(typeof occurrences)[number], 'schedule_id'>>>();
    for (const { schedule_id, ...occurrence } of occurrences) occurrencesOf.set(schedule_id, [...(occurrencesOf.get(schedule_id) ?? []), occurrence]);
    const keysOf = new Map<number, string[]>();
    for (const { activity_id, row_key } of rowKeys) {
      const keys = keysOf.get(activity_id);
      if (keys) keys.push(row_key);
      else keysOf.set(activity_id, [row_key]);
    }

    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      household: { name: household.name },
      settings: settings ?? null,
      members,
      allocation_categories: categories.map(stamped),
      institutions: institutions.map(stamped),
      bank_accounts: accounts.map(stamped),
      special_events: events.map(stamped),
      budgets: budgets.map((b) => ({ ...stamped(b), incomes: incomesOf.get(b.id) ?? [], allocations: allocationsOf.get(b.id) ?? [] })),
      sink_fund_allocations: envelopes.map(stamped),
      transactions: transactions.map((t) => {
        const own = partsOf.get(t.id);
        return own ? { ...stamped(t), splits: own } : stamped(t);
      }),
      schedules: schedules.map(({ household_id: _household, row_version: _version, ...schedule }) => ({
        ...stamped(schedule),
        occurrences: (occurrencesOf.get(schedule.id) ?? []).map(stamped),
      })),
      activities: activities.map((a) => ({ ...stamped(a), row_keys: keysOf.get(a.id) ?? [] })),
    };
  });
}
