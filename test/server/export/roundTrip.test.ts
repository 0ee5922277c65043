import { ROWS_PER_STATEMENT } from '../../../server/db/chunks';
import { MAX_BANK_ACCOUNTS } from '../../../src/shared/money';
import { seedDemoHousehold } from '../../../server/demo/seed';
import { importHousehold } from '../../../server/services/householdData/importHousehold';
import { exportRowsOf } from '../../../server/services/householdData/checkExport';
import { addMonths, budgetEndDate } from '../../../src/shared/dates';
import { EXPORT_FORMAT, EXPORT_VERSION, type HouseholdExport } from '../../../src/shared/schemas/householdData';
import type { CategorySpendingReport } from '../../../src/shared/schemas/reports';
import { countingScope } from '../../support/statementCounter';
import { call, type SignedInUser, signUpAndIn, testDialects, type TestServer, useTestServer } from '../../support/testServer';
import { idMapsBetween, readEveryRoute, remapIds } from './readEveryRoute';

const TODAY = '2026-03-17';

// The demo writes and the import rewrites thousands of rows.
jest.setTimeout(300_000);

async function exportOf(server: TestServer, user: SignedInUser): Promise<HouseholdExport> {
  const answer = await call<HouseholdExport>(server, user, { method: 'GET', url: '/household/export' });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe.each(testDialects)('household export and import on %s', (dialect) => {
  const source = useTestServer(dialect, { signIn: false });
  const target = useTestServer(dialect, { signIn: false });

  it('the demo household, exported and imported into a fresh install, reads the same on every route (ids remapped)', async () => {
    const demo = await seedDemoHousehold(source.server.db, { householdName: 'Demo Family', email: 'demo@example.com', password: 'demo password 1', today: TODAY });
    const original = await signUpAndIn(source.server, 'Demo Family');
    expect(original.householdId).toBe(demo.householdId);
    // Only owners export; this second person of the demo household is made one.
    await source.server.db.updateTable('users').set({ role: 'owner' }).where('id', '=', original.userId).execute();
    const bystander = await signUpAndIn(target.server, 'Someone Else');
    await call(target.server, bystander, { method: 'POST', url: '/allocation_categories', payload: { name: 'Not theirs' } });

    const exported = await exportOf(source.server, original);
    expect(exported.transactions.length).toBeGreaterThan(2000);
    expect(JSON.stringify(exported)).not.toMatch(/password|scrypt/i);

    const newcomer = await signUpAndIn(target.server, 'Demo Family, moved');
    const imported = await call<{ imported: Record<string, number> }>(target.server, newcomer, { method: 'POST', url: '/household/import', payload: exported });
    expect(imported.status).toBe(200);
    expect(imported.body.imported.transactions).toBe(exported.transactions.length);

    const again = await exportOf(target.server, newcomer);
    const maps = idMapsBetween(exported, again);
    // Row for row the same household, under new ids.
    expect(remapIds(strip(exported), maps)).toEqual(strip(again));

    const before = await readEveryRoute(source.server, original, exported);
    const after = await readEveryRoute(target.server, newcomer, again);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    // The category reads differ per category: each compares one category's spending, several of them some.
    const categoryReads = Object.entries(before).filter(([label]) => label.startsWith('category spending #'));
    expect(categoryReads.length).toBe(exported.allocation_categories.length);
    expect(new Set(categoryReads.map(([, read]) => JSON.stringify(read.body))).size).toBe(categoryReads.length);
    const spending = categoryReads.map(([, read]) => (read.body as CategorySpendingReport).data.reduce((sum, row) => sum + row.spent, 0));
    expect(new Set(spending.filter((spent) => spent !== 0)).size).toBeGreaterThan(1);
    for (const [label, read] of Object.entries(before)) {
      expect({ label, body: after[label].body }).toEqual({ label, body: remapIds(read.body, maps, read.kind) });
    }

    // Only the caller's household was touched: the bystander's category is still theirs alone, and theirs holds nothing new.
    const theirs = await call<Array<{ name: string }>>(target.server, bystander, { method: 'GET', url: '/allocation_categories' });
    expect(theirs.body.map((c) => c.name)).toEqual(['Not theirs']);
    const bystanderBudgets = await call<unknown[]>(target.server, bystander, { method: 'GET', url: '/budgets' });
    expect(bystanderBudgets.body).toEqual([]);
  });

  it('a household with more rows of every kind than one statement writes comes back row for row, written a batch at a time', async () => {
    const exported = manyOfEverything(2 * ROWS_PER_STATEMENT + 1);
    const newcomer = await signUpAndIn(target.server, 'Many of everything');
    const { scope, counter } = countingScope(target.server.db, newcomer.householdId);
    const { imported } = await importHousehold(scope, exportRowsOf(exported));
    expect(imported.transactions).toBe(exported.transactions.length);
    const rows = Object.values(imported).reduce((sum, n) => sum + n, 0);
    // A statement per batch of each kind (and a few reads), never one per row.
    expect(counter.statements).toBeLessThan(rows / 100);

    const again = await exportOf(target.server, newcomer);
    expect(remapIds(strip(exported), idMapsBetween(exported, again))).toEqual(strip(again));
    // The ids the import took are spent: the next new row gets one of its own.
    const added = await call<{ id: number }>(target.server, newcomer, { method: 'POST', url: '/allocation_categories', payload: { name: 'Added afterwards' } });
    expect(added.status).toBe(201);
    expect(added.body.id).toBeGreaterThan(Math.max(...again.allocation_categories.map((c) => c.id)));
  });
});

/**
 * An export with `n` rows of every kind, under sparse ids unlike any the import gives, each kind's references
 * running backwards through the other kind (the first row names the last), so they cross every batch.
 */
function manyOfEverything(n: number): HouseholdExport {
  const indexes = Array.from({ length: n }, (_, i) => i);
  const ids = (base: number) => indexes.map((i) => base + 7 * i);
  const [categories, institutions, accounts, events, budgets, incomes, allocations, envelopes, transactions, activities, schedules, occurrences] = [
    900_000, 800_000, 700_000, 600_000, 500_000, 400_000, 300_000, 200_000, 100_000, 50_000, 40_000, 30_000,
  ].map(ids);
  const back = (of: number[], i: number) => of[n - 1 - i];
  // A household keeps at most MAX_BANK_ACCOUNTS accounts (still more than one statement writes); rows share them.
  const accountCount = Math.min(n, MAX_BANK_ACCOUNTS);
  const account = (i: number) => accounts[i % accountCount];
  const stamps = (i: number) => ({ created_at: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(), updated_at: new Date(Date.UTC(2021, 0, 1, 0, i)).toISOString() });
  const day = (i: number) => addMonths('1940-01-01', i);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    household: { name: 'Many of everything' },
    settings: {
      family_type: 'single', husband: 'Husband', wife: 'Wife', single_person: 'Ann', primary_budget_account_id: account(n - 1),
      default_allocation_category_id_for_special_events: categories[n - 1], lock_version: 3, split_rule: 'even',
    },
    members: [],
    allocation_categories: indexes.map((i) => ({ id: categories[i], name: `Category ${i}`, ...stamps(i) })),
    institutions: indexes.map((i) => ({ id: institutions[i], name: `Bank ${i}`, ...stamps(i) })),
    bank_accounts: indexes.slice(0, accountCount).map((i) => ({
      id: accounts[i], name: `Account ${i}`, institution_id: i % 3 === 0 ? null : back(institutions, i), account_type: 'normal', account_category: 'asset',
      is_cash: 1, account_no: `ACC-${i}`, opening_balance: 1000 * i, opening_date: day(0), closing_balance: null, closing_date: null, status: 'open',
      import_format: null, import_settings: null, statement_day: null, payment_due_day: null, window_lock_version: i % 5, sink_fund_lock_version: 0,
      reconciled_through: null, reconciled_balance: null, ...stamps(i),
    })),
    special_events: indexes.map((i) => ({ id: events[i], name: `Event ${i}`, budget_amount: 100 * i, start_date: day(i), ...stamps(i) })),
    budgets: indexes.map((i) => ({
      id: budgets[i], name: `Budget ${i}`, start_date: day(i), end_date: budgetEndDate(day(i)), status: 'closed', lock_version: i % 4, ...stamps(i),
      incomes: [{ id: incomes[i], name: `Salary ${i}`, amount: 5000 + i, bank_account_id: i % 2 === 0 ? account(n - 1 - i) : null, comment: null, owner: 'shared', ...stamps(i) }],
      allocations: [{
        id: allocations[i], allocation_category_id: back(categories, i), name: `Allocation ${i}`, amount: 300 + i, allocation_class: 'need', is_fixed_amount: 0,
        comment: `Line ${i}`, special_event_id: i % 2 === 0 ? back(events, i) : null, ...stamps(i),
      }],
    })),
    sink_fund_allocations: indexes.map((i) => ({ id: envelopes[i], bank_account_id: account(n - 1 - i), name: `Envelope ${i}`, amount: 50 * i, comment: null, status: 'open', ...stamps(i) })),
    transactions: indexes.map((i) => ({
      id: transactions[i], bank_account_id: account(i), transaction_date: day(i), description: `Row ${i}`, withdrawal_amount: 10 + i, deposit_amount: 0,
      allocation_id: i % 2 === 0 ? back(allocations, i) : null, sink_fund_allocation_id: i % 2 === 1 ? back(envelopes, i) : null, status: 'paid',
      brought_forward_status: null, bank_ref: `REF-${i}`, is_manual_adjustment: 0, ...stamps(i),
    })),
    schedules: indexes.map((i) => ({
      id: schedules[i], bank_account_id: account(i), description: `Bill ${i}`, amount: -(100 + i), allocation_category_id: i % 2 === 0 ? back(categories, i) : null,
      allocation_name: i % 2 === 0 ? `Allocation ${i}` : null, sink_fund_allocation_id: i % 2 === 1 ? back(envelopes, i) : null, frequency: 'monthly', every: 1 + (i % 3),
      day_of_month: 1 + (i % 31), start_date: day(i), end_date: null, times: i % 4 === 0 ? 12 : null, auto_enter: i % 2, tolerance: i, ...stamps(i),
      occurrences: [{ id: occurrences[i], occurrence_date: day(i), outcome: 'skipped', ...stamps(i) }],
    })),
    activities: indexes.map((i) => ({
      id: activities[i], user_id: null, actor_name: 'Ann', kind: 'transaction.save', summary: `Change ${i}`, budget_id: back(budgets, i), bank_account_id: account(i),
      // The first half undone by the second: each link reaches into another batch, forwards or back.
      undone_by_id: i < n / 2 - 1 ? back(activities, i) : null, undoes_id: i > n / 2 ? back(activities, i) : null,
      row_keys: [`transaction:${back(transactions, i)}`, `allocation:${allocations[i]}`, `budget:${budgets[i]}`, `schedule:${schedules[i]}`], ...stamps(i),
    })),
  };
}

/** What legitimately differs between two exports of the same household: when each was made, and history links to members. */
function strip(document: HouseholdExport) {
  return {
    ...document,
    exported_at: '',
    household: { name: '' },
    members: [],
    activities: document.activities.map((a) => ({ ...a, user_id: null })),
  };
}
