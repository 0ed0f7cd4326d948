import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import { randomUUID } from 'node:crypto';
import { SystemClock, type Clock, type Timer } from '@shelfscan/clock';
import { createLogger, outboxBacklog } from '@shelfscan/observability';
import type { DataSource, EntityManager } from 'typeorm';
import { codec } from '../codec.js';
import type { BusTransportClient } from '../transport.js';

/**
 * Writes an event in the same transaction as the change it announces. Nothing is published
 * here: the relay publishes committed rows, so an event exists if and only if its change does.
 */
export async function addToOutbox<S extends DescMessage>(
  manager: EntityManager,
  event: S,
  data: MessageInitShape<S>,
): Promise<string> {
  const id = randomUUID();
  const { topic, bytes } = codec.eventOf(event, data, id);
  await manager.query('INSERT INTO outbox (id, topic, envelope) VALUES ($1, $2, $3)', [
    id,
    topic,
    Buffer.from(bytes),
  ]);
  return id;
}

/**
 * Deletes the already published rows whose message holds `value` as a whole string field (a
 * deleted user's email): published rows are only kept for inspection, and personal data must not
 * outlive its owner's deletion there. Rows not yet published stay: they still have to be delivered.
 * Returns how many were deleted.
 */
export async function forgetPublished(manager: EntityManager, value: string): Promise<number> {
  // A protobuf string field is its length (a varint) followed by its UTF-8 bytes: matching both
  // finds the whole value, not a longer string that ends with it.
  const bytes = Buffer.from(value, 'utf8');
  const length: number[] = [];
  for (let n = bytes.length; ; n >>>= 7) {
    if (n < 0x80) {
      length.push(n);
      break;
    }
    length.push((n & 0x7f) | 0x80);
  }
  const rows: [unknown[], number] = await manager.query(
    `DELETE FROM outbox WHERE published_at IS NOT NULL AND position($1::bytea in envelope) > 0`,
    [Buffer.concat([Buffer.from(length), bytes])],
  );
  return rows[1];
}

export interface OutboxRelayOptions {
  service: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Attempts before a row is marked dead (and copied to `<topic>.dlq`). */
  maxAttempts?: number;
  backoffBaseMs?: number;
  /** Published rows are kept this long (for inspection), then deleted; default 7 days. */
  retentionMs?: number;
  /** The time port for the poll, the backoff and the prune rhythm; default the wall clock. */
  clock?: Clock;
}

/**
 * Publishes committed outbox rows, oldest first, and retries failures with exponential backoff.
 * Several relays (replicas) may run at once: rows are claimed with FOR UPDATE SKIP LOCKED.
 * Delivery is at-least-once: a crash between publish and mark republishes, and handlers are
 * idempotent (see Inbox).
 */
export class OutboxRelay {
  private timer?: Timer;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private lastPrune = 0;
  private readonly log;
  private readonly clock: Clock;

  constructor(
    private readonly dataSource: DataSource,
    private readonly client: BusTransportClient,
    private readonly options: OutboxRelayOptions,
  ) {
    this.log = createLogger(options.service, { component: 'outbox-relay' });
    this.clock = options.clock ?? new SystemClock();
  }

  start(): void {
    this.stopped = false;
    this.nudge();
  }

  /** Publish now (call after a commit that wrote to the outbox). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.timer?.cancel();
    this.running = this.runOnce()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, 'outbox relay pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.nudge();
        } else {
          this.timer = this.clock.setTimeout(() => this.nudge(), this.options.pollIntervalMs ?? 1000);
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.running;
  }

  /** One pass: publishes every due row; returns how many were published. */
  async runOnce(): Promise<number> {
    if (this.clock.nowMs() - this.lastPrune > 60 * 60_000) await this.prune();
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n < (this.options.batchSize ?? 100)) return total;
    }
  }

  /** Deletes rows published longer ago than the retention; returns how many. */
  async prune(): Promise<number> {
    this.lastPrune = this.clock.nowMs();
    const retentionMs = this.options.retentionMs ?? 7 * 24 * 60 * 60_000;
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM outbox WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`,
      [retentionMs],
    )) as [unknown, number];
    return deleted;
  }

  private publishBatch(): Promise<number> {
    // Due by the database's clock (a row just written is due at once, even where this machine's
    // clock lags the database's) or by the relay's (a backoff it set runs out as its clock moves).
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: string; topic: string; envelope: Buffer; attempts: number }[] = await manager.query(
        `SELECT id, topic, envelope, attempts FROM outbox
          WHERE published_at IS NULL AND NOT dead AND available_at <= greatest(now(), $2)
          ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100, this.clock.now()],
      );
      let published = 0;
      for (const row of rows) {
        try {
          await this.client.publishEncoded(row.topic, new Uint8Array(row.envelope));
          await manager.query(
            'UPDATE outbox SET published_at = now(), attempts = attempts + 1 WHERE id = $1',
            [row.id],
          );
          outboxBacklog.inc({ service: this.options.service, outcome: 'published' });
          published++;
        } catch (err) {
          const attempts = row.attempts + 1;
          const dead = attempts >= (this.options.maxAttempts ?? 10);
          const delayMs = Math.min((this.options.backoffBaseMs ?? 500) * 2 ** (attempts - 1), 5 * 60_000);
          const error = err instanceof Error ? err.message : String(err);
          await manager.query(
            `UPDATE outbox SET attempts = $2, last_error = $3, dead = $4,
                    available_at = $5 WHERE id = $1`,
            [row.id, attempts, error, dead, new Date(this.clock.nowMs() + delayMs)],
          );
          outboxBacklog.inc({ service: this.options.service, outcome: dead ? 'dead' : 'retry' });
          if (dead) {
            this.log.error(
              { id: row.id, topic: row.topic, attempts, err: error },
              'outbox row is dead; copying to the DLQ',
            );
            await this.client
              .publishEncoded(`${row.topic}.dlq`, new Uint8Array(row.envelope))
              .catch(() => undefined);
          } else {
            this.log.warn(
              { id: row.id, topic: row.topic, attempts, delayMs, err: error },
              'publish failed; will retry',
            );
          }
        }
      }
      return published;
    });
  }
}
