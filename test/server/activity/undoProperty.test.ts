import fc from 'fast-check';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, signUpAndIn, testDialects, type TestServer, useTestServer } from '../../support/testServer';
import { getWindow, saveWindow } from '../transactions/fixtures';

type Command =
  | { kind: 'window'; op: 'change' | 'delete' | 'add'; pick: number; amount: number }
  | { kind: 'budget'; op: 'change' | 'delete' | 'add'; pick: number; amount: number }
  | { kind: 'adjust'; balance: number }
  | { kind: 'quick'; pick: number; amount: number }
  | { kind: 'undo'; pick: number };

const amount = fc.integer({ min: 1, max: 50_000 });
// Weighted towards what interleaves: window saves, balance adjustments (which resize a row a window save may
// have touched) and undos of any earlier change.
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('window' as const), op: fc.constantFrom('change' as const, 'delete' as const, 'add' as const), pick: fc.nat(), amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('budget' as const), op: fc.constantFrom('change' as const, 'delete' as const, 'add' as const), pick: fc.nat(), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), balance: fc.integer({ min: -100_000, max: 200_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('quick' as const), pick: fc.nat(), amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }) },
);

/** Every figure a person sees, by name: each allocation's amount and spent, each income, the account's balance. */
type Figures = Map<string, number>;

interface World {
  server: TestServer;
  user: SignedInUser;
  budgetId: number;
  accountId: number;
  categoryId: number;
}

