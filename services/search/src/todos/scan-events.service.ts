import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError, OutboxRelay, handleOnce, type BusContext } from '@shelfscan/bus';
import { coverageFactsOf, scraperV1, type scraperEventsV1 } from '@shelfscan/contracts';
import { Clock } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import { QuotaRepository } from '../quota/quota.repository.js';
import { TrackerRunsService } from '../tracking/tracker-runs.service.js';
import type { SeenTiles } from '../tracking/tracker-diff.js';
import {
  RUNNING,
  TodoRepository,
  type AsinCheckRecord,
  type TodoRecord,
  type TodoStatus,
} from './todo.repository.js';
import { asinCheckRecordOf } from './todo.message.js';
import { WebhookDeliveryTask } from '../webhooks/webhook-delivery.task.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';

const { ScraperService } = scraperV1;

/** Failures that are not the user's doing: the scan's quota right is given back. */
const REFUNDED_FAILURES = new Set(['BLOCKED', 'MARKETPLACE_UNREACHABLE', 'INTERNAL']);

/** Pages of the result fetched from the scraper at completion. */
const RESULT_PAGE = 5_000;
const ASIN_CHECK_PAGE = 1_000;

/**
 * The share of a running scan done, 0–99 (100 is for the end): for an ASIN check the ASINs checked
 * of the list; for a store scan the time it has run against that time plus the engine's ETA (the
 * pages of a store scan are not known before, but its ETA is); without an ETA, what it found of
 * the count Amazon reports; null when nothing tells.
 */
export function progressPercent(
  t: Pick<TodoRecord, 'searchType' | 'startedAt'>,
  evt: Pick<scraperEventsV1.ScanProgressed, 'pagesFetched' | 'asinsFound' | 'reportedTotal' | 'etaSeconds'>,
  now: Date,
): number | null {
  const share = (done: number, total: number) => Math.min(99, Math.max(0, Math.floor((done / total) * 100)));
  if (t.searchType === 'asinCheck')
    return evt.reportedTotal > 0 ? share(evt.pagesFetched, evt.reportedTotal) : null;
  if (evt.etaSeconds >= 0 && t.startedAt) {
    const elapsed = Math.max(0, (now.getTime() - t.startedAt.getTime()) / 1000);
    return elapsed + evt.etaSeconds > 0 ? share(elapsed, elapsed + evt.etaSeconds) : null;
  }
  return evt.reportedTotal > 0 ? share(evt.asinsFound, evt.reportedTotal) : null;
}

/**
 * The status a completed scan ends in: COMPLETED_PARTIAL when the scraper's outcome on
 * ScanCompleted is "partial" (a Deep scan that stopped below the coverage threshold of the count
 * Amazon reports; its job ends `completed_partial`). An older scraper sends no outcome: COMPLETED.
 */
export function completedStatus(evt: scraperEventsV1.ScanCompleted): TodoStatus {
  return evt.outcome === 'partial' ? 'COMPLETED_PARTIAL' : 'COMPLETED';
}

/**
 * Keeps each todo's status, progress and result from the scraper's events, each applied once
 * (handleOnce). Events of a deleted todo are acknowledged and ignored; a finished todo is never
 * moved back by a late progress event.
 */
