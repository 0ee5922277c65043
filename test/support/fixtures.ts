import type { BankAccount, Settings } from '../../src/shared/schemas/setup';

/** A bank account as `GET /bank_accounts` returns it: an open current account, reconciled to 0 on 2026-01-31. */
export const bankAccount = (overrides: Partial<BankAccount> = {}): BankAccount => ({
  id: 1,
  name: 'Chequing',
  institution_id: null,
  institution: null,
  account_type: 'normal',
  account_category: 'current',
  is_cash: true,
  account_no: null,
  opening_balance: 0,
  opening_date: '2026-01-31',
  closing_balance: 0,
  closing_date: '2026-01-31',
  status: 'open',
  import_format: null,
  import_settings: null,
  statement_day: null,
  payment_due_day: null,
  window_lock_version: 0,
  reconciled_through: null,
  reconciled_balance: null,
  is_sink_fund: false,
  is_credit_card: false,
  ...overrides,
});

/** The household's settings as `GET /settings` returns them: a couple, with no defaults chosen. */
export const settings = (overrides: Partial<Settings> = {}): Settings => ({
  family_type: 'couple',
  husband: 'Husband',
  wife: 'Wife',
  single_person: 'Me',
  primary_budget_account_id: null,
  default_allocation_category_id_for_special_events: null,
  lock_version: 3,
  ...overrides,
});
