import { isUuid } from '@shelfscan/db';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { searchEventsV1, type webhooksV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, DAY, HOUR, MINUTE, SERVICE_CONFIG } from '@shelfscan/service';
import { webhookRequest, type WebhookEvent } from '@shelfscan/validation';
import { DataSource, type EntityManager } from 'typeorm';
import type { SearchConfig } from '../config.js';
import { newWebhookSecret, webhookSignature } from './signature.js';
import { postJson, type PostOutcome } from './webhook-post.js';
import {
  TargetRefused,
  deliveryAddress,
  isPublicAddress,
  webhookUrlProblem,
  type Resolver,
} from './webhook-target.js';

const log = createLogger('search');

/** Webhooks a user may register. */
export const WEBHOOKS_PER_USER = 10;
/** A delivery is retried with backoff for this long, then given up and its webhook disabled. */
export const RETRY_FOR_MS = DAY;
/** Deliveries sent per run of the task (in parallel). */
const BATCH = 20;
/** A claimed delivery is not claimed again (by another replica) for this long. */
const LEASE_MS = 2 * MINUTE;

/** The wait after the n-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(HOUR, MINUTE * 2 ** Math.max(0, attempts - 1));
}

/** The DNS port of webhook deliveries (the system resolver; tests give their own). */
export abstract class WebhookResolver {
  abstract readonly resolve: Resolver;
}

type DeliveryEvent = WebhookEvent | 'webhook.test';

interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  created_at: Date;
  disabled_at: Date | null;
}
interface DeliveryRow {
  id: string;
  event: string;
  status: string;
  attempts: number;
  response_code: number | null;
  error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : '');

function webhookMessage(w: WebhookRow): webhooksV1.Webhook {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    description: w.description,
    enabled: w.enabled,
    createdAt: iso(w.created_at),
    disabledAt: iso(w.disabled_at),
  } as webhooksV1.Webhook;
}

function deliveryMessage(d: DeliveryRow): webhooksV1.WebhookDelivery {
  return {
    id: d.id,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    responseCode: d.response_code ?? 0,
    error: d.error ?? '',
    createdAt: iso(d.created_at),
    lastAttemptAt: iso(d.last_attempt_at),
    nextAttemptAt: d.status === 'pending' ? iso(d.next_attempt_at) : '',
    deliveredAt: iso(d.delivered_at),
  } as webhooksV1.WebhookDelivery;
}

const notFound = () => new BusError('NOT_FOUND', 'webhookNotFound', { reason: 'webhookNotFound' });
const invalid = (field: string, msg: string) =>
  new BusError('INVALID_ARGUMENT', msg, { reason: msg, violations: [{ field, msg }] });

/**
 * Webhooks (issue 18): registration with the target rules, the owner's list and log, and the
 * durable deliveries: `enqueue` writes them in the transaction of the change they announce,
 * `sendDue` (the delivery task) signs and sends the due ones, retries with backoff for a day, then
 * disables the webhook and publishes WebhookDisabled for the owner's email.
 */
