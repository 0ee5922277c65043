import type { DraftRow } from '../../../src/features/transactions/draftRows';
import type { CarriedForwardOrigin } from '../../../src/shared/schemas/cardPayments';
import type { SummaryFigures } from '../../../src/features/transactions/summary';
import { cardFigures, firstEntered } from './cards';
import { type Household, read } from './household';
import type { Expect } from './invariants';
import type { Ledger, LedgerBudget } from './ledger';

/**
 * A card window of an open budget against the reference ledger: Unpaid Balance, Unpaid Difference, the rows Close
 * will carry forward (its unpaid rows), and where each (B/F) row came from.
 */
export async function checkCardWindow(house: Household, ledger: Ledger, account: { id: number; balance: number }, budget: LedgerBudget, rows: readonly DraftRow[], shown: SummaryFigures, expect: Expect) {
  const where = `card ${account.id} in the window of budget ${budget.id}`;
  const expected = cardFigures(ledger, account.balance, account.id, budget);
  expect(`${where}: Unpaid Balance`, shown.unpaidBalance, expected.unpaidBalance);
  expect(`${where}: Unpaid Difference`, shown.unpaidDifference, expected.unpaidDifference);
  const unpaidShown = rows.filter((row) => row.status === 'unpaid').map((row) => row.id!).sort((a, b) => a - b).join();
  expect(`${where}: the rows Close will carry forward`, unpaidShown, expected.unpaidIds.join());

  const origins = await read<CarriedForwardOrigin[]>(house, `/bank_accounts/${account.id}/carried_forward?budget_id=${budget.id}`);
  const copies = [...ledger.rows.values()].filter((row) => row.accountId === account.id && row.date >= budget.start && row.date <= budget.end && row.carried === 'added');
  expect(`${where}: (B/F) rows named`, origins.map((o) => o.transaction_id).sort((a, b) => a - b).join(), copies.map((row) => row.id).sort((a, b) => a - b).join());
  for (const origin of origins) {
    const copy = ledger.rows.get(origin.transaction_id);
    if (!copy) continue;
    expect(`${where}: allocation of (B/F) row ${copy.id}`, origin.allocation_id, copy.allocationId);
    expect(`${where}: first date of (B/F) row ${copy.id}`, origin.original_date, firstEntered(ledger, copy.id)?.date ?? null);
  }
}
