import { BusClient, busHandlers } from '@shelfscan/bus';
import { adminEventsV1, scraperV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { forgetDeletedUser } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { RUNNING } from './todo.repository.js';

const log = createLogger('search');

/**
 * An admin deleted a user (admin's UserDeleted): the user's todos go with their ASINs (ON DELETE
 * CASCADE), their quota rows, the plans seen for them, their trackers with their runs and ASINs, and the published outbox rows that named
 * them; scans still running are cancelled at the scraper afterwards (their late events find no
 * todo and are ignored). Once per message; a second UserDeleted finds nothing.
 */
export const UserDeletedHandler = busHandlers({ dataSource: DataSource, bus: BusClient }, (on) => [
  on.event(adminEventsV1.UserDeletedSchema, async (evt, { dataSource, bus }, ctx) => {
    let running: string[] = [];
    await forgetDeletedUser(dataSource, 'search.user-deleted', evt, ctx, async (m, { email, userId }) => {
      const [todos]: [{ scan_id: string; status: string }[], number] = await m.query(
        `DELETE FROM todo WHERE user_email = $1 RETURNING scan_id, status`,
        [email],
      );
      running = todos.filter((t) => (RUNNING as readonly string[]).includes(t.status)).map((t) => t.scan_id);
      await m.query(`DELETE FROM quota_usage WHERE user_email = $1`, [email]);
      await m.query(`DELETE FROM estimate_usage WHERE user_email = $1`, [email]);
      await m.query(`DELETE FROM user_plan WHERE user_email = $1`, [email]);
      // Their webhooks, and with them (ON DELETE CASCADE) the delivery logs.
      await m.query(`DELETE FROM webhook WHERE user_email = $1`, [email]);
      // Their trackers with their runs and ASINs (ON DELETE CASCADE); the runs' todos went above.
      await m.query(`DELETE FROM tracker WHERE user_email = $1`, [email]);
      log.info({ userId, todos: todos.length }, 'deleted user removed');
    });
    for (const scanId of running)
      await bus.request(scraperV1.ScraperService.method.cancelScan, { scanId }).catch((err: unknown) => {
        log.warn({ scanId, err: (err as Error).message }, 'scan of a deleted user not cancelled');
      });
  }),
]);
