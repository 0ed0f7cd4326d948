// For the test suites that run the built program (apps/all-in-one/test/process.spec.ts, the scraper's
// scan-cli.spec.ts): build the TypeScript project (and what it references) with `tsc -b`, which is
// incremental, so a missing or stale dist is rebuilt instead of the suite skipping itself or testing
// old code. Fails with a clear message (and within a bound) when the build fails.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** Builds `project` (a folder with a tsconfig.json, relative to the repo root). */
function ensureBuilt(project, timeoutMs = 240_000) {
  const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
  try {
    execFileSync(process.execPath, [tsc, '-b', project], {
      cwd: root,
      timeout: timeoutMs,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  } catch (err) {
    const why =
      err.code === 'ETIMEDOUT'
        ? `it took longer than ${timeoutMs} ms`
        : `${err.stdout ?? ''}${err.stderr ?? ''}`.trim().slice(-3000) || String(err);
    throw new Error(`could not build ${project} for this suite (npx tsc -b ${project}): ${why}`, {
      cause: err,
    });
  }
}

module.exports = { ensureBuilt };
