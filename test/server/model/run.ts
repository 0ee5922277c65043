import fc from 'fast-check';
import type { TestServer } from '../../support/testServer';
import { cardCommandArbitraries } from './cardSteps';
import { commandArbitraries, setupInAnyOrder } from './commands';
import { newHousehold } from './household';
import { newModel } from './model';
import { splitArbitraries } from './splitSteps';

export interface ModelRunOptions {
  runs: number;
  seed: number;
  /** fast-check's path of a failure and its commands' replay path, to run that counterexample alone. */
  path?: string;
  replayPath?: string;
  maxCommands: number;
}

const number = (text: string | undefined, fallback: number) => (text ? Number(text) : fallback);

/** `npm test` runs a few sequences from a fixed seed; `npm run test:model` sets these for a longer run. */
export const modelRunOptions = (defaults: ModelRunOptions): ModelRunOptions => ({
  runs: number(process.env.EVERYCENT_MODEL_RUNS, defaults.runs),
  seed: number(process.env.EVERYCENT_MODEL_SEED, defaults.seed),
  path: process.env.EVERYCENT_MODEL_PATH || defaults.path,
  replayPath: process.env.EVERYCENT_MODEL_REPLAY || defaults.replayPath,
  maxCommands: number(process.env.EVERYCENT_MODEL_COMMANDS, defaults.maxCommands),
});

/**
 * Random sequences of the model's commands, each on a new household of `server`, checked after every step.
 * A failure names the seed and path that replay it.
 */
export async function runLedgerModel(server: TestServer, options: ModelRunOptions): Promise<void> {
  const { runs, seed, path, replayPath, maxCommands } = options;
  // Card steps twice as often: a card's month needs charges, a payment and marking them before a close.
  const property = fc.asyncProperty(
    setupInAnyOrder,
    fc.commands([...commandArbitraries, ...splitArbitraries, ...cardCommandArbitraries, ...cardCommandArbitraries], { maxCommands, size: 'max', replayPath }),
    async (setup, commands) => {
      const house = await newHousehold(server);
      await fc.asyncModelRun(() => ({ model: newModel(house.today), real: house }), [...setup, ...commands]);
    },
  );
  const details = await fc.check(property, { numRuns: runs, seed, path, endOnFailure: path !== undefined });
  if (details.failed) {
    const commands = /replayPath="([^"]*)"/.exec(fc.stringify(details.counterexample))?.[1] ?? '';
    const selection = ['EVERYCENT_MODEL_GAPS', 'EVERYCENT_MODEL_FEATURES'].flatMap((name) => (process.env[name] === undefined ? [] : [`${name}='${process.env[name]}'`]));
    const replay = [...selection, `EVERYCENT_MODEL_SEED=${details.seed} EVERYCENT_MODEL_PATH=${details.counterexamplePath} EVERYCENT_MODEL_REPLAY='${commands}' npm run test:model`].join(' ');
    throw new Error(`${fc.defaultReportMessage(details)}\n\n${String(details.errorInstance)}\n\nReplay with: ${replay}`);
  }
}
