import type { RowIdentity } from '../../platform/rebaseRows';
import type { Cents } from '../../shared/money';
import type { DateOnly } from '../../shared/dates';
import type { Transaction, TransactionRow, TransactionStatus } from '../../shared/schemas/transactions';
import { rowProblems, type BudgetWindow } from '../../shared/transactionRules';
import { partsLeftText, splitDifference } from '../../shared/splits';

/** Why an imported row arrived marked deleted. */
type ImportFlag = 'outside' | 'duplicate' | 'possible-duplicate' | 'scheduled';

/** One part of a split row as the screen edits it (its amount signed like the row's net). */
export interface DraftSplit {
  key: string;
  id: number | null;
  amount: Cents;
  allocation_id: number | null;
  sink_fund_allocation_id: number | null;
  memo: string;
}

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
  /** An allocation learned from the household's history, shown until accepted; never sent (rowsToSave names its fields). */
  suggestedAllocationId?: number | null;
  /** The row's parts: absent for a row never split (sent as it was), `[]` once unsplit here (sent, so the server drops them). */
  splits?: DraftSplit[];
}

const savedRowKey = (id: number) => `t${id}`;

let newRowCounter = 0;
const newRowKey = () => `n${++newRowCounter}`;

/** How the transaction draft's rows are told apart, for a rebase after a conflict (`rebaseList`). */
export const draftRowIdentity: RowIdentity<DraftRow, string> = {
  keyOf: (row) => row.key,
  isNew: (row) => row.id === null,
  deleted: (row) => row.deleted,
  asNew: (row) => ({ ...row, id: null, key: newRowKey() }),
};

let newSplitCounter = 0;
export const newSplitKey = () => `p${++newSplitCounter}`;

export const draftSplitOf = (part: NonNullable<Transaction['splits']>[number]): DraftSplit => ({
  key: `s${part.id}`,
  id: part.id,
  amount: part.amount,
  allocation_id: part.allocation_id,
  sink_fund_allocation_id: part.sink_fund_allocation_id,
  memo: part.memo ?? '',
});

export function draftFromTransaction(t: Transaction): DraftRow {
  return {
    ...(t.splits ? { splits: t.splits.map(draftSplitOf) } : {}),
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

/** A row not saved yet: empty, on the given date, with the given status ("Add New Transaction"; imported rows start from it). */
export const newDraftRow = (transaction_date: DateOnly, status: TransactionStatus): DraftRow => ({
  key: newRowKey(),
  id: null,
  transaction_date,
  description: '',
  withdrawal_amount: 0,
  deposit_amount: 0,
  allocation_id: null,
  sink_fund_allocation_id: null,
  status,
  brought_forward_status: null,
  bank_ref: null,
  is_manual_adjustment: false,
  deleted: false,
});

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
      ...(row.splits
        ? {
            splits: row.splits.map((part) => ({
              id: part.id,
              amount: part.amount,
              allocation_id: part.allocation_id,
              sink_fund_allocation_id: part.sink_fund_allocation_id,
              memo: part.memo.trim() === '' ? null : part.memo,
            })),
          }
        : {}),
    });
  }
  return { transactions, keys };
}

/** What must be fixed before saving, per row key: the rows the server would refuse (dates, negative amounts). */
export function rowsNeedingFixes(rows: readonly DraftRow[], window: BudgetWindow): Map<string, string[]> {
  const byRow = new Map<string, string[]>();
  for (const row of rows) {
    const problems = rowProblems(row, window);
    const unsplit = row.deleted ? null : splitProblem(row);
    if (unsplit) problems.push(unsplit);
    if (problems.length > 0) byRow.set(row.key, problems);
  }
  return byRow;
}

export const fixRowsMessage = (count: number) => `${count} ${count === 1 ? 'row needs' : 'rows need'} fixing before saving (marked below). Fix them or delete them.`;

/** The save is refused while a split row's parts do not add up to it: the difference, in the row's direction. */
export function splitProblem(row: DraftRow): string | null {
  if (!row.splits?.length) return null;
  const difference = splitDifference(row, row.splits);
  if (difference === 0) return null;
  const sign = netOf(row) < 0 ? -1 : 1;
  const left = sign * difference;
  return `${partsLeftText(left)}${left > 0 ? ': give it to a part.' : '.'}`;
}

/** "Split" on a row: one part holding the whole amount and the row's allocation (or envelope), to divide from. */
export const splitStarted = (row: DraftRow): Partial<DraftRow> => ({
  allocation_id: null,
  sink_fund_allocation_id: null,
  splits: [{ key: newSplitKey(), id: null, amount: netOf(row), allocation_id: row.allocation_id, sink_fund_allocation_id: row.sink_fund_allocation_id, memo: '' }],
});

/** Another part, proposed with what the others leave of the amount. */
export const partAdded = (row: DraftRow): Partial<DraftRow> => ({
  splits: [
    ...(row.splits ?? []),
    { key: newSplitKey(), id: null, amount: splitDifference(row, row.splits ?? []), allocation_id: null, sink_fund_allocation_id: null, memo: '' },
  ],
});

/** A part with neither an allocation nor an envelope: the row's suggested allocation may be given to it. */
export const partTakesSuggestion = (part: DraftSplit): boolean => part.allocation_id === null && part.sink_fund_allocation_id === null;

/** Unsplit: the parts go (the save drops them); the row takes the first part's allocation or envelope. */
export const splitRemoved = (row: DraftRow): Partial<DraftRow> => ({
  splits: [],
  allocation_id: row.splits?.[0]?.allocation_id ?? null,
  sink_fund_allocation_id: row.splits?.[0]?.sink_fund_allocation_id ?? null,
});