@Injectable()
export class ScanEventsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TodoRepository) private readonly todos: TodoRepository,
    @Inject(QuotaRepository) private readonly quota: QuotaRepository,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
    @Inject(WebhookDeliveryTask) private readonly webhookTask: WebhookDeliveryTask,
    @Inject(TrackerRunsService) private readonly trackerRuns: TrackerRunsService,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async started(evt: scraperEventsV1.ScanStarted, ctx: BusContext): Promise<void> {
    let cancelDeleted = false;
    await this.once(ctx, 'search.scan-started', evt.scanId, async (m, t) => {
      if (t.deleted) cancelDeleted = true;
      else if (RUNNING.includes(t.status))
        await this.todos.update(m, t.id, {
          status: 'PROCESSING',
          started_at: t.startedAt ?? this.clock.now(),
        });
    });
    // A todo deleted before its job existed: stop the job now that it runs.
    if (cancelDeleted)
      await this.bus.request(ScraperService.method.cancelScan, { scanId: evt.scanId }).catch(() => undefined);
  }

  async progressed(evt: scraperEventsV1.ScanProgressed, ctx: BusContext): Promise<void> {
    await this.once(ctx, 'search.scan-progressed', evt.scanId, async (m, t) => {
      if (t.deleted || !RUNNING.includes(t.status)) return;
      const now = this.clock.now();
      const startedAt = t.startedAt ?? now; // a progress event overtook ScanStarted
      // "0 s left" with queries still to run is the engine between two queries (the next one's
      // count is read on its first page) or a fast page rounded down: the last ETA stands (none
      // before: unknown, and the bar follows the ASINs found).
      const etaUnsure = evt.etaSeconds === 0 && evt.partitionsLeft > 0;
      const eta = etaUnsure ? (t.etaSeconds ?? -1) : evt.etaSeconds;
      const percent = progressPercent({ ...t, startedAt }, { ...evt, etaSeconds: eta }, now);
      await this.todos.update(m, t.id, {
        status: 'PROCESSING',
        started_at: startedAt,
        pages_fetched: evt.pagesFetched,
        asin_count: evt.asinsFound,
        reported_total: evt.reportedTotal > 0 ? evt.reportedTotal : null,
        reported_total_lower_bound: evt.reportedTotalIsLowerBound,
        eta_seconds: eta >= 0 ? eta : null,
        // A progress bar does not go back.
        progress_percent: percent === null ? t.progressPercent : Math.max(percent, t.progressPercent ?? 0),
      });
    });
  }

  /** The result is read from the scraper page by page (never one large message), then stored. */
  async completed(evt: scraperEventsV1.ScanCompleted, ctx: BusContext): Promise<void> {
    // Only a live, unfinished todo wants the result (not a CLI scan, a deleted todo or a redelivery).
    const wanted = await this.todos.runningScan(evt.scanId);
    // A tracked store's run also keeps the titles the scan saw (the digest and the store page show them).
    const { asins, tiles } = wanted
      ? wanted.tracked
        ? await this.itemsOf(evt.scanId)
        : { asins: await this.resultOf(evt.scanId), tiles: undefined }
      : { asins: [], tiles: undefined };
    const rows = wanted?.searchType === 'asinCheck' ? await this.asinCheckOf(evt.scanId) : [];
    let hooks = 0;
    let tracked = false;
    await this.once(ctx, 'search.scan-completed', evt.scanId, async (m, t) => {
      if (!wanted || t.deleted || !RUNNING.includes(t.status)) return;
      await this.todos.storeResult(m, t.id, asins);
      if (t.searchType === 'asinCheck') await this.todos.storeAsinCheck(m, t.id, rows);
      const status = completedStatus(evt);
      const coverage = evt.coverage ? coverageFactsOf(evt.coverage) : null;
      tracked = await this.trackerRuns.finish(m, t, { status, asins, coverage, tiles });
      const completedAt = this.clock.now();
      // The user's scan.completed webhooks, queued with the change they announce (issue 18). A
      // tracked store's run announces itself as tracker.changed instead.
      if (!t.trackerId)
        hooks = await this.webhooks.enqueue(m, t.userEmail, 'scan.completed', `scan:${t.id}`, {
          scanId: t.id,
          searchType: t.searchType,
          status,
          fileName: t.fileName,
          storeUrl: t.storeUrl,
          market: t.market,
          asinCount: asins.length,
          reportedTotal: evt.reportedTotal > 0 ? evt.reportedTotal : null,
          coverageLine: evt.coverageLine || null,
          completedAt: completedAt.toISOString(),
        });
      await this.todos.update(m, t.id, {
        status,
        asin_count: asins.length,
        pages_fetched: evt.pagesFetched,
        reported_total: evt.reportedTotal > 0 ? evt.reportedTotal : null,
        coverage_line: evt.coverageLine || null,
        coverage: coverage ? JSON.stringify(coverage) : null,
        eta_seconds: null,
        progress_percent: 100,
        search_complete_date: completedAt,
        result_stored: true,
      });
    });
    if (hooks) this.webhookTask.kick();
    if (tracked) this.outbox.nudge();
  }

  async failed(evt: scraperEventsV1.ScanFailed, ctx: BusContext): Promise<void> {
    const seen = await this.trackedSoFar(evt.scanId);
    let tracked = false;
    await this.once(ctx, 'search.scan-failed', evt.scanId, async (m, t) => {
      if (t.deleted || !RUNNING.includes(t.status)) return;
      tracked = await this.trackerRuns.finish(m, t, { status: 'FAILED', asins: seen, coverage: null });
      await this.todos.update(m, t.id, {
        status: 'FAILED',
        failure_reason: evt.reason || null,
        failure_code: evt.code || null,
        eta_seconds: null,
        search_complete_date: this.clock.now(),
      });
      if (REFUNDED_FAILURES.has(evt.code)) await this.refund(m, t);
    });
    if (tracked) this.outbox.nudge();
  }

  async cancelled(evt: scraperEventsV1.ScanCancelled, ctx: BusContext): Promise<void> {
    const seen = await this.trackedSoFar(evt.scanId);
    let tracked = false;
    await this.once(ctx, 'search.scan-cancelled', evt.scanId, async (m, t) => {
      if (t.deleted || !RUNNING.includes(t.status)) return;
      tracked = await this.trackerRuns.finish(m, t, { status: 'CANCELED', asins: seen, coverage: null });
      await this.todos.update(m, t.id, {
        status: 'CANCELED',
        asin_count: evt.asinsFound,
        eta_seconds: null,
        search_cancel_date: this.clock.now(),
      });
    });
    if (tracked) this.outbox.nudge();
  }

  /** A tracker's run that stopped: the ASINs its scan saw before it stopped (they are real). */
  private async trackedSoFar(scanId: string): Promise<string[]> {
    const running = await this.todos.runningScan(scanId);
    return running?.tracked ? this.resultOf(scanId) : [];
  }

  /** A scan's ASINs with what their tiles showed, page by page (ScraperService.ListScanItems). */
  private async itemsOf(scanId: string): Promise<{ asins: string[]; tiles: SeenTiles }> {
    const asins: string[] = [];
    const titles = new Map<string, string>();
    const unpriced = new Set<string>();
    for (;;) {
      const page = await this.bus
        .request(ScraperService.method.listScanItems, { scanId, offset: asins.length, limit: RESULT_PAGE })
        .catch((err: unknown) => {
          if (err instanceof BusError && err.code === 'NOT_FOUND') return { items: [] };
          throw err;
        });
      for (const item of page.items) {
        asins.push(item.asin);
        if (item.title) titles.set(item.asin, item.title);
        if (item.price === undefined) unpriced.add(item.asin);
      }
      if (page.items.length < RESULT_PAGE) return { asins, tiles: { titles, unpriced } };
    }
  }

  private async refund(m: EntityManager, t: TodoRecord): Promise<void> {
    if (t.refunded) return;
    await this.quota.refund(m, t.userEmail, t.quotaCounters, t.quotaDay, t.quotaMonth);
    await this.todos.update(m, t.id, { refunded: true });
  }

  private async once(
    ctx: BusContext,
    consumer: string,
    scanId: string,
    work: (m: EntityManager, t: TodoRecord & { deleted: boolean }) => Promise<void>,
  ): Promise<void> {
    await handleOnce(this.dataSource, ctx, consumer, async (m) => {
      const t = await this.todos.lockByScan(m, scanId);
      if (t) await work(m, t); // a scan no todo asked for (the CLI's): nothing to keep
    });
  }

  private async resultOf(scanId: string): Promise<string[]> {
    const asins: string[] = [];
    for (;;) {
      const page = await this.bus
        .request(ScraperService.method.listScanAsins, { scanId, offset: asins.length, limit: RESULT_PAGE })
        .catch((err: unknown) => {
          if (err instanceof BusError && err.code === 'NOT_FOUND') return { asins: [] as string[] };
          throw err;
        });
      asins.push(...page.asins);
      if (page.asins.length < RESULT_PAGE) return asins;
    }
  }

  /** An ASIN check's rows, read from the scraper page by page (none for a store scan). */
  private async asinCheckOf(scanId: string): Promise<AsinCheckRecord[]> {
    const rows: AsinCheckRecord[] = [];
    for (;;) {
      const page = await this.bus
        .request(ScraperService.method.listAsinCheckItems, {
          scanId,
          offset: rows.length,
          limit: ASIN_CHECK_PAGE,
        })
        .catch((err: unknown) => {
          if (err instanceof BusError && err.code === 'NOT_FOUND') return { items: [] };
          throw err;
        });
      rows.push(...page.items.map((item, i) => ({ ...asinCheckRecordOf(item), seq: rows.length + i })));
      if (page.items.length < ASIN_CHECK_PAGE) return rows;
    }
  }
}
