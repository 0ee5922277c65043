import { Writable } from 'node:stream';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { unprocessable } from '../../server/errors';
import { call, signUpAndIn, startTestServer, refusalDialects, type TestServer } from '../support/testServer';

const SECRET = 'connection to db-internal-host:5432 failed with password hunter2';

describe.each(refusalDialects)('error responses on %s', (dialect) => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(dialect, {
      logger: { level: 'error', stream },
      beforeReady: (app) => {
        app.get('/test/explode', async () => {
          throw new Error(SECRET);
        });
        app.get('/test/refuse', async () => {
          throw unprocessable('Nope', { name: ['Nope'] });
        });
      },
    });
  });
  afterAll(() => server.close());

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/auth/sign_in', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, errors: ['The request body is not valid JSON.'] });
  });

  it('answers a body over the limit with 413 in the error shape', async () => {
    const user = await signUpAndIn(server);
    const payload = JSON.stringify({ family_type: 'couple', husband: 'x'.repeat(BODY_LIMIT_BYTES), wife: 'W', single_person: 'M' });
    const response = await server.app.inject({ method: 'POST', url: '/settings', headers: { ...user.headers, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, errors: ['This request is larger than 5 MB, the most this accepts.'] });
  });

  it('answers an unknown route with 404 in the error shape, signed in or not', async () => {
    const user = await signUpAndIn(server);
    expect(await call(server, null, { method: 'GET', url: '/no/such/thing' })).toMatchObject({ status: 404, body: { success: false, errors: ['Not found'] } });
    expect(await call(server, user, { method: 'POST', url: '/no/such/thing', payload: {} })).toMatchObject({ status: 404, body: { success: false, errors: ['Not found'] } });
  });

  it('answers schema failures and refusals with 422, naming the fields', async () => {
    const invalid = await call(server, null, { method: 'POST', url: '/auth/sign_in', payload: { email: 42 } });
    expect(invalid).toMatchObject({
      status: 422,
      body: {
        success: false,
        errors: ['email is invalid (expected string, received number)', 'password is required'],
        field_errors: { email: ['email is invalid (expected string, received number)'], password: ['password is required'] },
      },
    });
    const user = await signUpAndIn(server);
    expect(await call(server, user, { method: 'GET', url: '/test/refuse' })).toMatchObject({ status: 422, body: { success: false, errors: ['Nope'], field_errors: { name: ['Nope'] } } });
  });

  it('answers an unexpected error with a 500 that shows no internals, and logs it with the request id', async () => {
    const user = await signUpAndIn(server);
    const response = await server.app.inject({ method: 'GET', url: '/test/explode', headers: user.headers });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['errors', 'success']);
    expect(body.success).toBe(false);
    expect(body.errors).toHaveLength(1);
    expect(response.body).not.toMatch(/hunter2|db-internal-host|at .*\.ts|Error:/);
    const requestId = /request ([0-9a-f-]{36})/.exec(body.errors[0])?.[1];
    expect(requestId).toBeDefined();
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === requestId && entry.level >= 50);
    expect(logged?.err?.message).toBe(SECRET);
  });
});
