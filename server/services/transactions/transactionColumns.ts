import type { ColumnTypes } from '../../db/batchUpdate';
import type { Transaction } from '../../db/schema';

/** The columns a transaction write sets, in the database's terms. */
export type TransactionValues = Pick<
  Transaction,
  | 'transaction_date'
  | 'description'
  | 'withdrawal_amount'
  | 'deposit_amount'
  | 'allocation_id'
  | 'sink_fund_allocation_id'
  | 'status'
  | 'brought_forward_status'
  | 'bank_ref'
  | 'is_manual_adjustment'
>;
export const TRANSACTION_COLUMNS: ColumnTypes<keyof TransactionValues> = {
  transaction_date: 'date',
  description: 'varchar',
  withdrawal_amount: 'bigint',
  deposit_amount: 'bigint',
  allocation_id: 'integer',
  sink_fund_allocation_id: 'integer',
  status: 'varchar',
  brought_forward_status: 'varchar',
  bank_ref: 'varchar',
  is_manual_adjustment: 'integer',
};

/** A stored row's values in those columns. */
export const storedValues = (row: Transaction): TransactionValues => {
  const values = {} as Record<keyof TransactionValues, unknown>;
  for (const column of Object.keys(TRANSACTION_COLUMNS) as (keyof TransactionValues)[]) values[column] = row[column];
  return values as TransactionValues;
};
