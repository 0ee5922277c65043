import { parentPort } from 'node:worker_threads';
import { HttpError } from '../../errors';
import { JOBS } from './jobs';
import type { WorkerMessage } from './sandbox';

/**
 * The worker's side of FileReading (sandbox.ts): loaded ahead of any file (a spare waits booted), it runs the one
 * job it is then sent on the bytes sent with it, and answers once.
 */

const port = parentPort!;
/** Rows per part of a long list: receiving one part takes the server a few milliseconds. */
const PART_ROWS = 2_000;

const say = (message: WorkerMessage) => port.postMessage(message);
const asked = () => new Promise((resolve) => port.once('message', resolve));

port.once('message', ({ job, bytes, context }: { job: keyof typeof JOBS; bytes: Uint8Array; context: unknown }) =>
  void run(job, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), context),
);

async function run(job: keyof typeof JOBS, bytes: Buffer, context: unknown): Promise<void> {
  try {
    await answer(await (JOBS[job] as (bytes: Uint8Array, context: unknown) => unknown)(bytes, context));
  } catch (error) {
    if (error instanceof HttpError) say({ type: 'refused', status: error.statusCode, errors: error.errors, fieldErrors: error.fieldErrors });
    else say({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

/** The answer, with each long list at its top sent a part at a time, each after the server asked for more. */
async function answer(value: unknown): Promise<void> {
  const parted: string[] = [];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const head: Record<string, unknown> = { ...value };
    for (const [key, rows] of Object.entries(head)) {
      if (!Array.isArray(rows) || rows.length <= PART_ROWS) continue;
      for (let at = 0; at < rows.length; at += PART_ROWS) {
        say({ type: 'part', key, rows: rows.slice(at, at + PART_ROWS) });
        await asked();
      }
      head[key] = [];
      parted.push(key);
    }
    value = head;
  }
  say({ type: 'done', value, parted });
}
