import fc from 'fast-check';
import type { TestServer } from '../../support/testServer';
import { commandArbitraries } from './commands';
import { newHousehold } from './household';
import { newModel } from './model';

export interface ModelRunOptions {
  runs: number;
  seed: number;
  /** fast-check's replay path of a failure, to run that counterexample alone. */
  path?: string;
  maxCommands: number;
}

const number = (text: string | undefined, fallback: number) => (text ? Number(text) : fallback);

/** `npm test` runs a few sequences from a fixed seed; `npm run test:model` sets these for a longer run. */
export const modelRunOptions = (defaults: ModelRunOptions): ModelRunOptions => ({
  runs: number(process.env.EVERYCENT_MODEL_RUNS, defaults.runs),
  seed: number(process.env.EVERYCENT_MODEL_SEED, defaults.seed),
  path: process.env.EVERYCENT_MODEL_PATH || defaults.path,
  maxCommands: number(process.env.EVERYCENT_MODEL_COMMANDS, defaults.maxCommands),
});

/**
 * Random sequences of the model's commands, each on a new household of `server`, checked after every step.
 * A failure names the seed and path that replay it.
 */
export async function runLedgerModel(server: TestServer, options: ModelRunOptions): Promise<void> {
  const { runs, seed, path, maxCommands } = options;
  const property = fc.asyncProperty(fc.commands(commandArbitraries, { maxCommands, replayPath: path }), async (commands) => {
    const house = await newHousehold(server);
    await fc.asyncModelRun(() => ({ model: newModel(house.today), real: house }), commands);
  });
  const details = await fc.check(property, { numRuns: runs, seed, path, endOnFailure: path !== undefined });
  if (details.failed) {
    const replay = `EVERYCENT_MODEL_SEED=${details.seed} EVERYCENT_MODEL_PATH=${details.counterexamplePath} npm run test:model`;
    throw new Error(`${fc.defaultReportMessage(details)}\n\nReplay with: ${replay}`);
  }
}
