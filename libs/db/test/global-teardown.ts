import fs from 'node:fs';
import type { EmbeddedPostgres } from '../src/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>).__SHELFSCAN_TEST_PG__ as
    { pg: EmbeddedPostgres; dataDir: string } | undefined;
  if (!state) return;
  await state.pg.stop();
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
