import type { Cents } from '../../shared/money';
import type { DateOnly } from '../../shared/dates';
import type { Transaction, TransactionRow, TransactionStatus } from '../../shared/schemas/transactions';

/** Why an imported row arrived marked deleted. */
export type ImportFlag = 'outside' | 'duplicate';

/** One row of the window as the screen edits it: saved rows keep their id, new rows have none. */
export interface DraftRow {
  key: string;
  id: number | null;
  transaction_date: DateOnly;
  description: string;
  withdrawal_amount: Cents;
  deposit_amount: Cents;
  allocation_id: number | null;
  sink_fund_allocation_id: number | null;
  status: TransactionStatus;
  brought_forward_status: Transaction['brought_forward_status'];
  bank_ref: string | null;
  is_manual_adjustment: boolean;
  deleted: boolean;
  importFlag?: ImportFlag;
}

export const savedRowKey = (id: number) => `t${id}`;

let newRowCounter = 0;
export const newRowKey = () => `n${++newRowCounter}`;

export function draftFromTransaction(t: Transaction): DraftRow {
  return {
    key: savedRowKey(t.id),
    id: t.id,
    transaction_date: t.transaction_date,
    description: t.description,
    withdrawal_amount: t.withdrawal_amount,
    deposit_amount: t.deposit_amount,
    allocation_id: t.allocation_id,
    sink_fund_allocation_id: t.sink_fund_allocation_id,
    status: t.status,
    brought_forward_status: t.brought_forward_status,
    bank_ref: t.bank_ref,
    is_manual_adjustment: t.is_manual_adjustment,
    deleted: false,
  };
}

export const netOf = (row: Pick<DraftRow, 'deposit_amount' | 'withdrawal_amount'>): Cents => row.deposit_amount - row.withdrawal_amount;

/**
 * The save body's rows: new rows toggled deleted were never stored, so they are left out; saved rows toggled
 * deleted are sent with `deleted: true`. `keys[i]` is the draft row behind `transactions[i]`, so the server's
 * field errors (`transactions.3.transaction_date`) can be shown on the row they name.
 */
export function rowsToSave(rows: readonly DraftRow[]): { transactions: TransactionRow[]; keys: string[] } {
  const transactions: TransactionRow[] = [];
  const keys: string[] = [];
  for (const row of rows) {
    if (row.deleted && row.id === null) continue;
    keys.push(row.key);
    transactions.push({
      id: row.id,
      transaction_date: row.transaction_date,
      description: row.description,
      withdrawal_amount: row.withdrawal_amount,
      deposit_amount: row.deposit_amount,
      allocation_id: row.allocation_id,
      sink_fund_allocation_id: row.sink_fund_allocation_id,
      status: row.status,
      brought_forward_status: row.brought_forward_status,
      bank_ref: row.bank_ref,
      is_manual_adjustment: row.is_manual_adjustment,
      ...(row.deleted ? { deleted: true } : {}),
    });
  }
  return { transactions, keys };
}

/** `field_errors` keyed `transactions.<index>.<field>` → messages per draft row key. */
export function rowErrorsFromFieldErrors(fieldErrors: Record<string, string[]>, keys: readonly string[]): Map<string, string[]> {
  const byRow = new Map<string, string[]>();
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = /^transactions[.[](\d+)/.exec(field);
    const key = match ? keys[Number(match[1])] : undefined;
    if (!key) continue;
    const known = byRow.get(key) ?? [];
    byRow.set(key, [...known, ...messages.filter((message) => !known.includes(message))]);
  }
  return byRow;
}

export type DraftAction =
  | { type: 'editStarted'; rows: DraftRow[] }
  | { type: 'rowChanged'; key: string; changes: Partial<DraftRow> }
  | { type: 'rowDeleteToggled'; key: string }
  | { type: 'rowAdded'; row: DraftRow }
  | { type: 'rowsImported'; rows: DraftRow[] };

/** The edit-mode draft: an array of rows where an edit replaces only the row it touches. */
export function draftReducer(rows: DraftRow[], action: DraftAction): DraftRow[] {
  switch (action.type) {
    case 'editStarted':
      return action.rows;
    case 'rowChanged':
      return rows.map((row) => (row.key === action.key ? { ...row, ...action.changes } : row));
    case 'rowDeleteToggled':
      return rows.map((row) => (row.key === action.key ? { ...row, deleted: !row.deleted } : row));
    case 'rowAdded':
      return [...rows, action.row];
    case 'rowsImported':
      return [...rows, ...action.rows];
  }
}
