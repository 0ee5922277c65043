import type { ActivityPage } from '../../../src/shared/schemas/activity';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import { call, testDialects, useTestServer } from '../../support/testServer';

const mapping = { delimiter: ',', header: true, date: 0, description: 1, amount: 2 };

describe.each(testDialects)('Activity wording of a bank account save on %s', (dialect) => {
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
    const body = {
      name: account.name,
      institution_id: account.institution_id,
      account_type: account.account_type,
      account_category: account.account_category,
      is_cash: account.is_cash,
      account_no: account.account_no,
      opening_balance: account.opening_balance,
      status: account.status,
      statement_day: account.statement_day,
      payment_due_day: account.payment_due_day,
    };
    const mapped = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/bank_accounts/${account.id}`,
      payload: { ...body, import_format: 'csv', import_settings: JSON.stringify({ csv: mapping }) },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.import_settings).toBe(JSON.stringify({ csv: mapping }));
    expect((await texts())[0]).toMatch(/saved the CSV column mapping of Chequing$/);

    const renamed = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/bank_accounts/${account.id}`,
      payload: { ...body, name: 'Joint Chequing', import_format: 'csv', import_settings: JSON.stringify({ csv: mapping }) },
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
