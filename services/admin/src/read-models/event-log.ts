import { Inject, Injectable } from '@nestjs/common';
import { BusError, handleOnce, type BusContext } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import { Clock } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { PROJECTIONS, READ_MODEL_TABLES } from './projections.js';

const CONSUMER = 'admin.read-models';
const log = createLogger('admin');

/**
 * The admin's read models are built from events only: each consumed event is stored in
 * `event_log` and projected, in one transaction, at most once per message id. `rebuild()` empties
 * the projections and projects the whole log again, in order (see the README: replaying).
 */
@Injectable()
export class EventLog {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async consume(topic: string, evt: object, ctx: Pick<BusContext, 'messageId'>): Promise<void> {
    const project = PROJECTIONS[topic];
    if (!project) throw new Error(`no projection for ${topic}`);
    const payload = plain(evt);
    await handleOnce(this.dataSource, ctx, CONSUMER, async (manager) => {
      // Waits while a rebuild runs, so no event is projected into tables being rebuilt.
      await manager.query(`LOCK TABLE event_log IN ROW EXCLUSIVE MODE`);
      await manager.query(
        `INSERT INTO event_log (message_id, topic, payload, received_at) VALUES ($1, $2, $3, $4)`,
        [ctx.messageId, topic, JSON.stringify(payload), this.clock.now()],
      );
      await project(manager, payload);
    });
  }

  /** Empties the read models and projects every stored event again; answers how many. */
  async rebuild(): Promise<number> {
    const count = await this.dataSource.transaction(async (manager) => {
      await manager.query(`LOCK TABLE event_log IN EXCLUSIVE MODE`);
      await manager.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
      const rows: { topic: string; payload: Record<string, unknown> }[] = await manager.query(
        `SELECT topic, payload FROM event_log ORDER BY seq`,
      );
      for (const row of rows) {
        const project = PROJECTIONS[row.topic];
        if (!project) throw new BusError('INTERNAL', `no projection for ${row.topic}`);
        await project(manager, row.payload);
      }
      return rows.length;
    });
    log.info({ events: count }, 'read models rebuilt from the event log');
    return count;
  }
}

/** The decoded message as plain JSON-able data (without protobuf-es's `$typeName`). */
function plain(evt: object): Record<string, unknown> {
  const { $typeName: _ignored, ...rest } = evt as Record<string, unknown>;
  return rest;
}
