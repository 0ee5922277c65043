import fs from 'node:fs';
import path from 'node:path';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import type { HouseholdExport } from '../../../src/shared/schemas/householdData';
import { actualDatabase, actualUpload } from '../../support/hostileFiles';
import { call, testDialects, useTestServer } from '../../support/testServer';

type Refusal = { errors: string[] };

const fixture = (...parts: string[]) => fs.readFileSync(path.join(__dirname, '../../fixtures/history', ...parts), 'utf8');
/** YNAB's files with these register rows after the fixture's own. */
const ynabWith = (...rows: string[]) => ({ source: 'ynab', plan: fixture('ynab/Plan.csv'), register: [fixture('ynab/Register.csv').trimEnd(), ...rows].join('\n') });
const ynabRow = (date: string, payee: string, outflow: string, memo = '') => `"Checking","","${date}","${payee}","Everyday: Groceries","Everyday","Groceries","${memo}","${outflow}",$0.00,"Cleared"`;
/** Actual's fixture with one more transaction of these raw values (SQL literals). */
const actualWith = (date: string, amount: string) =>
  actualUpload(actualDatabase(`insert into transactions (id, acct, category, amount, description, date, sort_order, tombstone) values ('t-odd', 'acc-checking', 'cat-food', ${amount}, 'pay-grocer', ${date}, 50, 0);`));

