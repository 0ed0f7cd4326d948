import type { DataSource, EntityManager } from 'typeorm';
import type { BusContext } from '../context.js';

/**
 * Idempotent handling: runs `work` at most once per (message id, consumer), in one transaction
 * with the row that remembers it. A redelivered message is acknowledged without effect; a
 * failed `work` rolls the marker back so the redelivery runs it again.
 * Returns false when the message had already been handled.
 */
export async function handleOnce(
  dataSource: DataSource,
  ctx: Pick<BusContext, 'messageId'>,
  consumer: string,
  work: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO processed_message (message_id, consumer) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING message_id`,
      [ctx.messageId, consumer],
    );
    if (inserted.length === 0) return false;
    await work(manager);
    return true;
  });
}
