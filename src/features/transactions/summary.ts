import type { DateOnly } from '../../shared/dates';
import type { Cents } from '../../shared/money';
import { countsInBalance } from '../../shared/openingBalance';
import { countsAsSpending } from '../../shared/transactionRules';
import { netOf, type DraftRow } from './draftRows';

type SummaryRow = Pick<DraftRow, 'transaction_date' | 'deposit_amount' | 'withdrawal_amount' | 'deleted' | 'status' | 'allocation_id' | 'brought_forward_status'>;

interface SummaryInput {
  /**
   * The account's balance as saved, every row of every budget counted (`current_balance` of
   * GET /bank_accounts?include_current_balance=true: the figure Account Balances shows).
   */
  accountBalance: Cents;
  /** The account's opening date: rows dated on or before it are not part of any balance (as on the server). */
  openingDate?: DateOnly | null;
  /** The rows on screen: the draft while editing, the saved window otherwise. */
  rows: readonly SummaryRow[];
  /** The window as last saved: the spent the server already counts. */
  savedRows: readonly SummaryRow[];
  isCreditCard: boolean;
  /** The budget's allocations; given only for the primary budget account. */
  allocations?: readonly { amount: Cents; spent: Cents }[];
}

export interface SummaryFigures {
  lastBankBalance: Cents;
  transactionTotal: Cents;
  currentBankBalance: Cents;
  currentBudgetBalance?: Cents;
  bankVsBudgetDifference?: Cents;
  unpaidBalance?: Cents;
  unpaidDifference?: Cents;
}

const live = (row: SummaryRow) => !row.deleted;
const NO_KEYS: ReadonlySet<string> = new Set();

/** Σ deposit − withdrawal over the rows not toggled deleted (dated after the opening date, when there is one). */
export function transactionTotal(rows: readonly SummaryRow[], openingDate: DateOnly | null = null): Cents {
  let total = 0;
  for (const row of rows) if (live(row) && (openingDate === null || countsInBalance(row.transaction_date, openingDate))) total += netOf(row);
  return total;
}

/** What rows add to their allocations' spent; carried-forward copies are not spending (as on the server). */
function allocatedSpending(rows: readonly SummaryRow[]): Cents {
  let spent = 0;
  for (const row of rows) {
    if (!live(row) || row.allocation_id == null) continue;
    if (!countsAsSpending(row.brought_forward_status)) continue;
    spent -= netOf(row);
  }
  return spent;
}

/**
 * The reconciliation figures of the summary card, live while editing.
 *
 * - Last Bank Balance = the account's balance without this window's saved rows (its opening balance, every other
 *   budget's rows, open or closed); Current Bank Balance = Last Bank Balance + Transaction Total (the window's rows
 *   after the opening date, as edited). Saved, it is the account's balance on Account Balances: one number.
 * - Current Budget Balance (primary budget account) = Σ unspent (amount − spent) over the budget's allocations,
 *   with spent adjusted live by the draft: the money the budget says should still be in the account.
 *   Difference (Bank vs Budget) = Current Bank Balance − Current Budget Balance; 0 when reconciled.
 * - Unpaid Balance (credit card) = Σ (withdrawal − deposit) of unpaid rows: the charges not yet paid off.
 *   Unpaid Difference = Current Bank Balance + Unpaid Balance: a card's (negative) balance should consist of
 *   exactly its unpaid charges, so this is 0 when the card is reconciled.
 */
export function summaryFigures(input: SummaryInput): SummaryFigures {
  const openingDate = input.openingDate ?? null;
  const lastBankBalance = input.accountBalance - transactionTotal(input.savedRows, openingDate);
  const total = transactionTotal(input.rows, openingDate);
  const current = lastBankBalance + total;
  const figures: SummaryFigures = { lastBankBalance, transactionTotal: total, currentBankBalance: current };
  if (input.allocations) {
    let unspent = 0;
    for (const allocation of input.allocations) unspent += allocation.amount - allocation.spent;
    const spentChange = allocatedSpending(input.rows) - allocatedSpending(input.savedRows);
    figures.currentBudgetBalance = unspent - spentChange;
    figures.bankVsBudgetDifference = current - figures.currentBudgetBalance;
  }
  if (input.isCreditCard) {
    let unpaid = 0;
    for (const row of input.rows) if (live(row) && row.status === 'unpaid') unpaid -= netOf(row);
    figures.unpaidBalance = unpaid;
    figures.unpaidDifference = current + unpaid;
  }
  return figures;
}

/**
 * The table's footer: Σ withdrawn and Σ deposited over the rows not toggled deleted, leaving out the rows of moves
 * between envelopes (`moveKeys`): a move keeps the money in the account, so it is neither money out nor money in.
 */
export function columnTotals(rows: readonly (SummaryRow & { key: string })[], moveKeys: ReadonlySet<string> = NO_KEYS): { withdrawn: Cents; deposited: Cents; movesLeftOut: number } {
  let withdrawn = 0;
  let deposited = 0;
  let movesLeftOut = 0;
  for (const row of rows) {
    if (!live(row)) continue;
    if (moveKeys.has(row.key)) {
      movesLeftOut++;
      continue;
    }
    withdrawn += row.withdrawal_amount;
    deposited += row.deposit_amount;
  }
  return { withdrawn, deposited, movesLeftOut: movesLeftOut / 2 };
}

/** "Selected Transaction Total": Σ net of the chosen rows that are not toggled deleted. */
export function selectedTotal(rows: readonly DraftRow[], selected: ReadonlySet<string>): Cents {
  let total = 0;
  for (const row of rows) if (selected.has(row.key) && live(row)) total += netOf(row);
  return total;
}
