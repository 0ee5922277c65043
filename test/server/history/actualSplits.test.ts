import type { Budget } from '../../../src/shared/schemas/budgets';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { actualDatabase, actualUpload } from '../../support/hostileFiles';
import { call, type SignedInUser, testDialects, type TestServer, useTestServer } from '../../support/testServer';

/**
 * Issue 44: Actual's split transactions (a parent row and its children, `parent_id`) arrive as one split row
 * whose parts are the children: amount, category → the month's allocation, notes → memo. The export's fixture
 * (test/fixtures/history/actual/db.sql) holds a two-way split on the card; this adds, in the shape Actual writes,
 * a three-way receipt whose parts have notes and one a payee of its own, a deleted child, a pay slip split
 * between income and a refund, a child whose parent is gone and a parent whose children are all deleted.
 */
const SPLITS = `
  INSERT INTO payees (id, name, transfer_acct) VALUES ('pay-hardware', 'Hardware Store', NULL);
  INSERT INTO transactions (id, acct, category, amount, description, notes, date, sort_order, tombstone, isParent, isChild, parent_id, cleared) VALUES
    ('t-receipt', 'acc-checking', NULL, -10000, 'pay-grocer', 'Big shop', 20260215, 20, 0, 1, 0, NULL, 1),
    ('t-receipt-1', 'acc-checking', 'cat-food', -6000, 'pay-grocer', 'weekly shop', 20260215, 21, 0, 0, 1, 't-receipt', 1),
    ('t-receipt-2', 'acc-checking', 'cat-general', -2500, 'pay-grocer', 'household goods', 20260215, 22, 0, 0, 1, 't-receipt', 1),
    ('t-receipt-3', 'acc-checking', 'cat-general', -1500, 'pay-hardware', 'bulbs', 20260215, 23, 0, 0, 1, 't-receipt', 1),
    ('t-receipt-4', 'acc-checking', 'cat-food', -700, 'pay-grocer', 'taken back', 20260215, 24, 1, 0, 1, 't-receipt', 1),
    ('t-slip', 'acc-checking', NULL, 420000, 'pay-employer', NULL, 20260220, 25, 0, 1, 0, NULL, 1),
    ('t-slip-1', 'acc-checking', 'cat-salary', 400000, 'pay-employer', NULL, 20260220, 26, 0, 0, 1, 't-slip', 1),
    ('t-slip-2', 'acc-checking', 'cat-food', 20000, 'pay-employer', 'lunch refund', 20260220, 27, 0, 0, 1, 't-slip', 1),
    ('t-orphan', 'acc-checking', 'cat-power', -3000, 'pay-power', NULL, 20260222, 28, 0, 0, 1, 't-gone', 1),
    ('t-empty', 'acc-checking', NULL, -999, 'pay-grocer', NULL, 20260223, 29, 0, 1, 0, NULL, 1),
    ('t-empty-1', 'acc-checking', 'cat-food', -999, 'pay-grocer', NULL, 20260223, 30, 1, 0, 1, 't-empty', 1);
`;

async function budgets(server: TestServer, user: SignedInUser) {
  const list = (await call<Array<{ id: number; start_date: string }>>(server, user, { method: 'GET', url: '/budgets' })).body;
  return Promise.all(list.map(async ({ id }) => (await call<Budget>(server, user, { method: 'GET', url: `/budgets/${id}` })).body));
}

describe.each(testDialects)("Actual's split transactions on %s", (dialect) => {
  const ctx = useTestServer(dialect);

  it('a parent and its children arrive as one split row whose parts are the children; every balance and budgeted amount stays the file\'s', async () => {
    const upload = actualUpload(actualDatabase(SPLITS));
    const preview = await call<HistoryPreview>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: upload });
    expect(preview.status).toBe(200);
    expect(preview.body.accounts.map((a) => [a.name, a.transactions])).toEqual([
      // 7 rows of the fixture, the receipt, the pay slip and the orphaned child.
      ['Everyday Checking', 10],
      // The card's split (two children in the fixture) is one row.
      ['Visa Card', 2],
    ]);
    // The parent whose only part is deleted is listed, never dropped unseen.
    expect(preview.body.unmapped).toEqual([expect.objectContaining({ reason: 'a split whose parts are all deleted (Actual counts nothing for it): left out' })]);
    expect(preview.body.budgets.map((b) => [b.month, b.allocated])).toEqual([
      ['2026-01', 57500],
      ['2026-02', 49500],
    ]);
    const imported = await call(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: upload });
    expect(imported.status).toBe(200);

    const all = await budgets(ctx.server, ctx.user);
    const byMonth = Object.fromEntries(all.map((b) => [b.start_date, b]));
    const lines = (budget: Budget) => Object.fromEntries(budget.allocations.map((a) => [a.name, [a.amount, a.spent]]));
    // Each part counts toward its category's line; the refund part lowers Food's spent; the orphan is a Power row.
    expect(lines(byMonth['2026-01-01'])).toEqual({ Food: [40000, 8523 + 4000], General: [10000, 2000], Power: [7500, 7210] });
    expect(lines(byMonth['2026-02-01'])).toEqual({ Food: [42000, 5150 + 6000 - 20000], General: [0, 1999 + 2500 + 1500], Power: [7500, 3000] });
    // The pay slip's salary part is February's income, beside the fixture's own salary.
    expect(byMonth['2026-02-01'].incomes.reduce((sum, income) => sum + income.amount, 0)).toBe(410000 + 400000);

    const accounts = (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true&include_closed=true' })).body;
    const checking = accounts.find((a) => a.name === 'Everyday Checking')!;
    const card = accounts.find((a) => a.name === 'Visa Card')!;
    // The deleted children and the childless parent move nothing, as in Actual's own balances.
    expect(checking.current_balance).toBe(250000 + 820000 - 8523 - 7210 - 6000 - 5150 - 1999 - 10000 + 420000 - 3000);
    expect(card.current_balance).toBe(-6000 + 6000);

    const allocationId = (month: string, name: string) => byMonth[month].allocations.find((a) => a.name === name)!.id;
    const splitRows = async (accountId: number, month: string) =>
      (await call<Transaction[]>(ctx.server, ctx.user, { method: 'GET', url: `/transactions?bank_account_id=${accountId}&budget_id=${byMonth[month].id}` })).body
        .filter((row) => row.splits)
        .map((row) => [row.transaction_date, row.description, row.deposit_amount - row.withdrawal_amount, row.allocation_id, row.bank_ref, row.splits!.map((p) => [p.amount, p.allocation_id, p.memo])]);
    expect(await splitRows(card.id, '2026-01-01')).toEqual([
      ['2026-01-10', 'Corner Grocer — Split', -6000, null, 'ACTUAL-t-split', [[-4000, allocationId('2026-01-01', 'Food'), null], [-2000, allocationId('2026-01-01', 'General'), null]]],
    ]);
    expect(await splitRows(checking.id, '2026-02-01')).toEqual([
      [
        '2026-02-15',
        'Corner Grocer — Big shop',
        -10000,
        null,
        'ACTUAL-t-receipt',
        [
          [-6000, allocationId('2026-02-01', 'Food'), 'weekly shop'],
          [-2500, allocationId('2026-02-01', 'General'), 'household goods'],
          // A part paid to another payee keeps its name in its memo.
          [-1500, allocationId('2026-02-01', 'General'), 'Hardware Store — bulbs'],
        ],
      ],
      ['2026-02-20', 'Employer Ltd', 420000, null, 'ACTUAL-t-slip', [[400000, null, null], [20000, allocationId('2026-02-01', 'Food'), 'lunch refund']]],
    ]);
  });
});
