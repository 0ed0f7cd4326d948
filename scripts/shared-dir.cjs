#!/usr/bin/env node
// Where the tests find the shared folder (saved Amazon pages, product docs): `<repoRoot>/../shared`
// beside the clone, as CI lays it out, or $SHELFSCAN_SHARED_DIR. Used by scripts/test-all.sh (first
// thing) and jest's global setup, so a missing folder stops the run at once with one message instead
// of a cascade of ENOENT. The scraper's page helper (services/scraper/src/parser/__fixtures__/paths.ts)
// resolves the same folder and fails with the same message.
//   node scripts/shared-dir.cjs   exits 1 with the message when the pages are missing
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function sharedDir(env = process.env) {
  return env.SHELFSCAN_SHARED_DIR ? path.resolve(env.SHELFSCAN_SHARED_DIR) : path.resolve(root, '../shared');
}

/** Undefined when the saved pages are there; otherwise the one message to show. */
function sharedDirProblem(env = process.env) {
  const dir = sharedDir(env);
  const pages = path.join(dir, 'fixtures', 'amazon-pages');
  let count;
  try {
    count = fs.readdirSync(pages).filter((f) => f.endsWith('.html')).length;
  } catch {
    count = 0;
  }
  if (count > 0) return undefined;
  const from = env.SHELFSCAN_SHARED_DIR
    ? `SHELFSCAN_SHARED_DIR=${env.SHELFSCAN_SHARED_DIR}`
    : 'the folder "shared" beside the clone (SHELFSCAN_SHARED_DIR is not set)';
  return (
    `The shared test pages are missing: no saved Amazon page (*.html) in ${pages}, taken from ${from}. ` +
    `Put the shared folder at ${path.resolve(root, '../shared')} (as CI lays it out), ` +
    `or set SHELFSCAN_SHARED_DIR=/path/to/shared.`
  );
}

module.exports = { sharedDir, sharedDirProblem };

if (require.main === module) {
  const problem = sharedDirProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(sharedDir());
}
