// One jest run over every backend workspace (libs, proto, services, gateway, apps, tools).
// TypeScript is compiled by SWC (with decorator metadata, as Nest needs); workspace packages
// resolve to their sources so tests never depend on a previous build.
// Paths are resolved from this file's folder, not the working directory: tests/cluster's config
// loads this one from its own folder (`make test-cluster`).
const fs = require('node:fs');
const path = require('node:path');
const { testWorkers } = require('./scripts/test-workers.cjs');

const fromRoot = (...parts) => path.join(__dirname, ...parts);

const workspaceDirs = ['proto', 'gateway']
  .concat(
    ...['libs', 'services', 'apps', 'tools'].map((top) =>
      fs.existsSync(fromRoot(top)) ? fs.readdirSync(fromRoot(top)).map((d) => `${top}/${d}`) : [],
    ),
  )
  .filter((dir) => fs.existsSync(fromRoot(dir, 'package.json')) && fs.existsSync(fromRoot(dir, 'src')));

const moduleNameMapper = {};
for (const dir of workspaceDirs) {
  const { name } = require(fromRoot(dir, 'package.json'));
  moduleNameMapper[`^${name.replace('/', '\\/')}$`] = `<rootDir>/${dir}/src/index.ts`;
}

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  projects: workspaceDirs.map((dir) => ({
    displayName: dir,
    rootDir: __dirname,
    roots: [`<rootDir>/${dir}`],
    testMatch: ['**/*.spec.ts', '**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: { '^.+\\.ts$': swc },
    moduleNameMapper,
    resolver: '<rootDir>/scripts/jest-resolver.cjs',
    testEnvironment: 'node',
  })),
  // One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL); each suite makes its own database.
  globalSetup: '<rootDir>/libs/db/test/global-setup.ts',
  globalTeardown: '<rootDir>/libs/db/test/global-teardown.ts',
  // Every test and hook fails after 30 s, naming itself; the watchdog bounds the whole run and
  // names what is still running when that bound fires (scripts/jest-watchdog.cjs).
  testTimeout: 30000,
  // Two test files at once on the 2-core machine, not jest's one (scripts/test-workers.cjs).
  maxWorkers: testWorkers(),
  reporters: ['default', '<rootDir>/scripts/jest-watchdog.cjs'],
};
