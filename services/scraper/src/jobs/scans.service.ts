import { asinCheckMessageOf } from '@shelfscan/asin-check';
import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, handleOnce, type BusContext } from '@shelfscan/bus';
import type { scraperEventsV1, scraperV1 } from '@shelfscan/contracts';
import { Clock, SERVICE_CONFIG } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { isUuid } from '@shelfscan/db';
import type { ScraperConfig } from '../config.js';
import { marketByCode, SELLER_ID_PATTERN } from '@shelfscan/markets';
import { departmentsOf } from './category-scans.js';
import { ScanEngines } from './engine-factory.js';
import type { ScanEstimate } from './estimate.js';
import { isAsinCheck, type JobSpec, type StoreScanSpec } from './job-spec.js';
import { isBookAsin } from '../engine/items.js';
import { queueKeyOf, ScanJobRepository, type StoredItem } from './scan-job.repository.js';
import { specFromRequest } from './scan-requests.js';
import { ScanWorker } from './scan-worker.js';

/** Estimates are kept this long per store (the store's size changes slowly; probes cost pages). */
const ESTIMATE_TTL_MS = 10 * 60_000;
const ESTIMATE_CACHE_SIZE = 500;
/** A probe that waits longer (a busy or blocked domain) gives up: the caller shows its fallback. */
const ESTIMATE_TIMEOUT_MS = 20_000;

/**
 * Estimates are kept per store and scan type (issue 20), not per query: a new keyword or another
 * choice of departments on a store probed in the last ten minutes is answered with that store's
 * estimate, so changing the query never makes Amazon be read again (at most three probes a store
 * in ten minutes, one per scan type).
 */
const estimateKey = (spec: Pick<StoreScanSpec, 'market' | 'sellerId' | 'type'>) =>
  JSON.stringify([spec.market, spec.sellerId, spec.type]);

/** The query an estimate was made for: a Deep scan takes its count only for the very same query. */
const queryOf = (spec: StoreScanSpec) => JSON.stringify([spec.keyword ?? '', departmentsOf(spec.categories)]);

/** Stands for a scan id that is not a uuid (no scan has it), keeping the others' indexes. */
const NO_SCAN = '00000000-0000-0000-0000-000000000000';
const notFound = () => new BusError('NOT_FOUND', 'scanNotFound', { reason: 'scanNotFound' });