async function figures({ server, user, budgetId }: World): Promise<Figures> {
  const budget = await call<Budget>(server, user, { method: 'GET', url: `/budgets/${budgetId}` });
  const accounts = await call<Array<{ id: number; current_balance: number }>>(server, user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' });
  const result: Figures = new Map();
  for (const a of budget.body.allocations) {
    result.set(`allocation ${a.id} amount`, a.amount);
    result.set(`allocation ${a.id} spent`, a.spent);
  }
  for (const i of budget.body.incomes) result.set(`income ${i.id}`, i.amount);
  for (const a of accounts.body) result.set(`account ${a.id} balance`, a.current_balance);
  return result;
}

/** Figures are sums over rows: an undo that puts back exactly its change's rows moves each by minus the change. */
function expectUndone(beforeUndo: Figures, afterUndo: Figures, beforeChange: Figures, afterChange: Figures) {
  const keys = new Set([...beforeUndo.keys(), ...afterUndo.keys(), ...beforeChange.keys(), ...afterChange.keys()]);
  const at = (figures: Figures, key: string) => figures.get(key) ?? 0;
  const expected = Object.fromEntries([...keys].map((key) => [key, at(beforeUndo, key) - (at(afterChange, key) - at(beforeChange, key))]));
  const actual = Object.fromEntries([...keys].map((key) => [key, at(afterUndo, key)]));
  expect(actual).toEqual(expected);
}

const withoutActivity = async (user: SignedInUser) => {
  const { activities: _a, households: _h, activity_rows: _r, ...rest } = await householdSnapshot(user.scope);
  return rest;
};

/** Runs one write through its route; the id of its activity entry when it was acknowledged. */
async function write(world: World, step: Exclude<Command, { kind: 'undo' }>): Promise<number | null> {
  const { server, user, budgetId, accountId, categoryId } = world;
  let response: { status: number; headers: Record<string, unknown> };
  if (step.kind === 'window') {
    const window = await getWindow(server, user, accountId, budgetId);
    const rows: Array<Record<string, unknown>> = window.body.map((row: Transaction) => ({ id: row.id, transaction_date: row.transaction_date }));
    const target = rows.length ? step.pick % rows.length : -1;
    if (step.op === 'add' || target < 0) rows.push({ transaction_date: '2026-11-20', description: `Row ${step.amount}`, withdrawal_amount: step.amount, deposit_amount: 0 });
    else if (step.op === 'delete') rows.splice(target, 1);
    else rows[target] = { ...rows[target], withdrawal_amount: step.amount, deposit_amount: 0 };
    response = await saveWindow(server, user, { bank_account_id: accountId, budget_id: budgetId, window_lock_version: window.lockVersion, transactions: rows });
  } else if (step.kind === 'budget') {
    const budget = (await call<Budget>(server, user, { method: 'GET', url: `/budgets/${budgetId}` })).body;
    const lines = budget.allocations;
    const line = lines.length ? lines[step.pick % lines.length] : undefined;
    const allocations =
      step.op === 'add' || !line
        ? [{ name: `Line ${step.amount}`, amount: step.amount, allocation_category_id: categoryId }]
        : [{ id: line.id, ...(step.op === 'delete' ? { amount: 0, deleted: true } : { amount: step.amount }) }];
    response = await call(server, user, { method: 'PUT', url: `/budgets/${budgetId}`, payload: { lock_version: budget.lock_version, allocations } });
  } else if (step.kind === 'adjust') {
    response = await call(server, user, { method: 'POST', url: '/bank_accounts/manually_adjust_balances', payload: { adjustments: [{ bank_account_id: accountId, new_balance: step.balance }] } });
  } else {
    const budget = (await call<Budget>(server, user, { method: 'GET', url: `/budgets/${budgetId}` })).body;
    const line = budget.allocations.length ? budget.allocations[step.pick % budget.allocations.length] : undefined;
    response = await call(server, user, {
      method: 'POST',
      url: '/transactions/one',
      payload: { bank_account_id: accountId, transaction_date: '2026-11-21', description: 'Quick', withdrawal_amount: step.amount, allocation_id: line?.id ?? null },
    });
  }
  if (response.status >= 300) return null;
  const id = response.headers['activity-id'];
  return id === undefined ? null : Number(id);
}

async function newWorld(server: TestServer): Promise<World> {
  const user = await signUpAndIn(server);
  // One budget covering the day a balance adjustment is dated (today), so every write lands in it.
  const budget = await createBudget(user.scope, '2026-01-01', { end_date: '2027-12-31' });
  const account = await createBankAccount(user.scope, { name: 'Current', opening_balance: 100_000 });
  const category = await createCategory(user.scope, { name: 'Home' });
  const rent = await createAllocation(user.scope, budget.id, category.id, { name: 'Rent', amount: 90_000 });
  await createAllocation(user.scope, budget.id, category.id, { name: 'Food', amount: 40_000 });
  await createTransaction(user.scope, account.id, '2026-11-02', { description: 'Landlord', withdrawal_amount: 90_000, allocation_id: rent.id });
  return { server, user, budgetId: budget.id, accountId: account.id, categoryId: category.id };
}

/**
 * Interleavings random runs reach only rarely, always tried first: a balance adjustment resizing the adjustment
 * row a window save changed, then undoing the save; a window save deleting a row, its allocation deleted since.
 */
const INTERLEAVINGS: Array<[Command[]]> = [
  [
    [
      { kind: 'adjust', balance: 50_000 },
      { kind: 'window', op: 'change', pick: 1, amount: 700 },
      { kind: 'adjust', balance: 70_000 },
      { kind: 'undo', pick: 1 },
    ],
  ],
  [
    [
      { kind: 'window', op: 'delete', pick: 0, amount: 1 },
      { kind: 'budget', op: 'delete', pick: 0, amount: 1 },
      { kind: 'undo', pick: 0 },
      { kind: 'quick', pick: 0, amount: 300 },
    ],
  ],
];

describe.each(testDialects)('undo over random writes on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it('restores every figure its change moved, or is refused and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 8 }), async (steps) => {
        const world = await newWorld(ctx.server);
        const changes: Array<{ id: number; undoable: boolean; before: Figures; after: Figures }> = [];
        let latest: (typeof changes)[number] | null = null;
        for (const step of steps) {
          const before = await figures(world);
          if (step.kind !== 'undo') {
            const id = await write(world, step);
            if (id === null) expect(await figures(world)).toEqual(before);
            else {
              latest = { id, undoable: step.kind !== 'adjust', before, after: await figures(world) };
              changes.push(latest);
            }
            continue;
          }
          if (changes.length === 0) continue;
          const [change] = changes.splice(step.pick % changes.length, 1);
          const rows = await withoutActivity(world.user);
          const undone = await call(world.server, world.user, { method: 'POST', url: `/activity/${change.id}/undo` });
          if (undone.status === 200) {
            latest = null;
            expectUndone(before, await figures(world), change.before, change.after);
          } else {
            expect(undone.status).toBe(422);
            expect(await withoutActivity(world.user)).toEqual(rows);
            expect(await figures(world)).toEqual(before);
          }
        }
        // The latest change, when nothing came after it, always undoes to exactly what was there before it.
        if (latest?.undoable && changes.includes(latest)) {
          const undone = await call(world.server, world.user, { method: 'POST', url: `/activity/${latest.id}/undo` });
          expect(undone.status).toBe(200);
          expect(await figures(world)).toEqual(latest.before);
        }
      }),
      { seed: 2027, numRuns: 25, examples: INTERLEAVINGS },
    );
  }, 120_000);
});
