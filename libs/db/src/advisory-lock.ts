import type { DataSource, QueryRunner } from 'typeorm';

/**
 * Runs `work` holding the PostgreSQL session advisory lock named `key` (hashed with `hashtext`),
 * on the one connection that holds it (`work` gets that connection: run its transactions there),
 * and releases the lock and the connection however `work` ends. Across processes and replicas
 * only one holder runs at a time. `wait`: queue behind the current holder; otherwise answer
 * `{ locked: false }` at once while another session holds it.
 */
export async function withAdvisoryLock<T>(
  dataSource: DataSource,
  key: string,
  options: { wait: boolean },
  work: (runner: QueryRunner) => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    if (options.wait) await runner.query(`SELECT pg_advisory_lock(hashtext($1))`, [key]);
    else {
      const [{ locked }]: { locked: boolean }[] = await runner.query(
        `SELECT pg_try_advisory_lock(hashtext($1)) AS locked`,
        [key],
      );
      if (!locked) return { locked: false };
    }
    try {
      return { locked: true, value: await work(runner) };
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [key]);
    }
  } finally {
    await runner.release();
  }
}
