import type { Budget } from '../../../src/shared/schemas/budgets';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { SinkFund } from '../../../src/shared/schemas/sinkFunds';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, createCategory } from '../../support/builders';
import { call, type SignedInUser, signInAgain, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope, getWindow } from './fixtures';

/**
 * Issue 27's acceptance: clients writing at once through every route (transfers, quick adds, envelope moves,
 * balance adjustments, window saves from their own older drafts) lose nothing that was acknowledged. A few
 * seconds in `npm test`; `npm run test:concurrency` runs it for 20.
 */
const SECONDS = Number(process.env.EVERYCENT_CONCURRENCY_SECONDS ?? 3);
const CLIENTS = 8;

interface Acknowledged {
  description: string;
  accountId: number;
  withdrawal: number;
  deposit: number;
  allocationId: number | null;
}

describe.each(testDialects)('concurrent writes on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it(
    `keeps every acknowledged row and every allocation's spent, ${CLIENTS} clients for ${SECONDS} s`,
    async () => {
      const { scope } = ctx.user;
      const cheque = await createBankAccount(scope, { name: 'Cheque', closing_date: '2026-02-28' });
      const savings = await createBankAccount(scope, { name: 'Savings', closing_date: '2026-02-28' });
      const cash = await createBankAccount(scope, { name: 'Cash', closing_date: '2026-02-28' });
      const funds = await createBankAccount(scope, { name: 'Funds', account_type: 'sink_fund', account_category: 'asset' });
      const envelopes = [await createEnvelope(scope, funds.id, { name: 'Car' }), await createEnvelope(scope, funds.id, { name: 'Trip' })];
      const budget = await createBudget(scope, '2026-03-01');
      const category = await createCategory(scope);
      const allocations = [await createAllocation(scope, budget.id, category.id, { name: 'Food' }), await createAllocation(scope, budget.id, category.id, { name: 'Fuel' })];

      // Client 0 has a session of its own (it also saves without a version); the others share two (tabs of one person).
      const shared = [await signInAgain(ctx.server, ctx.user), await signInAgain(ctx.server, ctx.user)];
      const sessions: SignedInUser[] = [ctx.user, ...Array.from({ length: CLIENTS - 1 }, (_, i) => shared[i % 2])];

      const acknowledged: Acknowledged[] = [];
      const envelopeNet = new Map(envelopes.map((e) => [e.id, 0]));
      let moves = 0;
      let cashBalance = 0;
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      let windowSaves = 0;
      const deadline = Date.now() + SECONDS * 1000;

      const amount = () => 100 + Math.floor(Math.random() * 10_000);
      const day = () => `2026-03-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
      const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

      const drafts: Array<Awaited<ReturnType<typeof getWindow>>> = [];
      // A session knows its last read, not which of its drafts it came from: a versionless save is safe only
      // from the latest one (docs/writes.md, "Limit"), so client 0 omits the version only on a fresh draft.
      const fresh: boolean[] = [];
      const read = async (index: number) => {
        drafts[index] = await getWindow(ctx.server, sessions[index], cheque.id, budget.id);
        fresh[index] = true;
      };
      /** A window save of the client's draft with one row added: acknowledged, or refused as a whole. */
      async function saveDraft(index: number, tag: string, versionless: boolean) {
        const cents = amount();
        const allocationId = pick(allocations).id;
        fresh[index] = false;
        const response = await call<Transaction[]>(ctx.server, sessions[index], {
          method: 'POST',
          url: '/transactions',
          payload: {
            bank_account_id: cheque.id,
            budget_id: budget.id,
            ...(versionless ? {} : { window_lock_version: drafts[index].lockVersion }),
            transactions: [...drafts[index].body, { transaction_date: day(), description: tag, withdrawal_amount: cents, allocation_id: allocationId }],
          },
        });
        count(response.status);
        if (response.status < 300) {
          windowSaves++;
          acknowledged.push({ description: tag, accountId: cheque.id, withdrawal: cents, deposit: 0, allocationId });
        }
      }

      async function client(index: number) {
        const who = sessions[index];
        await read(index);
        for (let n = 0; Date.now() < deadline; n++) {
          const tag = `c${index}-${n}`;
          const op = pick(index === 0 ? ['window', 'window', 'adjust', 'quickAdd'] : ['transfer', 'quickAdd', 'move', 'window', 'window']);
          if (op === 'transfer') {
            const cents = amount();
            const allocationId = pick(allocations).id;
            const response = await call(ctx.server, who, {
              method: 'POST',
              url: `/bank_accounts/${cheque.id}/transfer`,
              payload: { to: savings.id, amount: cents, date: day(), description: tag, budget_id: budget.id, from_allocation: allocationId },
            });
            count(response.status);
            if (response.status < 300) {
              acknowledged.push({ description: `Withdrawal - ${tag}`, accountId: cheque.id, withdrawal: cents, deposit: 0, allocationId });
              acknowledged.push({ description: `Deposit - ${tag}`, accountId: savings.id, withdrawal: 0, deposit: cents, allocationId: null });
            }
          } else if (op === 'quickAdd') {
            const cents = amount();
            const allocationId = pick(allocations).id;
            const response = await call(ctx.server, who, {
              method: 'POST',
              url: '/transactions/one',
              payload: { bank_account_id: cheque.id, transaction_date: day(), description: tag, withdrawal_amount: cents, allocation_id: allocationId },
            });
            count(response.status);
            if (response.status < 300) acknowledged.push({ description: tag, accountId: cheque.id, withdrawal: cents, deposit: 0, allocationId });
          } else if (op === 'move') {
            const cents = amount();
            const [from, to] = Math.random() < 0.5 ? envelopes : [...envelopes].reverse();
            const response = await call(ctx.server, who, {
              method: 'POST',
              url: `/sink_funds/${funds.id}/transfer_allocation`,
              payload: { existing_allocation_id: from.id, new_allocation_id: to.id, amount: cents },
            });
            count(response.status);
            if (response.status < 300) {
              moves++;
              envelopeNet.set(from.id, envelopeNet.get(from.id)! - cents);
              envelopeNet.set(to.id, envelopeNet.get(to.id)! + cents);
            }
          } else if (op === 'adjust') {
            const balance = Math.floor(Math.random() * 1_000_000) - 500_000;
            const response = await call(ctx.server, who, {
              method: 'POST',
              url: '/bank_accounts/manually_adjust_balances',
              payload: { adjustments: [{ bank_account_id: cash.id, new_balance: balance }] },
            });
            count(response.status);
            if (response.status < 300) cashBalance = balance;
          } else {
            await saveDraft(index, tag, index === 0 && fresh[index] && Math.random() < 0.5);
            // The next draft: a fresh read, or now and then the older one kept.
            if (Math.random() < 0.7) await read(index);
          }
        }
      }

      await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
      // Then each client saves its last draft, mostly an older one, and once more from a fresh read: whatever the
      // load did, some window saves go through, so the checks below see what they kept.
      for (let index = 0; index < CLIENTS; index++) {
        await saveDraft(index, `c${index}-last`, false);
        await read(index);
        await saveDraft(index, `c${index}-fresh`, index === 0);
      }

      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect(windowSaves).toBeGreaterThanOrEqual(CLIENTS);
      expect(statuses.get(409) ?? 0).toBeGreaterThan(0);

      const stored = await scope.selectFrom('transactions').selectAll().execute();
      const byDescription = new Map(stored.map((row) => [row.description, row]));
      const missing = acknowledged.filter((row) => {
        const found = byDescription.get(row.description);
        return !found || found.bank_account_id !== row.accountId || found.withdrawal_amount !== row.withdrawal || found.deposit_amount !== row.deposit;
      });
      expect(missing).toEqual([]);
      expect(stored.filter((row) => row.description === 'Internal Allocation Transfer')).toHaveLength(2 * moves);

      const detail = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budget.id}` });
      const spent = (id: number) => acknowledged.filter((row) => row.allocationId === id).reduce((sum, row) => sum + row.withdrawal - row.deposit, 0);
      expect(detail.body.allocations.map((a) => [a.id, a.spent])).toEqual(allocations.map((a) => [a.id, spent(a.id)]));

      const fund = await call<SinkFund>(ctx.server, ctx.user, { method: 'GET', url: `/sink_funds/${funds.id}` });
      expect(fund.body.sink_fund_allocations.map((e) => [e.id, e.current_balance])).toEqual(envelopes.map((e) => [e.id, envelopeNet.get(e.id)]));
      const accounts = await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' });
      expect(accounts.body.find((a) => a.id === cash.id)?.current_balance).toBe(cashBalance);
    },
    SECONDS * 1000 + 120_000,
  );
});
