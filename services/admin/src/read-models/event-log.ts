import { Inject, Injectable } from '@nestjs/common';
import { BusError, handleOnce, type BusContext } from '@shelfscan/bus';
import { eventTopic, scraperEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import { PROJECTIONS, READ_MODEL_TABLES, type Payload } from './projections.js';

const CONSUMER = 'admin.read-models';
const log = createLogger('admin');
/** The fields that hold an event's own time, in the events that carry one. */
const OWN_TIME_FIELDS = [
  'registeredAt',
  'activatedAt',
  'changedAt',
  'finalizedAt',
  'refundedAt',
  'deletedAt',
];

/**
 * The admin's read models are built from events only: each consumed event is stored in
 * `event_log` (with the user it is about and its time) and projected, in one transaction, at most
 * once per message id. `rebuild()` empties the projections and projects the whole log again, in
 * order (see the README: replaying).
 */
@Injectable()
export class EventLog {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Stores and projects one event; `also` runs in the same transaction after the projection
   * (the user deletion's clean-up).
   */
  async consume(
    topic: string,
    evt: object,
    ctx: Pick<BusContext, 'messageId'>,
    also?: (manager: EntityManager, payload: Payload) => Promise<void>,
  ): Promise<void> {
    const project = PROJECTIONS[topic];
    if (!project) throw new Error(`no projection for ${topic}`);
    const payload = logged(topic, evt);
    const receivedAt = this.clock.now();
    const at = ownTime(payload) ?? receivedAt;
    const subject = payload.email ?? payload.userEmail;
    const userEmail = typeof subject === 'string' ? subject : '';
    await handleOnce(this.dataSource, ctx, CONSUMER, async (manager) => {
      // Waits while a rebuild runs, so no event is projected into tables being rebuilt.
      await manager.query(`LOCK TABLE event_log IN ROW EXCLUSIVE MODE`);
      await manager.query(
        `INSERT INTO event_log (message_id, topic, payload, received_at, user_email, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [ctx.messageId, topic, JSON.stringify(payload), receivedAt, userEmail, at],
      );
      await project(manager, payload, { messageId: ctx.messageId, at });
      await also?.(manager, payload);
    });
  }

  /** Empties the read models and projects every stored event again; answers how many. */
  async rebuild(): Promise<number> {
    const count = await this.dataSource.transaction(async (manager) => {
      await manager.query(`LOCK TABLE event_log IN EXCLUSIVE MODE`);
      await manager.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
      const rows: { message_id: string; topic: string; payload: Payload; occurred_at: Date }[] =
        await manager.query(`SELECT message_id, topic, payload, occurred_at FROM event_log ORDER BY seq`);
      for (const row of rows) {
        const project = PROJECTIONS[row.topic];
        if (!project) throw new BusError('INTERNAL', `no projection for ${row.topic}`);
        await project(manager, row.payload, { messageId: row.message_id, at: new Date(row.occurred_at) });
      }
      return rows.length;
    });
    log.info({ events: count }, 'read models rebuilt from the event log');
    return count;
  }
}

/**
 * The decoded message as the log keeps it: plain JSON (no protobuf-es `$typeName`, int64 as
 * decimal strings); a ScanCompleted keeps the number of its ASINs, not the list (up to thousands).
 */
function logged(topic: string, evt: object): Payload {
  const payload = JSON.parse(
    JSON.stringify(evt, (k, v: unknown) =>
      k === '$typeName' ? undefined : typeof v === 'bigint' ? v.toString() : v,
    ),
  ) as Payload;
  if (topic === eventTopic(scraperEventsV1.ScanCompletedSchema)) {
    // `asins_found` is the count; older events carried the list itself instead.
    const { asins, asinsFound, ...rest } = payload;
    const listed = Array.isArray(asins) ? asins.length : 0;
    return { ...rest, asinCount: Math.max(Number(asinsFound ?? 0), listed) };
  }
  return payload;
}

function ownTime(payload: Payload): Date | null {
  for (const field of OWN_TIME_FIELDS) {
    const v = payload[field];
    if (typeof v === 'string' && v && !Number.isNaN(Date.parse(v))) return new Date(v);
  }
  return null;
}