/** The scraper's bus-facing operations: one method per handler. */
@Injectable()
export class ScansService {
  private readonly listLimit: number;
  private readonly estimates = new Map<
    string,
    { at: number; query: string; estimate: Promise<ScanEstimate>; value?: ScanEstimate }
  >();

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ScanJobRepository) private readonly repository: ScanJobRepository,
    @Inject(ScanWorker) private readonly worker: ScanWorker,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(ScanEngines) private readonly engines: ScanEngines,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: ScraperConfig,
  ) {
    this.listLimit = config.SCAN_LIST_LIMIT;
  }

  /** ScanRequested: a durable job with the scan's id, once per event (a redelivery does nothing). */
  async requested(req: scraperEventsV1.ScanRequested, ctx: Pick<BusContext, 'messageId'>): Promise<void> {
    const { dataSource, repository } = this;
    const check = specFromRequest(req, this.listLimit);
    let wroteOutbox = false;
    await handleOnce(dataSource, ctx, 'scraper.scan-requested', async (manager) => {
      if (check.ok) {
        await repository.enqueue(req.scanId, this.withCount(check.spec), manager, queueKeyOf(req.userEmail));
      } else {
        await repository.rejectRequest(
          manager,
          req.scanId,
          { request: req.type },
          check.reason,
          'INVALID_SCAN',
        );
        wroteOutbox = true;
      }
    });
    if (wroteOutbox) this.outbox.nudge();
    else this.worker.nudge();
  }

  /**
   * A Deep scan of the whole store takes the store's count from its estimate, when one was made in
   * the last ten minutes (the dialog asks for it before the scan): the engine's ETA comes from it
   * while Amazon says only "over 1,000" (ScanSpec.expectedTotal). It changes no page the scan reads.
   */
  private withCount(spec: JobSpec): JobSpec {
    if (isAsinCheck(spec) || spec.type !== 'deep' || departmentsOf(spec.categories).length) return spec;
    const entry = this.estimates.get(estimateKey(spec));
    const total = entry?.query === queryOf(spec) ? entry.value?.counted?.total : undefined;
    if (!total || this.clock.nowMs() - entry!.at > ESTIMATE_TTL_MS) return spec;
    return { ...spec, expectedTotal: total };
  }

  async cancel(req: scraperV1.CancelScanRequest): Promise<scraperV1.CancelScanResponse | { status: string }> {
    const status = await this.repository.requestCancel(req.scanId);
    if (!status) throw notFound();
    if (status === 'running') this.worker.cancelLocal(req.scanId);
    this.outbox.nudge();
    return { status };
  }

  async get(req: scraperV1.GetScanRequest) {
    const job = await this.repository.get(req.scanId);
    if (!job) throw notFound();
    const p = job.progress;
    return {
      status: job.status,
      pagesFetched: p?.pagesFetched ?? 0,
      asinsFound: p?.asinsFound ?? 0,
      partitionsLeft: p?.partitionsLeft ?? 0,
      reportedTotal: p?.reportedTotal ?? 0,
      etaSeconds: p?.etaSeconds == null ? -1 : Math.round(p.etaSeconds),
      error: job.error ?? '',
      coverageLine: job.result?.coverageLine ?? '',
      attempts: job.attempts,
    };
  }

  /** ListScanAsins: one page of the stored ASINs (at most 10,000 a page; 5,000 by default). */
  async listAsins(req: scraperV1.ListScanAsinsRequest) {
    const job = await this.repository.get(req.scanId);
    if (!job) throw notFound();
    const limit = req.limit > 0 ? Math.min(req.limit, 10_000) : 5_000;
    const page = await this.repository.asinPage(req.scanId, Math.max(0, req.offset), limit);
    return { asins: page.asins, total: page.total, status: job.status };
  }

  /** ListScanItems: one page of what a store scan saw of each ASIN (at most 5,000; 1,000 by default). */
  async listItems(req: scraperV1.ListScanItemsRequest) {
    const job = await this.repository.get(req.scanId);
    if (!job) throw notFound();
    const limit = req.limit > 0 ? Math.min(req.limit, 5_000) : 1_000;
    const page = await this.repository.itemPage(req.scanId, Math.max(0, req.offset), limit);
    return { items: page.items.map(scanItemMessageOf), total: page.total, status: job.status };
  }

  /**
   * CountScanAsins: which of these scans (at most 50) carry each of these ASINs (at most 10,000); a
   * scan id that is not one is no scan.
   */
  async countAsins(req: scraperV1.CountScanAsinsRequest) {
    if (req.scanIds.length > 50 || req.asins.length > 10_000)
      throw new BusError('INVALID_ARGUMENT', 'tooManyAsins', { reason: 'tooManyAsins' });
    const scanIds = req.scanIds.map((id) => (isUuid(id) ? id : NO_SCAN));
    if (!req.asins.length || !req.scanIds.length) return { asins: [] };
    return { asins: await this.repository.carriers(scanIds, req.asins) };
  }

  /** ListAsinCheckItems: one page of an ASIN check's rows (at most 1,000; 500 by default). */
  async listAsinCheckItems(req: scraperV1.ListAsinCheckItemsRequest) {
    const job = await this.repository.get(req.scanId);
    if (!job) throw notFound();
    const limit = req.limit > 0 ? Math.min(req.limit, 1_000) : 500;
    const page = await this.repository.asinCheckPage(req.scanId, Math.max(0, req.offset), limit);
    return {
      items: page.rows.map(asinCheckMessageOf),
      total: page.total,
      status: job.status,
    };
  }

  /**
   * EstimateScan: the engine's estimate for this store, from one probe page per query and, for a
   * Deep scan of an "over 1,000" store, its counted price ranges (kept for ten minutes per store and
   * scan type, whatever the keyword or departments; a Deep scan of the same query started meanwhile
   * takes its count). UNAVAILABLE when the store cannot be probed now.
   */
  async estimate(req: scraperV1.EstimateScanRequest) {
    const market = marketByCode(req.market);
    const type = req.type.toLowerCase();
    if (
      !market ||
      !SELLER_ID_PATTERN.test(req.sellerId) ||
      !['standard', 'deep', 'functional'].includes(type)
    )
      throw new BusError('INVALID_ARGUMENT', 'estimateInvalid', { reason: 'estimateInvalid' });
    const estimateOf = this.engines.estimate?.bind(this.engines);
    if (!estimateOf)
      throw new BusError('UNAVAILABLE', 'estimateUnavailable', { reason: 'estimateUnavailable' });
    const spec: StoreScanSpec = {
      market: market.code,
      sellerId: req.sellerId,
      type: type as StoreScanSpec['type'],
      listLimit: this.listLimit,
      ...(req.keyword.trim() ? { keyword: req.keyword.trim() } : {}),
      categories: req.categoryNodeIds,
    };
    const key = estimateKey(spec);
    const now = this.clock.nowMs();
    let entry = this.estimates.get(key);
    if (!entry || now - entry.at > ESTIMATE_TTL_MS) {
      entry = {
        at: now,
        query: queryOf(spec),
        estimate: estimateOf(spec, AbortSignal.timeout(ESTIMATE_TIMEOUT_MS)),
      };
      this.estimates.delete(key);
      this.estimates.set(key, entry);
      if (this.estimates.size > ESTIMATE_CACHE_SIZE)
        this.estimates.delete(this.estimates.keys().next().value!);
      // A failed probe is not kept: the next caller tries again.
      const kept = entry;
      kept.estimate.then(
        (value) => (kept.value = value),
        () => this.estimates.delete(key),
      );
    }
    const e = await entry.estimate.catch((err: unknown) => {
      throw new BusError('UNAVAILABLE', err instanceof Error ? err.message : String(err), {
        reason: 'estimateUnavailable',
      });
    });
    return {
      etaSeconds: e.etaSeconds ?? -1,
      pages: e.pages,
      reportedTotal: e.reportedTotal ?? 0,
      reportedTotalIsLowerBound: e.reportedTotalIsLowerBound,
      msPerPage: e.msPerPage,
      maxEtaSeconds: e.max?.etaSeconds ?? 0,
      maxPages: e.max?.pages ?? 0,
      countedTotal: e.counted?.total ?? 0,
      countedTotalIsLowerBound: e.counted?.lowerBound ?? false,
    };
  }
}

/** A stored item as the contract's ScanItem (absent facts unset). */
function scanItemMessageOf(i: StoredItem) {
  const opt = <T>(v: T | null) => (v === null ? undefined : v);
  return {
    asin: i.asin,
    title: opt(i.title),
    price: opt(i.price),
    currency: opt(i.currency),
    listPrice: opt(i.listPrice),
    stars: opt(i.stars),
    reviewCount: opt(i.reviewCount),
    amazonsChoice: i.amazonsChoice,
    bestSeller: i.bestSeller,
    prime: i.prime,
    category: opt(i.category),
    firstPage: i.page,
    firstQuery: i.query,
    sponsored: i.sponsored,
    book: isBookAsin(i.asin),
    firstSeenAt: i.foundAt.toISOString(),
  };
}
