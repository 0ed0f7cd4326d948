import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedDirProblem } = require('../../../scripts/shared-dir.cjs') as {
  sharedDirProblem(): string | undefined;
};

/**
 * Jest global setup: integration tests run the real migrations on real PostgreSQL — the server
 * in TEST_DATABASE_URL when given, otherwise one started here from `embedded-postgres`.
 */
export default async function globalSetup(): Promise<void> {
  // The saved Amazon pages first: without them the run stops here with one message naming the path.
  const problem = sharedDirProblem();
  if (problem) throw new Error(problem);
  if (process.env.TEST_DATABASE_URL) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-test-'));
  fs.chmodSync(dataDir, 0o755);
  // A throwaway server: no fsync on commit (each one waited 2-5 ms on this disk, and more when
  // other runs share it). Committed rows stay visible to every connection; only a crash of the
  // machine would lose them, and the run with them. Tests of durability start servers of their own.
  const pg = await startEmbeddedPostgres({
    dataDir,
    database: 'postgres',
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  process.env.TEST_DATABASE_URL = pg.url;
  (globalThis as Record<string, unknown>).__SHELFSCAN_TEST_PG__ = { pg, dataDir };
}
