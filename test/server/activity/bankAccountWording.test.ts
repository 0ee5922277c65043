import { guessCsvMapping } from '../../../src/features/transactions/import/csv';
import { bankAccountWithCsvMapping } from '../../../src/features/transactions/import/importSettings';
import type { ActivityPage } from '../../../src/shared/schemas/activity';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import { call, refusalDialects, useTestServer } from '../../support/testServer';

/** The mapping the import screen remembers for a plain bank export, saved as the screen saves it. */
const { mapping } = guessCsvMapping('Date,Description,Amount\n2026-01-05,Coffee,-4.50\n');
/** The body of `PUT /bank_accounts/:id` the import screen sends to remember the mapping. */
const withMapping = (account: BankAccount) => {
  const { id: _id, ...body } = bankAccountWithCsvMapping(account, mapping);
  return body;
};

describe.each(refusalDialects)('Activity wording of a bank account save on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const texts = async () => (await call<ActivityPage>(ctx.server, ctx.user, { method: 'GET', url: '/activity' })).body.entries.map((entry) => entry.text);

  it('records a remembered CSV column mapping as such, and an edit of the account as a save of the account', async () => {
    const made = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/bank_accounts',
      payload: { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 0 },
    });
    expect(made.status).toBe(201);
    const account = made.body;
    const mapped = await call<BankAccount>(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${account.id}`, payload: withMapping(account) });
    expect(mapped.status).toBe(200);
    expect(mapped.body.import_settings).toBe(JSON.stringify({ csv: mapping }));
    expect((await texts())[0]).toMatch(/saved the CSV column mapping of Chequing$/);

    const renamed = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/bank_accounts/${account.id}`,
      payload: { ...withMapping(mapped.body), name: 'Joint Chequing' },
    });
    expect(renamed.status).toBe(200);
    expect((await texts())[0]).toMatch(/saved the bank account Joint Chequing$/);
  });

  it("answers 404 for another household's account and records nothing", async () => {
    const other = await call<BankAccount>(ctx.server, ctx.other, {
      method: 'POST',
      url: '/bank_accounts',
      payload: { name: 'Theirs', account_type: 'normal', account_category: 'current', opening_balance: 0 },
    });
    const before = await texts();
    const answer = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/bank_accounts/${other.body.id}`,
      payload: { name: 'Mine now', account_type: 'normal', account_category: 'current', opening_balance: 0, import_settings: JSON.stringify({ csv: mapping }) },
    });
    expect(answer.status).toBe(404);
    expect(await texts()).toEqual(before);
  });
});
