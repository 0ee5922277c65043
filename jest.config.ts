import type { Config } from 'jest';

const tsJest: [string, Record<string, unknown>] = [
  'ts-jest',
  {
    tsconfig: { isolatedModules: true, module: 'commonjs', moduleResolution: 'node10', jsx: 'react-jsx', esModuleInterop: true, allowJs: true, verbatimModuleSyntax: false },
  },
];

const config: Config = {
  // The suite shares two cores with builds and browsers; a test's time is not its verdict (benchmarks measure speed).
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server', '<rootDir>/test/shared'],
      transform: { '^.+\\.tsx?$': tsJest },
      testMatch: ['**/*.test.ts'],
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/test/support/jsdomEnvironment.ts',
      roots: ['<rootDir>/test/client'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setupClient.ts'],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      transformIgnorePatterns: ['/node_modules/(?!(ofx-js)/)'],
      // jsdom makes jest pick jschardet's browser build (ES modules); its CommonJS build is the same code.
      moduleNameMapper: { '\\.(css|less)$': 'identity-obj-proxy', '^jschardet$': '<rootDir>/node_modules/jschardet/build/index.cjs' },
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
};

export default config;
