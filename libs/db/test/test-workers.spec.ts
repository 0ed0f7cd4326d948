import fs from 'node:fs';
import path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports */
const root = path.join(__dirname, '../../..');
const { testWorkers } = require(path.join(root, 'scripts/test-workers.cjs')) as {
  testWorkers(cores?: number): number;
};

describe('test workers (make test on the 2-core machine, docs/performance.md)', () => {
  it('runs two test files at once on 2 cores, and the runners’ own default (cores − 1) on more', () => {
    expect(testWorkers(1)).toBe(2);
    expect(testWorkers(2)).toBe(2);
    expect(testWorkers(8)).toBe(7);
  });

  it('is what jest and vitest are configured with', () => {
    const jestConfig = require(path.join(root, 'jest.config.js')) as { maxWorkers?: number };
    expect(jestConfig.maxWorkers).toBe(testWorkers());
    const viteConfig = fs.readFileSync(path.join(root, 'web/vite.config.ts'), 'utf8');
    expect(viteConfig).toMatch(/^\s+maxWorkers: testWorkers\(\),$/m);
  });
});
