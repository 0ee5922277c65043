import { call, signUpAndIn, startTestServer, testDialects, type TestServer } from '../support/testServer';

describe.each(testDialects)('auth on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('validates the token it handed out and refuses requests without one', async () => {
    const user = await signUpAndIn(server);
    const valid = await call<{ data: { household_id: number } }>(server, user, { method: 'GET', url: '/auth/validate_token' });
    expect(valid.status).toBe(200);
    expect(valid.body.data.household_id).toBe(user.householdId);
    const anonymous = await call(server, null, { method: 'GET', url: '/budgets' });
    expect(anonymous.status).toBe(401);
  });
});
