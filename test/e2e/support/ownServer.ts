import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface OwnServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A server of the spec's own, on its own port with a brand-new SQLite file: for what needs an install with no
 * users at all (the first-run form), whatever other specs did to the shared e2e database.
 */
export async function startOwnServer(port: number): Promise<OwnServer> {
  const databaseFile = path.join(os.tmpdir(), `everycent-e2e-own-${port}.db`);
  mkdirSync(path.dirname(databaseFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });

  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${databaseFile}`, STATIC_DIR: 'dist', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping it also stops tsx's node child.
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The e2e server on port ${port} exited (${child.exitCode}).`);
    try {
      const response = await fetch(`${baseUrl}/setup/status`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The e2e server on port ${port} did not start within 60 s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
