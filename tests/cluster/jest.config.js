// The cluster smoke test runs alone (`make test-cluster`, or its own suite in `make test`): not
// part of the main jest run. Same TypeScript transform and workspace mapping as the root config.
const path = require('node:path');
const rootConfig = require('../../jest.config.js');

const { transform, moduleNameMapper, resolver } = rootConfig.projects[0];

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/tests/cluster'],
  testMatch: ['**/*.cluster.ts'],
  transform,
  moduleNameMapper,
  resolver,
  testEnvironment: 'node',
  // Each step of the suite has its own bound (and names itself); this is the backstop per test.
  testTimeout: 300_000,
  reporters: ['default', '<rootDir>/scripts/jest-watchdog.cjs'],
};