describe.each(testDialects)('imports keep the limits of every other write on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  /** Every read a household's screens make answers (no stored value breaks one), and the household is still empty. */
  async function expectNothingWrittenAndReadsWork() {
    for (const url of ['/budgets', '/bank_accounts?include_current_balance=true', '/allocation_categories', '/transactions/search?q=a', '/activity']) {
      const answer = await call<unknown>(ctx.server, ctx.user, { method: 'GET', url });
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
    }
    expect((await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).body).toEqual([]);
    expect((await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts' })).body).toEqual([]);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/household/export' })).status).toBe(200);
  }

  const previewAndImport = async (files: unknown) => ({
    preview: await call<HistoryPreview & Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: files as Record<string, unknown> }),
    imported: await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: files as Record<string, unknown> }),
  });

  describe('history from YNAB and Actual', () => {
    it.each([
      ['an amount beyond the limit', ynabRow('02/21/2026', 'Yacht', '$200,000,000.00'), /^Register\.csv line 15: withdrawal_amount is too large \(one amount may be at most 100,000,000\.00 either way\)$/],
      ['a description longer than the column', ynabRow('02/21/2026', 'Shop', '$1.00', 'x'.repeat(500)), /^Register\.csv line 15: description is too long \(500 characters at most\)$/],
      ['a date whose budget cannot exist', ynabRow('12/31/9999', 'Shop', '$1.00'), /^A budget must start after Jan 01, 1900 and end before Dec 31, 9999: Register\.csv line 15, dated 9999-12-31 would need a budget starting 9999-12-01\.$/],
      ['text with the NUL character', ynabRow('02/21/2026', 'Sh\u0000op', '$1.00'), /^Register\.csv line 15: description must not contain the NUL character$/],
      [
        'a month’s income that adds up beyond the limit',
        ['"Savings","","02/03/2026","Lottery","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,"$60,000,000.00","Cleared"', '"Savings","","02/04/2026","Lottery","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,"$60,000,000.00","Cleared"'].join('\n'),
        /^The Feb 01 - Feb 28, 2026 budget: incomes\.1\.amount is too large \(one amount may be at most 100,000,000\.00 either way\)$/,
      ],
    ])('refuses YNAB files with %s, in the preview and the import, writing nothing', async (_what, row, message) => {
      const { preview, imported } = await previewAndImport(ynabWith(row));
      expect(preview.status).toBe(422);
      expect(preview.body.errors).toEqual([expect.stringMatching(message)]);
      expect(imported.status).toBe(422);
      expect(imported.body.errors).toEqual(preview.body.errors);
      await expectNothingWrittenAndReadsWork();
    });

    it('refuses an Actual amount beyond the limit, writing nothing', async () => {
      const { preview, imported } = await previewAndImport(actualWith('20260106', '-20000000000'));
      expect(preview.status).toBe(422);
      expect(preview.body.errors).toEqual(['transaction t-odd: withdrawal_amount is too large (one amount may be at most 100,000,000.00 either way)']);
      expect(imported.status).toBe(422);
      await expectNothingWrittenAndReadsWork();
    });

    it.each([
      ['an amount that is not whole cents', '20260106', '1.5'],
      ['an amount beyond every whole number', '20260106', '1e300'],
      ['a date beyond the calendar', '99999999', '-100'],
      ['a date of zero', '0', '-100'],
      ['a negative date', '-20260101', '-100'],
      ['a date that is no day', '20260231', '-100'],
    ])('an Actual row with %s cannot be read: the preview lists it as left out and the import leaves it out', async (_what, date, amount) => {
      const { preview, imported } = await previewAndImport(actualWith(date, amount));
      expect(preview.status).toBe(200);
      // The fixture's nine rows (its card's split, a parent and two children, is one row); the odd one is not among them.
      expect(preview.body.transactions).toBe(9);
      expect(preview.body.unmapped).toEqual([expect.objectContaining({ reason: 'its account is deleted or its date or amount cannot be read: left out' })]);
      expect(imported.status).toBe(200);
      const accounts = await call<Array<{ name: string; current_balance: number }>>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' });
      expect(accounts.status).toBe(200);
      expect(accounts.body.find((a) => a.name === 'Everyday Checking')!.current_balance).toBe(250000 + 820000 - 8523 - 7210 - 6000 - 5150 - 1999);
      expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/household/export' })).status).toBe(200);
    });

    it('text that is not valid Unicode is refused, not rewritten', async () => {
      const lone = '{"source":"ynab","plan":"Month\\n","register":"Account,Date,Payee,Outflow,Inflow\\nChecking,01/02/2026,x\\ud800y,$1.00,$0.00"}';
      const answer = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: lone, headers: { 'content-type': 'application/json' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(['These files cannot be read (register is not valid Unicode text (it holds half of a character)).']);
      await expectNothingWrittenAndReadsWork();
    });
  });

  describe('the household import', () => {
    async function richExport(): Promise<HouseholdExport> {
      const account = await call<{ id: number }>(ctx.server, ctx.other, { method: 'POST', url: '/bank_accounts', payload: { name: 'Cash', opening_date: '2025-12-31' } });
      await call(ctx.server, ctx.other, { method: 'POST', url: '/budgets', payload: { start_date: '2026-01-01' } });
      const added = await call(ctx.server, ctx.other, {
        method: 'POST',
        url: '/transactions/one',
        payload: { bank_account_id: account.body.id, transaction_date: '2026-01-05', description: 'Coffee', withdrawal_amount: 450 },
      });
      expect(added.status).toBe(201);
      const answer = await call<HouseholdExport>(ctx.server, ctx.other, { method: 'GET', url: '/household/export' });
      expect(answer.status).toBe(200);
      expect(answer.body.transactions).toHaveLength(1);
      expect(answer.body.activities.length).toBeGreaterThan(0);
      return answer.body;
    }
    const importAs = (document: unknown) =>
      call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/import', payload: JSON.stringify(document), headers: { 'content-type': 'application/json' } });

    type Change = (exported: HouseholdExport) => HouseholdExport;
    const transaction = (change: Record<string, unknown>): Change => (e) => ({ ...e, transactions: [{ ...e.transactions[0], ...change }] });
    it.each<[string, Change, RegExp]>([
      ['an amount beyond the limit', transaction({ withdrawal_amount: 10_000_000_001 }), /transactions\.0\.withdrawal_amount is too large \(one amount may be at most 100,000,000\.00 either way\)/],
      ['an impossible date', transaction({ transaction_date: '2026-02-31' }), /transactions\.0\.transaction_date must be a valid date/],
      ['a date of zeros', transaction({ transaction_date: '0000-00-00' }), /transactions\.0\.transaction_date must be a valid date/],
      ['a description longer than the column', transaction({ description: 'x'.repeat(501) }), /transactions\.0\.description is too long \(500 characters at most\)/],
      ['a moment that is no moment', transaction({ created_at: 'garbage' }), /transactions\.0\.created_at must be a moment/],
      ['a version the database cannot hold', (e) => ({ ...e, budgets: [{ ...e.budgets[0], lock_version: 2 ** 31 }] }), /budgets\.0\.lock_version is not a version this record ever had/],
      ['a row key of no kind EveryCent knows', (e) => ({ ...e, activities: [{ ...e.activities[0], row_keys: ['__proto__:1'] }] }), /activities\.0\.row_keys\.0 is not a row EveryCent writes/],
      ['a row key naming an object’s constructor', (e) => ({ ...e, activities: [{ ...e.activities[0], row_keys: ['constructor:1'] }] }), /activities\.0\.row_keys\.0 is not a row EveryCent writes/],
      ['a budget no Budgets screen could make', (e) => ({ ...e, budgets: [{ ...e.budgets[0], start_date: '9999-12-01', end_date: '9999-12-31' }] }), /A budget must start after Jan 01, 1900 and end before Dec 31, 9999/],
      ['a balance beyond what a household can add up to', (e) => ({ ...e, bank_accounts: [{ ...e.bank_accounts[0], closing_balance: 2 ** 53 - 1 }] }), /bank_accounts\.0\.closing_balance is too large/],
    ])('refuses an export with %s, writing nothing', async (_what, change, message) => {
      const answer = await importAs(change(await richExport()));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([expect.stringMatching(message)]);
      expect(answer.body.errors[0]).toMatch(/^This export is damaged \(.*\); nothing was imported\.$/);
      await expectNothingWrittenAndReadsWork();
    });

    it('refuses a file whose bytes are not UTF-8, rather than replacing them', async () => {
      const bytes = Buffer.concat([Buffer.from(JSON.stringify(await richExport()).replace('Coffee', 'Caf')), Buffer.from([0xff])]);
      const answer = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/import', payload: bytes, headers: { 'content-type': 'application/json' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(['This export is damaged (it is not UTF-8 text); nothing was imported.']);
      await expectNothingWrittenAndReadsWork();
    });

    it('the same export, untouched, imports (the checks refuse only what breaks a limit)', async () => {
      const answer = await importAs(await richExport());
      expect(answer.status).toBe(200);
    });
  });
});
