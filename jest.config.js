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

// NestJS 12 and a few of its dependencies ship ES modules only. Node 20 can require() them, but
// jest's module runtime cannot before Node 24.9, so jest compiles them to CommonJS with swc.
const swcForEsm = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
];
const ESM_ONLY = [
  '@nestjs',
  'file-type',
  'cookie',
  'content-disposition',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  '@borewit',
  'jose',
  'openid-client',
  'oauth4webapi',
  '@noble',
];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swcForEsm },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: { '^@medbook/(contracts|event-store)$': '<rootDir>/libs/$1/src' },
  roots: ['<rootDir>/tests', '<rootDir>/apps/api/src', '<rootDir>/libs'],
};

// Web components render in jsdom; swc compiles their TSX with React's automatic runtime.
const swcForTsx = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const web = {
  ...shared,
  displayName: 'web',
  testEnvironment: 'jsdom',
  setupFiles: ['reflect-metadata', '<rootDir>/apps/web/jest.setup.ts'],
  transform: { '^.+\\.tsx?$': swcForTsx, '^.+\\.m?js$': swcForEsm },
  roots: ['<rootDir>/apps/web/src'],
  testMatch: ['**/*.unit.spec.tsx'],
};

const withDatabase = {
  ...shared,
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
};

module.exports = {
  maxWorkers: 2,
  // A worker keeps what every suite it ran required; over a whole int run one grew to Node's
  // 4 GB heap limit and crashed. Jest starts a fresh one after a suite once it holds more.
  workerIdleMemoryLimit: '1GB',
  // Database and browser suites wait on real I/O; a stuck one still fails, after 60 s. Not 30 s:
  // on two shared cores a whole int run starts up to three API processes beside both workers,
  // and a starved machine made an app's start (about 2 s) or a 2-second test pass 30 s (see
  // docs/operations.md, "Tests on a busy machine"). A test's helpers name on stderr any request,
  // socket connect or join still waiting after 8 s (tests/support/api-client.ts).
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/*.unit.spec.ts'] },
    web,
    { ...withDatabase, displayName: 'int', testMatch: ['**/*.int.spec.ts'] },
    { ...withDatabase, displayName: 'e2e', testMatch: ['**/*.e2e.spec.ts'] },
    // Benchmarks that need the whole service and browsers (npm run bench:telehealth): they
    // measure and record, never in `npm test`.
    { ...withDatabase, displayName: 'bench', testMatch: ['**/*.bench.spec.ts'] },
  ],
};
