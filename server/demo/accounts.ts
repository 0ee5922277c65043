import type { Insertable, Kysely } from 'kysely';
import type { DateOnly } from '../../src/shared/dates';
import type { BankAccountsTable, Database } from '../db/schema';
import { insertedId } from './insertedId';
import { SINK_ENVELOPES } from './template';

export interface DemoAccounts {
  institutionIds: number[];
  current: number;
  savings: number;
  card: number;
  sink: number;
  /** sink-fund envelope ids by name */
  envelopes: Map<string, number>;
}

/** The demo's three institutions, four accounts (current, savings, credit card, sink fund) and the sink fund's envelopes. */
export async function insertDemoAccounts(trx: Kysely<Database>, household_id: number, opening_date: DateOnly): Promise<DemoAccounts> {
  const institution = (name: string) => insertedId(trx.insertInto('institutions').values({ household_id, name }).returning('id'));
  const bank = await institution('First National Bank');
  const creditUnion = await institution('Harbour Credit Union');
  const cardIssuer = await institution('Summit Card Services');
  const account = (values: Omit<Insertable<BankAccountsTable>, 'household_id' | 'is_cash' | 'opening_date'>) =>
    insertedId(trx.insertInto('bank_accounts').values({ household_id, is_cash: 1, opening_date, account_type: 'normal', account_category: 'asset', ...values }).returning('id'));
  const current = await account({ name: 'Household Current', institution_id: bank, account_category: 'current', account_no: '0123-456789', opening_balance: 350000, import_format: 'csv' });
  const savings = await account({ name: 'Rainy Day Savings', institution_id: creditUnion, account_no: '7788-001122', opening_balance: 1500000 });
  const card = await account({
    name: 'Visa Platinum', institution_id: cardIssuer, account_type: 'credit_card', account_category: 'liability', account_no: '4111-XXXX-XXXX-1234',
    opening_balance: 0, statement_day: 20, payment_due_day: 15,
  });
  const sink = await account({ name: 'Sink Fund', institution_id: creditUnion, account_type: 'sink_fund', account_no: '7788-003344', opening_balance: 200000 });

  const envelopes = new Map<string, number>();
  for (const envelope of SINK_ENVELOPES) {
    envelopes.set(
      envelope.name,
      await insertedId(trx.insertInto('sink_fund_allocations').values({ household_id, bank_account_id: sink, name: envelope.name, amount: envelope.target }).returning('id')),
    );
  }
  return { institutionIds: [bank, creditUnion, cardIssuer], current, savings, card, sink, envelopes };
}
