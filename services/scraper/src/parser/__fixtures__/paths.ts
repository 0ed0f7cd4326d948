import fs from 'node:fs';
import path from 'node:path';

/**
 * `<repoRoot>/../shared`, or `$SHELFSCAN_SHARED_DIR` when set. repoRoot is five folders up from here.
 * The same rule as scripts/shared-dir.cjs (which jest's global setup and scripts/test-all.sh check).
 */
export const SHARED_DIR = process.env.SHELFSCAN_SHARED_DIR
  ? path.resolve(process.env.SHELFSCAN_SHARED_DIR)
  : path.resolve(__dirname, '../../../../..', '../shared');

export const AMAZON_PAGES_DIR = path.join(SHARED_DIR, 'fixtures', 'amazon-pages');

/** Throws one clear message (the path, SHELFSCAN_SHARED_DIR) instead of an ENOENT per page. */
function assertPagesDir(): void {
  if (fs.existsSync(AMAZON_PAGES_DIR)) return;
  throw new Error(
    `The shared test pages are missing: ${AMAZON_PAGES_DIR} does not exist` +
      (process.env.SHELFSCAN_SHARED_DIR
        ? ` (SHELFSCAN_SHARED_DIR=${process.env.SHELFSCAN_SHARED_DIR})`
        : '') +
      '. Put the shared folder beside the clone (as CI lays it out), or set SHELFSCAN_SHARED_DIR=/path/to/shared.',
  );
}

export function readAmazonPage(file: string): string {
  assertPagesDir();
  return fs.readFileSync(path.join(AMAZON_PAGES_DIR, file), 'utf8');
}

export function listAmazonPages(): string[] {
  assertPagesDir();
  return fs
    .readdirSync(AMAZON_PAGES_DIR)
    .filter((f) => f.endsWith('.html'))
    .sort();
}
