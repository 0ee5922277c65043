/**
 * The app on a real port in a child process, for the benchmarks that measure the server from outside
 * (bench-live, bench-hostile): the bench script forks itself with `--serve <database url>`, the child answers its
 * port, then a figure each time it is asked ('measure'), and closes on any other message.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';

/** The child's side: serves until told to stop; `measure` is what it answers to 'measure'. */
export async function serveInChild(databaseUrl: string, measure: (app: FastifyInstance) => unknown): Promise<void> {
  const database = connectDatabase(databaseUrl);
  const app = await buildApp({ db: database.db, config: { ...loadConfig({}), staticDir: null, databaseUrl } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (message) => {
    if (message === 'measure') {
      process.send!(measure(app));
      return;
    }
    await app.close();
    await database.destroy();
    process.exit(0);
  });
}

/** The bench's side: `script` forked as the server (with `execArgv`), and its address. */
export function startChildServer(script: string, databaseUrl: string, execArgv: string[] = []): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(script, ['--serve', databaseUrl], { execArgv: [...process.execArgv, ...execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ child, base: `http://127.0.0.1:${message.port}` }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

export function measureChild<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (message: T) => resolve(message));
    child.send('measure');
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

/** Signs in over HTTP: the five credential headers. */
export async function signInOver(base: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`sign in: ${response.status}`);
  const headers: Record<string, string> = {};
  for (const name of ['access-token', 'client', 'expiry', 'token-type', 'uid']) headers[name] = response.headers.get(name) ?? '';
  return headers;
}
