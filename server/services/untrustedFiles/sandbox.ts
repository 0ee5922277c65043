import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HttpError, tooManyRequests, unprocessable } from '../../errors';
import type { Jobs } from './jobs';
import { type FileReadingLimits, megabytes, seconds } from './limits';

type JobName = keyof Jobs;
type Output<K extends JobName> = Awaited<ReturnType<Jobs[K]>>;
/** Plain data a job needs besides the file (the household it is read for), copied to the worker as it is. */
type Context<K extends JobName> = Parameters<Jobs[K]>[1];

/** A household's place for one file (FileReading.claim). */
export interface FileClaim {
  read<K extends JobName>(job: K, upload: Uint8Array, context?: Context<K>): Promise<Output<K>>;
  /** Gives the place back when no file was read (the request ended before). */
  release(): void;
}

/** What the worker says (worker.ts): a part of a long list, the answer, a refusal, or a failure. */
export type WorkerMessage =
  | { type: 'part'; key: string; rows: unknown[] }
  | { type: 'done'; value: unknown; parted: string[] }
  | { type: 'refused'; status: number; errors: string[]; fieldErrors?: Record<string, string[]> }
  | { type: 'failed'; message: string };

const ONE_AT_A_TIME = 'This household is already having a file read. Wait for it to finish, then try again.';
const BUSY = 'EveryCent is reading other files right now. Try again in a minute.';

// The worker runs the TypeScript sources as the server does (tsx), in the same way under `npm start` and jest.
const BOOT = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(path.join(__dirname, 'worker.ts'))});`;

/** The upload's bytes in a buffer of their own, which can be handed to the worker without a copy. */
function transferable(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
}

/**
 * Reads untrusted files (an upload, an export, another tool's zip or database) in a worker thread with a time and
 * a memory budget, so that no file, however it was made, holds the server's own thread: a reader that runs out of
 * time is stopped and one that runs out of memory ends, and either is a 422 naming the limit. Long lists come back
 * a part at a time, each part asked for after the last was taken, so even receiving a large answer leaves the
 * server free in between.
 */
export class FileReading {
  private running = 0;
  private readonly households = new Set<number>();
  /** A worker booted ahead (its modules loaded), waiting for the next file: loading them is most of a small file's time. */
  private spare: Worker | null = null;
  private closed = false;

  /** `log` hears what a reader threw that was not a refusal (the person is told only that the file could not be read). */
  constructor(
    readonly limits: FileReadingLimits,
    private readonly log: (problem: string) => void = () => undefined,
  ) {}

  /** Ends the spare worker (the server is closing; a worker reading a file ends with its file). */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = null;
    await spare?.terminate();
  }

  private boot(): Worker {
    const { memoryMb } = this.limits;
    const worker = new Worker(BOOT, {
      eval: true,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(memoryMb / 8))) },
    });
    // A spare waiting for work keeps nothing alive; an error before it is used makes it no spare.
    worker.unref();
    worker.once('error', () => {
      if (this.spare === worker) this.spare = null;
    });
    return worker;
  }

  /** The spare if there is one, else a worker booted now; the next spare boots once this file is done. */
  private worker(): Worker {
    const worker = this.spare ?? this.boot();
    this.spare = null;
    worker.ref();
    return worker;
  }

  private bootSpare(): void {
    if (!this.closed && !this.spare) this.spare = this.boot();
  }

  /**
   * One of the places for a household's file, held from before its body is read (a route's `onRequest`) until
   * its worker has ended, or until `release` when no file was read: one at a time per household, `atOnce` in all,
   * so however many uploads arrive at once, no more than that many bodies are ever taken in.
   */
  claim(householdId: number): FileClaim {
    if (this.households.has(householdId)) throw tooManyRequests(ONE_AT_A_TIME);
    if (this.running >= this.limits.atOnce) throw tooManyRequests(BUSY);
    this.running++;
    this.households.add(householdId);
    let freed = false;
    let reading = false;
    const free = () => {
      if (freed) return;
      freed = true;
      this.running--;
      this.households.delete(householdId);
      this.bootSpare();
    };
    return {
      read: <K extends JobName>(job: K, upload: Uint8Array, context?: Context<K>) => {
        if (reading || freed) throw new Error('a claim reads one file');
        reading = true;
        // The place is given back when the worker has really ended, not when the answer left.
        return this.inWorker(job, transferable(upload), context, free) as Promise<Output<K>>;
      },
      release: () => {
        if (!reading) free();
      },
    };
  }

  /** Runs `job` on the upload's bytes for a household (claiming its place now). */
  read<K extends JobName>(householdId: number, job: K, upload: Uint8Array, context?: Context<K>): Promise<Output<K>> {
    return this.claim(householdId).read(job, upload, context);
  }

  private inWorker(job: JobName, bytes: Uint8Array, context: unknown, onExit: () => void): Promise<unknown> {
    const { timeMs, memoryMb } = this.limits;
    return new Promise((resolve, reject) => {
      const worker = this.worker();
      const parts = new Map<string, unknown[]>();
      let settled = false;
      let answer: (() => void) | null = null;
      // The answer leaves once the worker has ended (a moment after it answered), so the household's next file can
      // start at once; a worker out of time is answered for at once, and its place is kept until it has ended.
      const settle = (finish: () => void, now = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (now) finish();
        else answer = finish;
        void worker.terminate();
      };
      const timer = setTimeout(
        () => settle(() => reject(unprocessable(`Reading this file took longer than ${seconds(timeMs)}, the most EveryCent spends on one file; nothing was imported.`)), true),
        timeMs,
      );
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'part') {
          const rows = parts.get(message.key) ?? [];
          for (const row of message.rows) rows.push(row);
          parts.set(message.key, rows);
          worker.postMessage('more');
        } else if (message.type === 'done') {
          const value = message.value as Record<string, unknown>;
          for (const key of message.parted) value[key] = parts.get(key) ?? [];
          settle(() => resolve(value));
        } else if (message.type === 'refused') {
          settle(() => reject(new HttpError(message.status, message.errors, message.fieldErrors)));
        } else {
          this.log(`reading a file (${job}) failed: ${message.message}`);
          settle(() => reject(unprocessable('EveryCent could not read this file; nothing was imported.')));
        }
      });
      worker.on('error', (error: Error & { code?: string }) =>
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? unprocessable(`Reading this file needed more than ${megabytes(memoryMb * 1024 * 1024)} of memory, the most EveryCent gives one file; nothing was imported.`)
              : error,
          ),
        ),
      );
      worker.on('exit', () => {
        onExit();
        settle(() => undefined, true);
        (answer ?? (() => reject(new Error('the file reader ended without an answer'))))();
      });
      worker.postMessage({ job, bytes, context }, [bytes.buffer as ArrayBuffer]);
    });
  }
}
