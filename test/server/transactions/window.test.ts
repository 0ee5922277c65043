import { WINDOW_CONFLICT_MESSAGE, type Transaction } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import { signInPartner, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope, getWindow, saveWindow, windowFixture } from './fixtures';

describe.each(testDialects)('transaction window on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  describe('GET /transactions', () => {
    it("lists the account's rows inside the budget's period by date then id, with the lock version header", async () => {
      const { bankAccount, budget, allocation } = await windowFixture(ctx.user.scope);
      const otherAccount = await createBankAccount(ctx.user.scope);
      const late = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-31', { description: 'Last day', withdrawal_amount: 0, deposit_amount: 500 });
      const first = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-01', {
        description: 'Coffee',
        withdrawal_amount: 450,
        allocation_id: allocation.id,
        status: 'unpaid',
        is_manual_adjustment: 1,
        bank_ref: 'B-1',
      });
      const sameDay = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-01', { description: 'Tea' });
      await createTransaction(ctx.user.scope, bankAccount.id, '2026-02-28', { description: 'Before' });
      await createTransaction(ctx.user.scope, bankAccount.id, '2026-04-01', { description: 'After' });
      await createTransaction(ctx.user.scope, otherAccount.id, '2026-03-10', { description: 'Elsewhere' });
      await ctx.user.scope.updateTable('bank_accounts').set({ window_lock_version: 7 }).where('id', '=', bankAccount.id).execute();

      const window = await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id);
      expect(window.status).toBe(200);
      expect(window.lockVersion).toBe(7);
      expect(window.body.map((t) => t.id)).toEqual([first.id, sameDay.id, late.id]);
      expect(window.body[0]).toEqual({
        id: first.id,
        transaction_date: '2026-03-01',
        description: 'Coffee',
        withdrawal_amount: 450,
        deposit_amount: 0,
        net_amount: -450,
        allocation_id: allocation.id,
        sink_fund_allocation_id: null,
        status: 'unpaid',
        paid: false,
        brought_forward_status: null,
        bank_ref: 'B-1',
        is_manual_adjustment: true,
        bank_account_id: bankAccount.id,
      });
      expect(window.body[2]).toMatchObject({ net_amount: 500, paid: true, is_manual_adjustment: false });
    });

    it("is a 404 for another household's account or budget", async () => {
      const mine = await windowFixture(ctx.user.scope);
      const theirs = await windowFixture(ctx.other.scope);
      expect((await getWindow(ctx.server, ctx.user, theirs.bankAccount.id, mine.budget.id)).status).toBe(404);
      expect((await getWindow(ctx.server, ctx.user, mine.bankAccount.id, theirs.budget.id)).status).toBe(404);
    });
  });

  describe('POST /transactions', () => {
    it('creates, updates and deletes rows so the list becomes the window, keeping ids', async () => {
      const { bankAccount, budget, allocation } = await windowFixture(ctx.user.scope);
      const kept = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-02', { description: 'Kept', bank_ref: 'K' });
      const edited = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-03', { description: 'Edit me', bank_ref: 'E' });
      const dropped = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-04', { description: 'Dropped' });
      const flagged = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-05', { description: 'Flagged deleted' });
      const outside = await createTransaction(ctx.user.scope, bankAccount.id, '2026-04-02', { description: 'Next month' });

      const saved = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        window_lock_version: 0,
        transactions: [
          { id: kept.id, transaction_date: '2026-03-02', description: 'Kept', withdrawal_amount: 1_000, deposit_amount: 0, bank_ref: 'K' },
          {
            id: edited.id,
            transaction_date: '2026-03-10',
            description: 'Edited',
            withdrawal_amount: 2_500,
            deposit_amount: 0,
            allocation_id: allocation.id,
            status: 'unpaid',
            bank_ref: 'E2',
          },
          { id: flagged.id, transaction_date: '2026-03-05', description: 'Flagged deleted', deleted: true },
          { transaction_date: '2026-03-20', description: 'Salary', deposit_amount: 300_000, bank_ref: 'PAY-1' },
        ],
      });
      expect(saved.status).toBe(200);
      expect(saved.lockVersion).toBe(1);
      expect(saved.body.map((t) => [t.description, t.transaction_date])).toEqual([
        ['Kept', '2026-03-02'],
        ['Edited', '2026-03-10'],
        ['Salary', '2026-03-20'],
      ]);
      expect(saved.body[0].id).toBe(kept.id);
      expect(saved.body[1]).toMatchObject({ id: edited.id, withdrawal_amount: 2_500, allocation_id: allocation.id, status: 'unpaid', bank_ref: 'E2' });
      expect(saved.body[2]).toMatchObject({ deposit_amount: 300_000, withdrawal_amount: 0, status: 'paid', bank_ref: 'PAY-1' });

      const remaining = await ctx.user.scope.selectFrom('transactions').select('id').orderBy('id').execute();
      expect(remaining.map((r) => r.id)).toEqual([kept.id, edited.id, outside.id, saved.body[2].id]);
      expect(remaining.map((r) => r.id)).not.toContain(dropped.id);

      const reread = await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id);
      expect(reread.body).toEqual(saved.body);
      expect(reread.lockVersion).toBe(1);
    });

    it('keeps what an existing row omits: the manual-adjustment flag, bank reference, status and amounts', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      const adjustment = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-01', {
        description: 'Manual Adjustment',
        withdrawal_amount: 0,
        deposit_amount: 1_500,
        is_manual_adjustment: 1,
        status: 'unpaid',
        bank_ref: 'ADJ',
      });
      const saved = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        transactions: [{ id: adjustment.id, transaction_date: '2026-03-02', description: 'Manual Adjustment' }],
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual([
        expect.objectContaining({ id: adjustment.id, transaction_date: '2026-03-02', is_manual_adjustment: true, bank_ref: 'ADJ', status: 'unpaid', deposit_amount: 1_500 }),
      ]);
      const cleared = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        transactions: [{ id: adjustment.id, transaction_date: '2026-03-02', is_manual_adjustment: false }],
      });
      expect(cleared.body[0].is_manual_adjustment).toBe(false);
    });

    it('defaults a new credit-card withdrawal to unpaid and anything else to paid, and makes MAN- references', async () => {
      const { bankAccount: card, budget } = await windowFixture(ctx.user.scope, { account_type: 'credit_card', account_category: 'liability' });
      const cheque = await createBankAccount(ctx.user.scope);
      const rows = [
        { transaction_date: '2026-03-02', description: 'Shoes', withdrawal_amount: 5_000 },
        { transaction_date: '2026-03-03', description: 'Payment', deposit_amount: 5_000 },
        { transaction_date: '2026-03-04', description: 'Paid already', withdrawal_amount: 100, status: 'paid' as const },
      ];
      const onCard = await saveWindow(ctx.server, ctx.user, { bank_account_id: card.id, budget_id: budget.id, transactions: rows });
      expect(onCard.body.map((t) => t.status)).toEqual(['unpaid', 'paid', 'paid']);
      const onCheque = await saveWindow(ctx.server, ctx.user, { bank_account_id: cheque.id, budget_id: budget.id, transactions: rows });
      expect(onCheque.body.map((t) => t.status)).toEqual(['paid', 'paid', 'paid']);
      const refs = [...onCard.body, ...onCheque.body].map((t) => t.bank_ref);
      for (const ref of refs) expect(ref).toMatch(/^MAN-[0-9a-f]{16}$/);
      expect(new Set(refs).size).toBe(refs.length);
    });

    it('accepts a save without a lock version and bumps the version on every save', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      const first = await saveWindow(ctx.server, ctx.user, { bank_account_id: bankAccount.id, budget_id: budget.id, transactions: [] });
      const second = await saveWindow(ctx.server, ctx.user, { bank_account_id: bankAccount.id, budget_id: budget.id, window_lock_version: 1, transactions: [] });
      expect([first.status, first.lockVersion, second.status, second.lockVersion]).toEqual([200, 1, 200, 2]);
    });

    it("refuses a save that is stale because of the same session's own save (another draft) or the partner's", async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      const window = { bank_account_id: bankAccount.id, budget_id: budget.id };
      const mine = await saveWindow(ctx.server, ctx.user, { ...window, window_lock_version: 0, transactions: [{ transaction_date: '2026-03-05', description: 'Mine' }] });
      const otherTab = await saveWindow(ctx.server, ctx.user, { ...window, window_lock_version: 0, transactions: [{ transaction_date: '2026-03-06', description: 'Other tab' }] });
      expect([mine.status, mine.lockVersion, otherTab.status]).toEqual([200, 1, 409]);
      const mineAgain = await saveWindow(ctx.server, ctx.user, { ...window, window_lock_version: mine.lockVersion, transactions: [...mine.body, { transaction_date: '2026-03-06', description: 'Mine too' }] });
      expect([mineAgain.status, mineAgain.lockVersion]).toEqual([200, 2]);
      const partner = await signInPartner(ctx.server, ctx.user);
      expect((await saveWindow(ctx.server, partner, { ...window, window_lock_version: 2, transactions: mineAgain.body })).status).toBe(200);
      const stale = await saveWindow(ctx.server, ctx.user, { ...window, window_lock_version: 2, transactions: [] });
      expect(stale.status).toBe(409);
      expect((await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id)).body).toHaveLength(2);
    });

    it('refuses a stale lock version with 409 and writes nothing', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-02');
      await ctx.user.scope.updateTable('bank_accounts').set({ window_lock_version: 3 }).where('id', '=', bankAccount.id).execute();
      const before = await householdSnapshot(ctx.user.scope);
      const stale = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        window_lock_version: 2,
        transactions: [{ transaction_date: '2026-03-05', description: 'New' }],
      });
      expect(stale.status).toBe(409);
      expect(stale.body.errors).toEqual([WINDOW_CONFLICT_MESSAGE]);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('refuses to change the window of a closed budget', async () => {
      const { bankAccount } = await windowFixture(ctx.user.scope);
      const closed = await createBudget(ctx.user.scope, '2026-02-01', { status: 'closed' });
      const before = await householdSnapshot(ctx.user.scope);
      const refused = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: closed.id,
        transactions: [{ transaction_date: '2026-02-05', description: 'Late entry' }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual(['This budget is closed. Reopen it to make changes.']);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    describe('refuses, naming the row, and writes nothing', () => {
      const refusalCases: Array<{
        name: string;
        rows: (f: Awaited<ReturnType<typeof arrange>>) => Array<Record<string, unknown>>;
        expected: string[];
        /** The field_errors key of each expected message, in order. */
        field: string | string[];
      }> = [
        {
          name: 'a date outside the budget period',
          rows: () => [
            { transaction_date: '2026-03-02', description: 'Bread' },
            { transaction_date: '2026-03-03', description: 'Milk' },
            { transaction_date: '2026-04-04', description: 'Coffee' },
          ],
          expected: ['Row 3 (Coffee, 2026-04-04): date is outside the budget period'],
          field: 'transactions.2.transaction_date',
        },
        {
          name: 'a negative amount',
          rows: () => [{ transaction_date: '2026-03-02', description: 'Refund', withdrawal_amount: -100 }],
          expected: ['Row 1 (Refund, 2026-03-02): withdrawal amount must not be negative'],
          field: 'transactions.0.withdrawal_amount',
        },
        {
          name: 'both an allocation and an envelope',
          rows: (f) => [{ transaction_date: '2026-03-02', description: 'Both', allocation_id: f.allocation.id, sink_fund_allocation_id: f.envelope.id }],
          expected: ['Row 1 (Both, 2026-03-02): can have an allocation or a sink fund allocation, not both'],
          field: 'transactions.0.allocation_id',
        },
        {
          name: 'an allocation of another budget',
          rows: (f) => [{ transaction_date: '2026-03-02', description: 'Rent', allocation_id: f.aprilAllocation.id }],
          expected: ['Row 1 (Rent, 2026-03-02): the allocation is not part of this budget'],
          field: 'transactions.0.allocation_id',
        },
        {
          name: "an allocation of another household's budget",
          rows: (f) => [{ transaction_date: '2026-03-02', description: 'Rent', allocation_id: f.theirs.allocation.id }],
          expected: ['Row 1 (Rent, 2026-03-02): the allocation is not part of this budget'],
          field: 'transactions.0.allocation_id',
        },
        {
          name: 'an envelope of another account',
          rows: (f) => [{ transaction_date: '2026-03-02', description: 'Car', sink_fund_allocation_id: f.foreignEnvelope.id }],
          expected: ['Row 1 (Car, 2026-03-02): the sink fund allocation does not belong to this account'],
          field: 'transactions.0.sink_fund_allocation_id',
        },
        {
          name: "an id of another account's row",
          rows: (f) => [{ id: f.elsewhere.id, transaction_date: '2026-03-02', description: 'Moved' }],
          expected: ['Row 1 (Moved, 2026-03-02): is not a transaction of this account in this budget period'],
          field: 'transactions.0.id',
        },
        {
          name: 'an id of a row outside the window, even marked deleted',
          rows: (f) => [{ id: f.april.id, transaction_date: '2026-03-02', description: 'Old', deleted: true }],
          expected: ['Row 1 (Old, 2026-03-02): is not a transaction of this account in this budget period'],
          field: 'transactions.0.id',
        },
        {
          name: "an id of another household's row",
          rows: (f) => [{ id: f.theirRow.id, transaction_date: '2026-03-02', description: 'Theirs' }],
          expected: ['Row 1 (Theirs, 2026-03-02): is not a transaction of this account in this budget period'],
          field: 'transactions.0.id',
        },
        {
          name: 'a bank reference used twice in the list',
          rows: () => [
            { transaction_date: '2026-03-02', description: 'One', bank_ref: 'X1' },
            { transaction_date: '2026-03-03', description: 'Two', bank_ref: 'X1' },
            { transaction_date: '2026-03-04', description: 'Three', bank_ref: 'X1' },
          ],
          expected: [
            "Row 2 (Two, 2026-03-03): bank reference 'X1' is already used by row 1",
            "Row 3 (Three, 2026-03-04): bank reference 'X1' is already used by row 1",
          ],
          field: ['transactions.1.bank_ref', 'transactions.2.bank_ref'],
        },
        {
          name: 'a bank reference of a row outside the window',
          rows: () => [{ transaction_date: '2026-03-02', description: 'Again', bank_ref: 'APRIL-REF' }],
          expected: ["Row 1 (Again, 2026-03-02): bank reference 'APRIL-REF' already exists in this account (2026-04-10)"],
          field: 'transactions.0.bank_ref',
        },
      ];

      async function arrange() {
        const fixture = await windowFixture(ctx.user.scope, { account_type: 'sink_fund' });
        const envelope = await createEnvelope(ctx.user.scope, fixture.bankAccount.id);
        const otherFund = await createBankAccount(ctx.user.scope, { account_type: 'sink_fund' });
        const foreignEnvelope = await createEnvelope(ctx.user.scope, otherFund.id);
        const aprilBudget = await createBudget(ctx.user.scope, '2026-04-01');
        const aprilAllocation = await createAllocation(ctx.user.scope, aprilBudget.id, fixture.category.id);
        const existing = await createTransaction(ctx.user.scope, fixture.bankAccount.id, '2026-03-15', { description: 'Existing' });
        const april = await createTransaction(ctx.user.scope, fixture.bankAccount.id, '2026-04-10', { bank_ref: 'APRIL-REF' });
        const elsewhere = await createTransaction(ctx.user.scope, otherFund.id, '2026-03-02');
        const theirs = await windowFixture(ctx.other.scope);
        const theirRow = await createTransaction(ctx.other.scope, theirs.bankAccount.id, '2026-03-02');
        return { ...fixture, envelope, foreignEnvelope, aprilAllocation, existing, april, elsewhere, theirs, theirRow };
      }

      it.each(refusalCases)('$name', async ({ rows, expected, field }) => {
        const f = await arrange();
        const before = await householdSnapshot(ctx.user.scope);
        const theirsBefore = await householdSnapshot(ctx.other.scope);
        const refused = await saveWindow(ctx.server, ctx.user, {
          bank_account_id: f.bankAccount.id,
          budget_id: f.budget.id,
          window_lock_version: 0,
          // The existing row stays listed so that only the named problem is wrong with the request.
          transactions: [...rows(f), { id: f.existing.id, transaction_date: '2026-03-15' }],
        });
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual(expected);
        const fields = typeof field === 'string' ? expected.map(() => field) : field;
        expect(refused.body.field_errors).toEqual(Object.fromEntries(fields.map((key, i) => [key, [expected[i]]])));
        expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
        expect(await householdSnapshot(ctx.other.scope)).toEqual(theirsBefore);
      });

      it('lists every problem of every row at once', async () => {
        const f = await arrange();
        await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
        const refused = await saveWindow(ctx.server, ctx.user, {
          bank_account_id: f.bankAccount.id,
          budget_id: f.budget.id,
          transactions: [
            { transaction_date: '2026-05-01', description: 'Late', deposit_amount: -1 },
            { transaction_date: '2026-03-02', description: '', allocation_id: f.aprilAllocation.id },
          ],
        });
        expect(refused.body.errors).toEqual([
          'Row 1 (Late, 2026-05-01): date is outside the budget period',
          'Row 1 (Late, 2026-05-01): deposit amount must not be negative',
          'Row 2 (2026-03-02): the allocation is not part of this budget',
        ]);
      });
    });

    it('rejects non-integer money and impossible dates through the schema', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      for (const row of [
        { transaction_date: '2026-03-02', withdrawal_amount: 1.5 },
        { transaction_date: '2026-02-30' },
        { transaction_date: '2026-03-02', status: 'maybe' },
      ]) {
        const refused = await saveWindow(ctx.server, ctx.user, { bank_account_id: bankAccount.id, budget_id: budget.id, transactions: [row] });
        expect(refused.status).toBe(422);
      }
      expect((await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id)).lockVersion).toBe(0);
    });

    it('skips new rows marked deleted (imported rows outside the window)', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      const saved = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        transactions: [
          { transaction_date: '2026-02-20', description: 'Imported, too early', deleted: true },
          { transaction_date: '2026-03-20', description: 'Imported' },
        ],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.map((t) => t.description)).toEqual(['Imported']);
    });

    it("is a 404 for another household's account or budget and writes nothing", async () => {
      const mine = await windowFixture(ctx.user.scope);
      const theirs = await windowFixture(ctx.other.scope);
      await createTransaction(ctx.other.scope, theirs.bankAccount.id, '2026-03-02');
      const before = await householdSnapshot(ctx.other.scope);
      for (const [account, budget] of [
        [theirs.bankAccount.id, mine.budget.id],
        [mine.bankAccount.id, theirs.budget.id],
        [theirs.bankAccount.id, theirs.budget.id],
      ]) {
        const refused = await saveWindow(ctx.server, ctx.user, { bank_account_id: account, budget_id: budget, transactions: [] });
        expect(refused.status).toBe(404);
      }
      expect(await householdSnapshot(ctx.other.scope)).toEqual(before);
    });

    it("keeps a carried-forward copy's allocation from the closed budget and the balancing row's negative amounts", async () => {
      const { bankAccount: card, category, budget: march } = await windowFixture(ctx.user.scope, { account_type: 'credit_card' });
      const february = await createBudget(ctx.user.scope, '2026-02-01', { status: 'closed' });
      const februaryAllocation = await createAllocation(ctx.user.scope, february.id, category.id);
      const copy = await createTransaction(ctx.user.scope, card.id, '2026-03-01', {
        description: 'Shoes (B/F)',
        withdrawal_amount: 5_000,
        allocation_id: februaryAllocation.id,
        status: 'unpaid',
        brought_forward_status: 'added',
      });
      const balancing = await createTransaction(ctx.user.scope, card.id, '2026-03-01', {
        description: 'Balance B/F Adj Entry',
        withdrawal_amount: -5_000,
        brought_forward_status: 'adjustment',
      });
      const window = await getWindow(ctx.server, ctx.user, card.id, march.id);
      const saved = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: card.id,
        budget_id: march.id,
        window_lock_version: window.lockVersion,
        transactions: window.body.map((t: Transaction) => ({ ...t, status: 'paid' as const })),
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual([
        expect.objectContaining({ id: copy.id, allocation_id: februaryAllocation.id, status: 'paid', brought_forward_status: 'added' }),
        expect.objectContaining({ id: balancing.id, withdrawal_amount: -5_000, brought_forward_status: 'adjustment' }),
      ]);
    });

    it('lets two rows swap their bank references', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      const a = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-02', { bank_ref: 'R1' });
      const b = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-03', { bank_ref: 'R2' });
      const saved = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        transactions: [
          { id: a.id, transaction_date: '2026-03-02', bank_ref: 'R2' },
          { id: b.id, transaction_date: '2026-03-03', bank_ref: 'R1' },
        ],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.map((t) => [t.id, t.bank_ref])).toEqual([
        [a.id, 'R2'],
        [b.id, 'R1'],
      ]);
    });

    it('lets a new row take the reference of a row deleted in the same save', async () => {
      const { bankAccount, budget } = await windowFixture(ctx.user.scope);
      await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-02', { bank_ref: 'R1' });
      await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id);
      const saved = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: bankAccount.id,
        budget_id: budget.id,
        transactions: [{ transaction_date: '2026-03-05', description: 'Re-imported', bank_ref: 'R1' }],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.map((t) => [t.description, t.bank_ref])).toEqual([['Re-imported', 'R1']]);
    });

    it('saves windows larger than one batch: create, then update and delete across batches', async () => {
      const { bankAccount, budget, allocation } = await windowFixture(ctx.user.scope);
      const count = 1_100;
      const rows = Array.from({ length: count }, (_, i) => ({
        transaction_date: `2026-03-${String((i % 31) + 1).padStart(2, '0')}`,
        description: `Row ${i}`,
        withdrawal_amount: i + 1,
        bank_ref: `IMP-${i}`,
      }));
      const created = await saveWindow(ctx.server, ctx.user, { bank_account_id: bankAccount.id, budget_id: budget.id, window_lock_version: 0, transactions: rows });
      expect(created.status).toBe(200);
      expect(created.body).toHaveLength(count);

      const edited = created.body
        .filter((_, i) => i % 10 !== 0)
        .map((t) => ({ ...t, description: `${t.description} edited`, allocation_id: allocation.id, withdrawal_amount: t.withdrawal_amount * 2 }));
      const updated = await saveWindow(ctx.server, ctx.user, { bank_account_id: bankAccount.id, budget_id: budget.id, window_lock_version: 1, transactions: edited });
      expect(updated.status).toBe(200);
      expect(updated.body).toHaveLength(edited.length);
      const byId = new Map(updated.body.map((t) => [t.id, t]));
      for (const row of edited) {
        expect(byId.get(row.id)).toMatchObject({ description: row.description, allocation_id: allocation.id, withdrawal_amount: row.withdrawal_amount, bank_ref: row.bank_ref });
      }
    });
  });
});
