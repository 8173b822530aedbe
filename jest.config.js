/** Test tiers by file name: *.unit.spec.ts, *.int.spec.ts (real PostgreSQL), *.e2e.spec.ts. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^@medbook/(contracts|event-store)$': '<rootDir>/libs/$1/src' },
  roots: ['<rootDir>/tests', '<rootDir>/apps/api/src', '<rootDir>/libs'],
};

const withDatabase = {
  ...shared,
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
};

module.exports = {
  maxWorkers: 2,
  // Database and browser suites wait on real I/O; a stuck one still fails, after 30 s.
  testTimeout: 30_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/*.unit.spec.ts'] },
    { ...withDatabase, displayName: 'int', testMatch: ['**/*.int.spec.ts'] },
    { ...withDatabase, displayName: 'e2e', testMatch: ['**/*.e2e.spec.ts'] },
  ],
};
