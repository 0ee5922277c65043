import { seedDemoHousehold } from '../../../server/demo/seed';
import type { HouseholdExport } from '../../../src/shared/schemas/householdData';
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
    for (const [label, read] of Object.entries(before)) {
      expect({ label, body: after[label].body }).toEqual({ label, body: remapIds(read.body, maps, read.kind) });
    }

    // Only the caller's household was touched: the bystander's category is still theirs alone, and theirs holds nothing new.
    const theirs = await call<Array<{ name: string }>>(target.server, bystander, { method: 'GET', url: '/allocation_categories' });
    expect(theirs.body.map((c) => c.name)).toEqual(['Not theirs']);
    const bystanderBudgets = await call<unknown[]>(target.server, bystander, { method: 'GET', url: '/budgets' });
    expect(bystanderBudgets.body).toEqual([]);
  });
});

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
