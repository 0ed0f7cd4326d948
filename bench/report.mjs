// What every benchmark shares: the built packages it measures, the machine it ran on, timing
// figures, and writing its report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A module of the tree by its path from the root: the BUILT packages (`make bench` builds first). */
export const fromRoot = (file) => require(path.join(root, file));

export const machine = () => ({
  node: process.version,
  cpus: os.cpus().length,
  platform: `${os.platform()} ${os.arch()}`,
});

/** Median and slowest of a list of times, in ms to one decimal. */
export function timing(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    medianMs: round(sorted[Math.floor(sorted.length / 2)]),
    slowestMs: round(sorted[sorted.length - 1]),
  };
}

/** Writes `report` (with the time it was made first) as JSON to `outFile`, when one is given. */
export function writeReport(outFile, report, log = console.log) {
  const full = { generatedAt: new Date().toISOString(), ...report };
  if (outFile) {
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, JSON.stringify(full, null, 2) + '\n');
    log(`\nwrote ${path.relative(process.cwd(), outFile)}`);
  }
  return full;
}