@Injectable()
export class WebhooksService {
  /** One attempt's limit (10 s). */
  timeoutMs = 10_000;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(WebhookResolver) private readonly resolver: WebhookResolver,
    @Inject(SERVICE_CONFIG) private readonly config: SearchConfig,
  ) {}

  private get allowPrivate(): boolean {
    return this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  }

  async create(req: webhooksV1.CreateWebhookRequest): Promise<webhooksV1.CreateWebhookResponse> {
    const parsed = webhookRequest.safeParse({
      url: req.url,
      events: req.events,
      ...(req.description ? { description: req.description } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(String(issue.path[0] ?? 'url'), issue.message);
    }
    const { url, events, description } = parsed.data;
    await this.checkTarget(url);
    const secret = newWebhookSecret();
    const row = await this.dataSource.transaction(async (m) => {
      // One registration at a time per user, so that the limit holds.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('webhook:' || $1))`, [req.userEmail]);
      const [{ n }]: { n: number }[] = await m.query(
        `SELECT count(*)::int AS n FROM webhook WHERE user_email = $1`,
        [req.userEmail],
      );
      if (n >= WEBHOOKS_PER_USER) throw invalid('url', 'webhookTooMany');
      const [created]: WebhookRow[] = await m.query(
        `INSERT INTO webhook (id, user_email, url, events, description, secret, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [randomUUID(), req.userEmail, url, [...new Set(events)], description ?? '', secret, this.clock.now()],
      );
      return created;
    });
    return { webhook: webhookMessage(row), secret } as webhooksV1.CreateWebhookResponse;
  }

  /** The target rules at registration: the URL's own (https, no private literal), then what its name resolves to now. */
  private async checkTarget(url: string): Promise<void> {
    const problem = webhookUrlProblem(url, this.allowPrivate);
    if (problem) throw invalid('url', problem);
    if (this.allowPrivate) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isPublicAddress(host)) return;
    const addresses = await this.resolver.resolve(host).catch(() => []);
    if (!addresses.length) throw invalid('url', 'webhookUrlUnresolved');
    if (!addresses.every((a) => isPublicAddress(a.address))) throw invalid('url', 'webhookUrlPrivate');
  }

  async list(userEmail: string): Promise<webhooksV1.ListWebhooksResponse> {
    const rows: WebhookRow[] = await this.dataSource.query(
      `SELECT * FROM webhook WHERE user_email = $1 ORDER BY created_at, id`,
      [userEmail],
    );
    return { webhooks: rows.map(webhookMessage) } as webhooksV1.ListWebhooksResponse;
  }

  async remove(userEmail: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const [, n]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM webhook WHERE id = $1 AND user_email = $2`,
      [id, userEmail],
    );
    if (!n) throw notFound();
  }

  async deliveries(userEmail: string, id: string, limit: number) {
    await this.owned(this.dataSource.manager, userEmail, id);
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT * FROM webhook_delivery WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [id, limit > 0 ? Math.min(limit, 100) : 50],
    );
    return { deliveries: rows.map(deliveryMessage) } as webhooksV1.ListWebhookDeliveriesResponse;
  }

  /** Queues a test delivery (a disabled webhook is enabled again: the owner says it works now). */
  async test(userEmail: string, id: string): Promise<webhooksV1.TestWebhookResponse> {
    const delivery = await this.dataSource.transaction(async (m) => {
      await this.owned(m, userEmail, id);
      await m.query(`UPDATE webhook SET enabled = true, disabled_at = NULL WHERE id = $1`, [id]);
      const deliveryId = randomUUID();
      const [row] = await this.insertDeliveries(m, [id], 'webhook.test', deliveryId, {
        webhookId: id,
        message: 'A test event from ShelfScan.',
      });
      return row!;
    });
    return { delivery: deliveryMessage(delivery) } as webhooksV1.TestWebhookResponse;
  }

  private async owned(m: EntityManager, userEmail: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const rows: unknown[] = await m.query(`SELECT 1 FROM webhook WHERE id = $1 AND user_email = $2`, [
      id,
      userEmail,
    ]);
    if (!rows.length) throw notFound();
  }

  /**
   * Queues `event` for every enabled webhook of the user that subscribed to it, in the caller's
   * transaction; `sourceKey` (the run, the scan) makes a second call for the same source add nothing.
   * Answers how many deliveries were queued.
   */
  async enqueue(
    m: EntityManager,
    userEmail: string,
    event: WebhookEvent,
    sourceKey: string,
    data: Record<string, unknown>,
  ): Promise<number> {
    const hooks: { id: string }[] = await m.query(
      `SELECT id FROM webhook WHERE user_email = $1 AND enabled AND $2 = ANY (events)`,
      [userEmail, event],
    );
    if (!hooks.length) return 0;
    const rows = await this.insertDeliveries(
      m,
      hooks.map((h) => h.id),
      event,
      sourceKey,
      data,
    );
    return rows.length;
  }

  private async insertDeliveries(
    m: EntityManager,
    webhookIds: string[],
    event: DeliveryEvent,
    sourceKey: string,
    data: Record<string, unknown>,
  ): Promise<DeliveryRow[]> {
    const now = this.clock.now();
    const out: DeliveryRow[] = [];
    for (const webhookId of webhookIds) {
      const id = randomUUID();
      const body = JSON.stringify({ id, type: event, createdAt: now.toISOString(), data });
      const rows: DeliveryRow[] = await m.query(
        `INSERT INTO webhook_delivery (id, webhook_id, event, source_key, body, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (webhook_id, source_key) DO NOTHING RETURNING *`,
        [id, webhookId, event, sourceKey, body, now],
      );
      out.push(...rows);
    }
    return out;
  }

  /**
   * Sends the deliveries due now (claimed with a lease, so two replicas never send one twice at
   * once); answers how many were attempted.
   */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const [claimed]: [
      (DeliveryRow & { webhook_id: string; body: string; url: string; secret: string })[],
      number,
    ] = await this.dataSource.query(
      `UPDATE webhook_delivery d SET next_attempt_at = $2
           FROM webhook w
          WHERE d.id IN (SELECT d2.id FROM webhook_delivery d2 JOIN webhook w2 ON w2.id = d2.webhook_id
                          WHERE d2.status = 'pending' AND d2.next_attempt_at <= $1 AND w2.enabled
                          ORDER BY d2.next_attempt_at LIMIT ${BATCH} FOR UPDATE OF d2 SKIP LOCKED)
            AND w.id = d.webhook_id
        RETURNING d.*, w.url, w.secret`,
      [now, new Date(now.getTime() + LEASE_MS)],
    );
    await Promise.all(claimed.map((d) => this.attempt(d)));
    return claimed.length;
  }

  private async attempt(d: DeliveryRow & { webhook_id: string; body: string; url: string; secret: string }) {
    const sentAt = this.clock.now();
    let outcome: PostOutcome;
    try {
      const pinned = await deliveryAddress(d.url, this.allowPrivate, this.resolver.resolve);
      const t = Math.floor(sentAt.getTime() / 1000);
      outcome = await postJson(
        d.url,
        d.body,
        {
          'ShelfScan-Signature': webhookSignature(d.secret, t, d.body),
          'ShelfScan-Event': d.event,
          'ShelfScan-Delivery': d.id,
        },
        { pinned, timeoutMs: this.timeoutMs },
      );
    } catch (err) {
      outcome = {
        error:
          err instanceof TargetRefused
            ? `refused: ${err.message}`
            : `not resolved: ${(err as Error).message}`.slice(0, 300),
      };
    }
    const code = 'status' in outcome ? outcome.status : null;
    const ok = code !== null && code >= 200 && code < 300;
    const attempts = d.attempts + 1;
    if (ok) {
      await this.dataSource.query(
        `UPDATE webhook_delivery SET status = 'delivered', attempts = $2, response_code = $3, error = NULL,
           last_attempt_at = $4, delivered_at = $4 WHERE id = $1`,
        [d.id, attempts, code, sentAt],
      );
      return;
    }
    const error = 'error' in outcome ? outcome.error : `HTTP ${code}`;
    const givenUp = sentAt.getTime() - new Date(d.created_at).getTime() >= RETRY_FOR_MS;
    await this.dataSource.transaction(async (m) => {
      // The webhook first: a give-up fails its other pending deliveries too, which the other
      // attempts of this batch are updating; taking the webhook's lock before any delivery's keeps
      // them in one order (they wait instead of deadlocking).
      if (givenUp) await m.query(`SELECT 1 FROM webhook WHERE id = $1 FOR UPDATE`, [d.webhook_id]);
      await m.query(
        `UPDATE webhook_delivery SET status = $2, attempts = $3, response_code = $4, error = $5,
           last_attempt_at = $6, next_attempt_at = $7 WHERE id = $1`,
        [
          d.id,
          givenUp ? 'failed' : 'pending',
          attempts,
          code,
          error,
          sentAt,
          new Date(sentAt.getTime() + retryDelayMs(attempts)),
        ],
      );
      if (givenUp) await this.disable(m, d.webhook_id, code ?? 0, error, sentAt);
    });
    if (givenUp) this.outbox.nudge();
  }

  /**
   * Deletes at most `limit` deliveries queued before `before` that are no longer pending (delivered,
   * or given up), oldest first; a delivery still to be retried stays whatever its age. Rows another
   * replica is deleting are skipped. Answers how many went.
   */
  async pruneDeliveries(before: Date, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM webhook_delivery WHERE id IN (
         SELECT id FROM webhook_delivery WHERE status <> 'pending' AND created_at < $1
          ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    );
    return deleted;
  }

  /** A day of failures: the webhook stops, its queued deliveries are given up, its owner is told (once). */
  private async disable(m: EntityManager, webhookId: string, code: number, error: string, at: Date) {
    const [rows]: [{ user_email: string; url: string }[], number] = await m.query(
      `UPDATE webhook SET enabled = false, disabled_at = $2 WHERE id = $1 AND enabled RETURNING user_email, url`,
      [webhookId, at],
    );
    if (!rows.length) return;
    await m.query(
      `UPDATE webhook_delivery SET status = 'failed', error = 'webhook disabled'
        WHERE webhook_id = $1 AND status = 'pending'`,
      [webhookId],
    );
    const { user_email: userEmail, url } = rows[0]!;
    await addToOutbox(m, searchEventsV1.WebhookDisabledSchema, {
      webhookId,
      userEmail,
      url,
      lastResponseCode: code,
      lastError: error,
      disabledAt: at.toISOString(),
    });
    log.warn({ webhookId }, 'webhook disabled after a day of failed deliveries');
  }
}
