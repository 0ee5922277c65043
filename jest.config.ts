import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

// swc strips the types file by file (tsc --noEmit stays the type check): it transforms about ten times faster than
// ts-jest, which matters because each test file loads antd, React and the app afresh. Output as ts-jest gave it:
// CommonJS with interop, the automatic JSX runtime, ES2022 (class fields defined as tsc defines them).
const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const config: Config = {
  // The suite shares two cores with builds and browsers; a test's time is not its verdict (benchmarks measure speed).
  testTimeout: 30_000,
  // Jest's default is one worker less than the cores: one on CI's two. The server suites spend much of their time
  // waiting on the databases, so two workers use two cores (the whole suite with PostgreSQL: 7.0 min, quiet).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server', '<rootDir>/test/shared'],
      transform: { '^.+\\.tsx?$': swc },
      testMatch: ['**/*.test.ts'],
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/test/support/jsdomEnvironment.ts',
      roots: ['<rootDir>/test/client'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setupClient.ts'],
      transform: { '^.+\\.[tj]sx?$': swc },
      // jsdom makes jest pick jschardet's browser build (ES modules); its CommonJS build is the same code.
      moduleNameMapper: { '\\.(css|less)$': 'identity-obj-proxy', '^jschardet$': '<rootDir>/node_modules/jschardet/build/index.cjs' },
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
};

export default config;
