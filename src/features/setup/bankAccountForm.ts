import type { Cents } from '../../shared/money';
import { enteredBalance, storedBalance } from '../../shared/amountOwed';
import type { AccountCategory, AccountType, BankAccount, BankAccountBody } from '../../shared/schemas/setup';

export const accountTypeLabels: Record<AccountType, string> = { normal: 'Normal', sink_fund: 'Sink Fund', credit_card: 'Credit Card' };
export const accountCategoryLabels: Record<AccountCategory, string> = { asset: 'Asset', liability: 'Liability', current: 'Current' };

/** The statement formats the transaction import reads. */
export const importFormatLabels: Record<string, string> = { csv: 'CSV', ofx: 'OFX / QFX', camt053: 'CAMT.053 (XML)' };

/** The bank account dialog's fields. Empty choices are `undefined` here (antd shows the placeholder) and null on the wire. */
export interface BankAccountValues {
  name: string;
  account_type: AccountType;
  account_category: AccountCategory;
  is_cash: boolean;
  institution_id?: number;
  account_no?: string;
  /** As typed: the amount owed (positive) for a liability. */
  opening_balance: Cents;
  /** '' until the default (the day before the earliest budget) is known; not sent then, the server picks it. */
  opening_date: string;
  import_format?: string;
  status: 'open' | 'closed';
  statement_day?: number | null;
  payment_due_day?: number | null;
}

export const BANK_ACCOUNT_LABELS = {
  name: 'Name',
  account_type: 'Account Features',
  account_category: 'Account Category',
  is_cash: 'Is Cash Account?',
  institution_id: 'Financial Institution',
  account_no: 'Official Account #',
  opening_balance: 'Opening Balance',
  opening_date: 'Opening Date',
  import_format: 'Import Format',
  status: 'Status',
  statement_day: 'Statement Day',
  payment_due_day: 'Payment Due Day',
} as const satisfies Record<keyof BankAccountValues, string>;

export const newBankAccountValues = (): BankAccountValues => ({
  name: '',
  account_type: 'normal',
  account_category: 'current',
  is_cash: true,
  opening_balance: 0,
  opening_date: '',
  status: 'open',
});

export const valuesFromAccount = (account: BankAccount): BankAccountValues => ({
  name: account.name,
  account_type: account.account_type,
  account_category: account.account_category,
  is_cash: account.is_cash,
  institution_id: account.institution_id ?? undefined,
  account_no: account.account_no ?? undefined,
  opening_balance: enteredBalance(account.account_category, account.opening_balance),
  opening_date: account.opening_date,
  import_format: account.import_format ?? undefined,
  status: account.status,
  statement_day: account.statement_day,
  payment_due_day: account.payment_due_day,
});

/** The stored balance a form's figure stands for, given the account as saved (its balance is kept while untouched). */
export const savedBalanceFor = (values: Pick<BankAccountValues, 'account_category'>, saved?: BankAccount): Cents | undefined =>
  saved && saved.account_category === values.account_category ? saved.opening_balance : undefined;

/** Statement and payment days only mean something for credit cards; other accounts send none. */
export function bodyFromValues(values: BankAccountValues, saved?: BankAccount): BankAccountBody {
  const creditCard = values.account_type === 'credit_card';
  return {
    name: values.name.trim(),
    account_type: values.account_type,
    account_category: values.account_category,
    is_cash: values.is_cash,
    institution_id: values.institution_id ?? null,
    account_no: values.account_no?.trim() || null,
    opening_balance: storedBalance(values.account_category, values.opening_balance, savedBalanceFor(values, saved)),
    opening_date: values.opening_date || undefined,
    import_format: values.import_format ?? null,
    status: values.status,
    statement_day: creditCard ? (values.statement_day ?? null) : null,
    payment_due_day: creditCard ? (values.payment_due_day ?? null) : null,
  };
}
