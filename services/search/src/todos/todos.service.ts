import { asinCheckMessageOf } from '@shelfscan/asin-check';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError, OutboxRelay, addToOutbox, type Violation } from '@shelfscan/bus';
import { scraperEventsV1, scraperV1, type searchV1 } from '@shelfscan/contracts';
import { parseStoreUrl } from '@shelfscan/markets';
import { Clock, SystemParameters } from '@shelfscan/service';
import { asinList, functionalFilters } from '@shelfscan/validation';
import { DataSource, type EntityManager } from 'typeorm';
import { soldMarket } from '../catalog/catalog.js';
import { PlansRepository, normalizeEmail, type Feature } from '../plans/plans.repository.js';
import { QuotaRepository, type QuotaClaim } from '../quota/quota.repository.js';
import { BatchRepository, type BatchRecord } from './batch.repository.js';
import { asinCheckViolations, batchViolations, estimateViolations, scanViolations } from './scan-rules.js';
import { asinCheckRecordOf, toTodoMessage } from './todo.message.js';
import {
  RUNNING,
  STATES,
  TodoRepository,
  stateOfStatus,
  type AsinCheckRecord,
  type NewTodo,
  type SearchType,
  type TodoRecord,
  type TodoState,
} from './todo.repository.js';

const { ScraperService } = scraperV1;

/** The scan type of a request ("functional" arrives in any case) and its plan feature. */
const TYPES: Record<string, { searchType: SearchType; feature: Feature; event: string }> = {
  standard: { searchType: 'standard', feature: 'standard', event: 'standard' },
  deep: { searchType: 'deep', feature: 'deep', event: 'deep' },
  functional: { searchType: 'FUNCTIONAL', feature: 'functional', event: 'functional' },
};

/** The ASIN check needs the Standard plan and counts against the standard quota. */
const ASIN_CHECK = { searchType: 'asinCheck' as const, feature: 'standard' as const, event: 'asin-check' };

/** The scraper's job type of a todo (ScanRequested.type). */
const eventTypeOf = (t: TodoRecord) =>
  t.searchType === 'asinCheck' ? ASIN_CHECK.event : TYPES[t.searchType.toLowerCase()]!.event;

/** Rows of an ASIN check's table per page (the bus and the downloads). */
const ASIN_CHECK_PAGE = 500;

const NO_PLAN: Record<Feature, string> = {
  standard: 'noStandardPlan',
  deep: 'noDeepPlan',
  functional: 'noFunctionalPlan',
};

const notFound = () => new BusError('NOT_FOUND', 'searchNotFound', { reason: 'searchNotFound' });

function invalid(violations: (Violation & { reason?: string })[]): BusError {
  return new BusError('INVALID_ARGUMENT', violations[0]!.msg, {
    reason: violations[0]!.reason ?? violations[0]!.msg,
    violations: violations.map(({ field, msg }) => ({ field, msg })),
  });
}

/** A todo of a user (get, rerun, delete). */
type TodoRef = { userEmail: string; id: string };

const opt = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);

/** A scan without departments or the functional filters: an ASIN check, a tracked store's run, a batch's scan. */
const NO_FILTERS: Pick<
  NewTodo,
  'categories' | 'minPrice' | 'maxPrice' | 'minStar' | 'maxStar' | 'amazonChoice' | 'bestSeller'
> = {
  categories: [],
  minPrice: null,
  maxPrice: null,
  minStar: null,
  maxStar: null,
  amazonChoice: false,
  bestSeller: false,
};

/** The search service's operations: one method per RPC, the rules of product-spec parts 4–6 and 9. */
@Injectable()
export class TodosService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TodoRepository) private readonly todos: TodoRepository,
    @Inject(BatchRepository) private readonly batches: BatchRepository,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(QuotaRepository) private readonly quota: QuotaRepository,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  /** A standard, deep or functional scan: validation, plan, quota (atomically), ScanRequested. */
  async create(req: searchV1.CreateScanRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const type = TYPES[req.searchType.toLowerCase()];
    const f = type?.feature === 'functional' ? req.filters : undefined;
    const violations = scanViolations(req);
    const market = soldMarket(req.market.trim());
    if (violations.length || !type || !market) throw invalid(violations);
    const fileName = req.fileName.trim();
    const storeUrl = req.storeUrl.trim();
    const { sellerId, keyword: urlKeyword } = parseStoreUrl(storeUrl);

    return this.start(type, {
      userEmail,
      searchType: type.searchType,
      fileName,
      storeUrl,
      sellerId,
      keyword: req.keyword.trim() || urlKeyword || null,
      market: market.code,
      categories: req.categories.filter((c) => /^\d{1,20}$/.test(c)),
      minPrice: opt(f?.minPrice),
      maxPrice: opt(f?.maxPrice),
      minStar: opt(f?.minStar),
      maxStar: opt(f?.maxStar),
      amazonChoice: f?.amazonChoice ?? false,
      bestSeller: f?.bestSeller ?? false,
      asins: [],
    });
  }

  /**
   * The ASIN check: a file name, a market and the ASINs (the shared `asinList` rule: 10 letters or
   * digits each, separated by commas, line breaks or spaces, at most the list limit; repeats are
   * checked once). Needs the Standard plan and counts against the standard quota.
   */
  async createAsinCheck(req: searchV1.CreateAsinCheckRequest) {
    const violations = asinCheckViolations(req, this.parameters.number('search.listLimit'));
    const fileName = req.fileName.trim();
    const market = soldMarket(req.market.trim());
    if (violations.length || !market) throw invalid(violations);
    const asins = asinList(Number.MAX_SAFE_INTEGER).parse(req.asins);
    return this.start(ASIN_CHECK, {
      userEmail: normalizeEmail(req.userEmail),
      searchType: ASIN_CHECK.searchType,
      fileName,
      storeUrl: null,
      sellerId: null,
      keyword: null,
      market: market.code,
      ...NO_FILTERS,
      asins: [...new Set(asins)],
    });
  }

  /** Plan, then quota (atomically), the todo and its ScanRequested in one transaction. */
  private async start(
    type: { feature: Feature; event: string },
    todo: Omit<NewTodo, 'id' | 'searchDate' | 'quotaCounters' | 'quotaDay' | 'quotaMonth'>,
  ) {
    const now = this.clock.now();
    await this.needPlan(todo.userEmail, type.feature, now);

    const claim = this.claimOf(type.feature);
    const created = await this.dataSource.transaction(async (manager) => {
      const periods = await this.quota.periods(now, manager);
      await this.quota.take(manager, todo.userEmail, claim, periods, now);
      const row = await this.todos.insert(manager, {
        ...todo,
        id: randomUUID(),
        searchDate: now,
        quotaCounters: claim.map((c) => c.counter),
        quotaDay: periods.day,
        quotaMonth: periods.month,
      });
      await this.requestScan(manager, row, row.scanId, type.event);
      return row;
    });
    this.outbox.nudge();
    return { todo: toTodoMessage(created) };
  }

  /**
   * A tracker's run (issue 18): its todo and ScanRequested, as `create` makes them, inside the
   * caller's transaction; it takes no quota (`quota_exempt`) and is not on the user's dashboard.
   */
  async startTrackedScan(
    manager: EntityManager,
    tracker: { id: string; userEmail: string; searchType: 'standard' | 'deep' } & Pick<
      TodoRecord,
      'fileName' | 'storeUrl' | 'sellerId' | 'keyword' | 'market'
    >,
  ): Promise<TodoRecord> {
    const type = TYPES[tracker.searchType]!;
    const row = await this.todos.insert(manager, {
      id: randomUUID(),
      userEmail: tracker.userEmail,
      searchType: type.searchType,
      fileName: tracker.fileName,
      storeUrl: tracker.storeUrl,
      sellerId: tracker.sellerId,
      keyword: tracker.keyword,
      market: tracker.market,
      ...NO_FILTERS,
      asins: [],
      searchDate: this.clock.now(),
      quotaCounters: [],
      quotaDay: null,
      quotaMonth: null,
      trackerId: tracker.id,
    });
    await this.requestScan(manager, row, row.scanId, type.event, { quotaExempt: true });
    return row;
  }

  /** A tracker needs the plan of its scan type, as a scan does (noStandardPlan | noDeepPlan). */
  needPlanOf(userEmail: string, searchType: 'standard' | 'deep', now: Date): Promise<void> {
    return this.needPlan(userEmail, TYPES[searchType]!.feature, now);
  }

  /** Cancels a running scan at the scraper (a tracker's run when the tracker is deleted). */
  cancelRunning(scanId: string): Promise<void> {
    return this.cancelScan(scanId);
  }

  /** The quota counters one scan of a feature takes. */
  private claimOf(feature: Feature): QuotaClaim {
    return feature === 'deep'
      ? [{ counter: 'deep-day', limit: this.parameters.number('search.deep.dailyLimit') }]
      : [
          { counter: 'standard-month', limit: this.parameters.number('search.standard.monthlyLimit') },
          { counter: 'standard-day', limit: this.parameters.number('search.standard.dailyLimit') },
        ];
  }

  /**
   * A batch (issue 19): every store line checked first (a bad line is named, nothing created), the
   * plan, then in ONE transaction the quota for the whole batch (all or none: short of it, the
   * answer says how many are left) and one todo and ScanRequested per store.
   */
  async createBatch(req: searchV1.CreateBatchRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const type = TYPES[req.searchType.toLowerCase()];
    const violations = batchViolations(req);
    const market = soldMarket(req.market.trim());
    if (violations.length || !type || type.feature === 'functional' || !market) throw invalid(violations);
    const now = this.clock.now();
    await this.needPlan(userEmail, type.feature, now);
    const claim = this.claimOf(type.feature);
    const urls = req.storeUrls.map((u) => u.trim());
    const batch = {
      id: randomUUID(),
      userEmail,
      searchType: type.searchType,
      fileName: req.fileName.trim(),
      market: market.code,
      keyword: req.keyword.trim() || null,
      createdAt: now,
    };
    await this.dataSource.transaction(async (manager) => {
      const periods = await this.quota.periods(now, manager);
      const left = await this.quota.left(manager, userEmail, claim, periods);
      if (left < urls.length)
        throw new BusError('RESOURCE_EXHAUSTED', 'batchQuotaExceeded', {
          reason: 'batchQuotaExceeded',
          detail: String(left),
        });
      await this.batches.insert(manager, batch);
      for (const [seq, storeUrl] of urls.entries()) {
        await this.quota.take(manager, userEmail, claim, periods, now);
        const { sellerId, keyword: urlKeyword } = parseStoreUrl(storeUrl);
        const row = await this.todos.insert(manager, {
          id: randomUUID(),
          userEmail,
          searchType: type.searchType,
          fileName: `${batch.fileName} ${seq + 1}`,
          storeUrl,
          sellerId,
          keyword: batch.keyword || urlKeyword || null,
          market: market.code,
          ...NO_FILTERS,
          asins: [],
          searchDate: now,
          quotaCounters: claim.map((c) => c.counter),
          quotaDay: periods.day,
          quotaMonth: periods.month,
          batch: { id: batch.id, seq },
        });
        await this.requestScan(manager, row, row.scanId, type.event);
      }
    });
    this.outbox.nudge();
    return { batch: await this.batchMessage(batch) };
  }

  /** A batch of the user's with its scans and their combined progress. */
  async getBatch(req: searchV1.GetBatchRequest) {
    const batch = await this.batches.get(req.id, normalizeEmail(req.userEmail));
    if (!batch) throw new BusError('NOT_FOUND', 'batchNotFound', { reason: 'batchNotFound' });
    return { batch: await this.batchMessage(batch) };
  }

  /** A page of the user's batches, newest first, each as getBatch gives it, with the total. */
  async listBatches(req: searchV1.ListBatchesRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const size = Math.min(Math.max(req.size || 20, 1), 100);
    const { rows, total } = await this.batches.list(userEmail, Math.max(req.page, 0), size);
    const todos = rows.length
      ? await this.todos.ofBatches(
          rows.map((b) => b.id),
          userEmail,
        )
      : [];
    return {
      batches: rows.map((b) =>
        this.batchOf(
          b,
          todos.filter((t) => t.batchId === b.id),
        ),
      ),
      total,
    };
  }

  /**
   * For a page of a batch's ASINs: how many of its scans carry each and which lists it first (the
   * union .txt keeps an ASIN at its first scan; the table's "stores carrying it"). Each scan's ASINs
   * are where DownloadPage reads them: a stored result here, else the scraper's list (CountScanAsins),
   * so the counts match the pages the download streams. Needs an active plan, as the downloads.
   */
  async countBatchAsins(req: searchV1.CountBatchAsinsRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const batch = await this.batches.get(req.id, userEmail);
    if (!batch) throw new BusError('NOT_FOUND', 'batchNotFound', { reason: 'batchNotFound' });
    await this.needActivePlan(userEmail);
    if (req.asins.length > 10_000) throw invalid([{ field: 'asins', msg: 'asinTooMany' }]);
    const todos = await this.todos.ofBatches([batch.id], userEmail);
    const asins = [...new Set(req.asins)];
    if (!asins.length || !todos.length) return { counts: [] };
    const stored = todos.filter((t) => t.resultStored);
    const live = todos.filter((t) => !t.resultStored);
    const seq = new Map(todos.map((t, i) => [t.id, i]));
    const found = new Map<string, { stores: number; first: number }>();
    const add = (rows: { asin: string; scans: number; first: number }[], of: TodoRecord[]) => {
      for (const r of rows) {
        const first = seq.get(of[r.first]!.id)!;
        const had = found.get(r.asin);
        found.set(r.asin, {
          stores: (had?.stores ?? 0) + r.scans,
          first: had ? Math.min(had.first, first) : first,
        });
      }
    };
    if (stored.length)
      add(
        await this.todos.carriers(
          stored.map((t) => t.id),
          asins,
        ),
        stored,
      );
    if (live.length) {
      const r = await this.bus.request(ScraperService.method.countScanAsins, {
        scanIds: live.map((t) => t.scanId),
        asins,
      });
      add(r.asins, live);
    }
    return {
      counts: asins.flatMap((asin) => {
        const f = found.get(asin);
        return f ? [{ asin, stores: f.stores, firstScanId: todos[f.first]!.id }] : [];
      }),
    };
  }

  private async batchMessage(batch: BatchRecord) {
    return this.batchOf(batch, await this.todos.ofBatches([batch.id], batch.userEmail));
  }

  /** A batch with its scans (in line order) as the contract's Batch: the combined progress. */
  private batchOf(batch: BatchRecord, todos: TodoRecord[]) {
    const finished = todos.filter((t) => !RUNNING.includes(t.status)).length;
    const share = (t: TodoRecord) => (RUNNING.includes(t.status) ? (t.progressPercent ?? 0) : 100);
    return {
      id: batch.id,
      searchType: batch.searchType,
      market: batch.market,
      fileName: batch.fileName,
      keyword: batch.keyword ?? undefined,
      createdAt: batch.createdAt.toISOString(),
      todos: todos.map((t) => toTodoMessage(t)),
      asinsFound: todos.reduce((n, t) => n + t.asinCount, 0),
      finished,
      percent: todos.length ? Math.floor(todos.reduce((n, t) => n + share(t), 0) / todos.length) : 100,
    };
  }

  /** A new scan with the inputs of one of the user's todos. */
  async rerun(req: TodoRef) {
    const t = await this.owned(req.id, req.userEmail);
    if (t.searchType === 'asinCheck')
      return this.createAsinCheck({
        userEmail: t.userEmail,
        fileName: t.fileName,
        market: t.market,
        asins: t.asins.join('\n'),
      } as searchV1.CreateAsinCheckRequest);
    const functional = t.searchType === 'FUNCTIONAL';
    return this.create({
      userEmail: t.userEmail,
      searchType: t.searchType.toLowerCase(),
      fileName: t.fileName,
      storeUrl: t.storeUrl ?? '',
      market: t.market,
      keyword: t.keyword ?? '',
      categories: t.categories,
      filters: functional ? functionalFilters(t) : undefined,
    } as searchV1.CreateScanRequest);
  }

  async get(req: TodoRef) {
    return { todo: toTodoMessage(await this.owned(req.id, req.userEmail)) };
  }

  async list(req: searchV1.ListTodosRequest) {
    const size = Math.min(Math.max(req.size || 20, 1), 100);
    const page = Math.max(req.page, 0);
    const type = req.searchType ? TYPES[req.searchType.toLowerCase()]?.searchType : undefined;
    const { rows, total } = await this.todos.list(
      {
        // The admin list (all users) may be narrowed to one user.
        userEmail: req.allUsers
          ? normalizeEmail(req.filterUserEmail) || undefined
          : normalizeEmail(req.userEmail),
        state: (STATES as readonly string[]).includes(req.state) ? (req.state as TodoState) : undefined,
        searchType: type ?? (req.searchType === 'asinCheck' ? 'asinCheck' : undefined),
        status: (req.status || undefined) as TodoRecord['status'] | undefined,
        market: req.market ? req.market.toUpperCase() : undefined,
        q: req.q.trim() || undefined,
        from: req.from || undefined,
        to: req.to || undefined,
      },
      page,
      size,
    );
    return { todos: rows.map((t) => toTodoMessage(t, req.allUsers)), total };
  }

  /**
   * Files todos in a column: 'archived', or back to the column its status gives. Anything else is
   * refused for all of them ('stateNotAllowed'); an id that is not the user's is a 404.
   */
  async move(req: searchV1.MoveTodosRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const target = req.state as TodoState;
    if (!(STATES as readonly string[]).includes(target))
      throw invalid([{ field: 'state', msg: 'stateNotAllowed' }]);
    const ids = [...new Set(req.ids)];
    await this.dataSource.transaction(async (manager) => {
      const found = await this.todos.lockMany(manager, ids, userEmail);
      if (found.length !== ids.length) throw notFound();
      if (target === 'archived') return this.todos.setArchived(manager, ids, true);
      if (found.some((t) => stateOfStatus(t.status) !== target))
        throw invalid([{ field: 'state', msg: 'stateNotAllowed' }]);
      await this.todos.setArchived(manager, ids, false);
    });
    return { moved: ids.length };
  }

  /** Deletes one of the user's todos (not a tracker's run); a running scan is cancelled first. */
  async delete(req: TodoRef) {
    const t = await this.owned(req.id, req.userEmail);
    // A tracker's run is deleted with its tracker (a run left open would block the next ones).
    if (t.trackerId) throw notFound();
    if (RUNNING.includes(t.status)) await this.cancelScan(t.scanId);
    await this.dataSource.transaction((m) => this.todos.softDelete(m, t.id, this.clock.now()));
    return {};
  }

  /**
   * One page of a scan's ASINs: the stored result, or the scraper's list so far (a running,
   * cancelled or failed scan). Needs an active plan.
   */
  async downloadPage(req: searchV1.DownloadPageRequest) {
    const t = await this.owned(req.id, req.userEmail);
    await this.needActivePlan(t.userEmail);
    const limit = req.limit > 0 ? Math.min(req.limit, 10_000) : 5_000;
    const offset = Math.max(req.offset, 0);
    let asins: string[];
    if (t.resultStored) asins = await this.todos.resultPage(t.id, offset, limit);
    else {
      const page = await this.bus
        .request(ScraperService.method.listScanAsins, { scanId: t.scanId, offset, limit })
        .catch((err: unknown) => {
          if (err instanceof BusError && err.code === 'NOT_FOUND') return { asins: [] as string[] };
          throw err;
        });
      asins = page.asins;
    }
    return { asins, fileName: t.fileName, done: asins.length < limit };
  }

  /**
   * One page of a store scan's items for the .csv and .xlsx downloads: what the scraper saw of
   * each ASIN, in the order of the .txt. A scan the scraper no longer knows falls back to the
   * stored ASINs without facts. An ASIN check has none (its table is ListAsinCheck). Needs an
   * active plan.
   */
  async downloadItems(req: searchV1.DownloadItemsRequest) {
    const t = await this.owned(req.id, req.userEmail);
    await this.needActivePlan(t.userEmail);
    const limit = req.limit > 0 ? Math.min(req.limit, 5_000) : 1_000;
    const offset = Math.max(req.offset, 0);
    let items: scraperV1.ScanItem[] | { asin: string }[] = [];
    if (t.searchType !== 'asinCheck') {
      const page = await this.bus
        .request(ScraperService.method.listScanItems, { scanId: t.scanId, offset, limit })
        .catch((err: unknown) => {
          if (err instanceof BusError && err.code === 'NOT_FOUND') return undefined;
          throw err;
        });
      items = page
        ? page.items
        : t.resultStored
          ? (await this.todos.resultPage(t.id, offset, limit)).map((asin) => ({ asin }))
          : [];
    }
    return {
      items,
      fileName: t.fileName,
      market: t.market,
      searchType: t.searchType,
      done: items.length < limit,
    };
  }

  async quotaOf(req: searchV1.GetQuotaRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const now = this.clock.now();
    // The periods are known without a query for the rest of the Istanbul day: plans and usage at once.
    const features = this.plans.activeFeatures(userEmail, now);
    features.catch(() => undefined);
    const periods = await this.quota.periods(now);
    const used = await this.quota.usage(userEmail, periods);
    const active = await features;
    const n = (key: string) => this.parameters.number(key);
    return {
      plans: {
        standard: active.has('standard'),
        deep: active.has('deep'),
        functional: active.has('functional'),
      },
      standardDayUsed: used['standard-day'],
      standardDayLimit: n('search.standard.dailyLimit'),
      standardMonthUsed: used['standard-month'],
      standardMonthLimit: n('search.standard.monthlyLimit'),
      deepDayUsed: used['deep-day'],
      deepDayLimit: n('search.deep.dailyLimit'),
      listLimit: n('search.listLimit'),
      nextDayAt: periods.nextDayAt.toISOString(),
    };
  }

  /**
   * A page of an ASIN check's table: the stored copy of a completed check, or the rows the scraper
   * has checked so far. A download needs an active plan, as the .txt does.
   */
  async listAsinCheck(req: searchV1.ListAsinCheckRequest) {
    const t = await this.owned(req.id, req.userEmail);
    if (t.searchType !== 'asinCheck') throw notFound();
    if (req.forDownload) await this.needActivePlan(t.userEmail);
    const limit = req.limit > 0 ? Math.min(req.limit, 1_000) : ASIN_CHECK_PAGE;
    const offset = Math.max(req.offset, 0);
    let page: { rows: Omit<AsinCheckRecord, 'seq'>[]; total: number };
    if (t.resultStored) page = await this.todos.asinCheckPage(t.id, offset, limit);
    else {
      const r = await this.bus
        .request(ScraperService.method.listAsinCheckItems, { scanId: t.scanId, offset, limit })
        .catch((err: unknown) => {
          if (err instanceof BusError && err.code === 'NOT_FOUND') return { items: [], total: 0 };
          throw err;
        });
      page = { rows: r.items.map(asinCheckRecordOf), total: r.total };
    }
    return {
      rows: page.rows.map(asinCheckMessageOf),
      total: page.total,
      fileName: t.fileName,
      market: t.market,
      done: page.rows.length < limit,
    };
  }

  /**
   * The wait before a store scan ends, from the engine's model for that store (the scraper probes
   * its first page). The store link is checked as for a scan; when the store cannot be probed now
   * the answer is eta_seconds -1 (the screen shows the product's general wait instead).
   *
   * A probe reads the marketplace, so (issue 20) it needs the plan of the scan type, as creating
   * the scan does, and each user gets `search.estimate.hourlyLimit` estimates a clock hour
   * (429 estimateTooMany, back at the next hour).
   */
  async estimate(req: searchV1.EstimateScanRequest) {
    const type = TYPES[req.searchType.toLowerCase()];
    const market = soldMarket(req.market.trim());
    const violations = estimateViolations(req);
    if (violations.length || !type || !market) throw invalid(violations);
    const userEmail = normalizeEmail(req.userEmail);
    const now = this.clock.now();
    await this.needPlan(userEmail, type.feature, now);
    await this.quota.takeEstimate(userEmail, this.parameters.number('search.estimate.hourlyLimit'), now);
    const ref = parseStoreUrl(req.storeUrl.trim());
    const sellerId = ref.sellerId;
    const keyword = req.keyword.trim() || ref.keyword || '';
    const unknown = {
      etaSeconds: -1,
      pages: 0,
      reportedTotal: 0,
      reportedTotalIsLowerBound: false,
      maxEtaSeconds: 0,
      maxPages: 0,
      countedTotal: 0,
      countedTotalIsLowerBound: false,
    };
    const e = await this.bus
      .request(ScraperService.method.estimateScan, {
        market: market.code,
        sellerId,
        type: type.event,
        keyword,
        categoryNodeIds: req.categories.filter((c) => /^\d{1,20}$/.test(c) && c !== '1'),
      })
      .catch(() => undefined);
    if (!e) return unknown;
    return {
      etaSeconds: e.etaSeconds,
      pages: e.pages,
      reportedTotal: e.reportedTotal,
      reportedTotalIsLowerBound: e.reportedTotalIsLowerBound,
      maxEtaSeconds: e.maxEtaSeconds,
      maxPages: e.maxPages,
      countedTotal: e.countedTotal,
      countedTotalIsLowerBound: e.countedTotalIsLowerBound,
    };
  }

  /** ROLE_ADMIN: cancel a pending or running scan; re-queue a failed one (under a new scraper job id). */
  async changeStatus(req: searchV1.ChangeStatusRequest) {
    const t = await this.todos.get(req.id);
    if (!t) throw notFound();
    if (req.status === 'CANCELED') {
      if (!RUNNING.includes(t.status)) throw invalid([{ field: 'status', msg: 'statusChangeNotAllowed' }]);
      await this.cancelScan(t.scanId);
      return this.get({ id: t.id, userEmail: t.userEmail });
    }
    if (req.status === 'PENDING') {
      if (t.status !== 'FAILED') throw invalid([{ field: 'status', msg: 'statusChangeNotAllowed' }]);
      const updated = await this.dataSource.transaction(async (manager) => {
        const scanId = randomUUID();
        const row = await this.todos.update(manager, t.id, {
          scan_id: scanId,
          status: 'PENDING',
          failure_reason: null,
          failure_code: null,
          search_complete_date: null,
          asin_count: 0,
          pages_fetched: 0,
          eta_seconds: null,
          started_at: null,
          progress_percent: null,
        });
        await this.requestScan(manager, row, scanId, eventTypeOf(t), { quotaExempt: true });
        return row;
      });
      this.outbox.nudge();
      return { todo: toTodoMessage(updated) };
    }
    throw invalid([{ field: 'status', msg: 'statusChangeNotAllowed' }]);
  }

  /** Each scan type (and its estimate) needs its plan feature: 403 noStandardPlan | noDeepPlan | noFunctionalPlan. */
  private async needPlan(userEmail: string, feature: Feature, now: Date): Promise<void> {
    const features = await this.plans.activeFeatures(userEmail, now);
    if (!features.has(feature))
      throw new BusError('FAILED_PRECONDITION', NO_PLAN[feature], { reason: NO_PLAN[feature] });
  }

  /** Downloads need an active plan (any feature). */
  private async needActivePlan(userEmail: string): Promise<void> {
    const features = await this.plans.activeFeatures(userEmail, this.clock.now());
    if (features.size === 0)
      throw new BusError('FAILED_PRECONDITION', 'noActivePlanForDownload', {
        reason: 'noActivePlanForDownload',
      });
  }

  private async owned(id: string, userEmail: string): Promise<TodoRecord> {
    const t = await this.todos.get(id, normalizeEmail(userEmail));
    if (!t) throw notFound();
    return t;
  }

  /** CancelScan to the scraper; a job it does not know (not yet enqueued) is cancelled when it starts. */
  private async cancelScan(scanId: string): Promise<void> {
    await this.bus.request(ScraperService.method.cancelScan, { scanId }).catch((err: unknown) => {
      if (!(err instanceof BusError && err.code === 'NOT_FOUND')) throw err;
    });
  }

  private async requestScan(
    manager: EntityManager,
    t: TodoRecord,
    scanId: string,
    type: string,
    { quotaExempt = false }: { quotaExempt?: boolean } = {},
  ) {
    const functional = t.searchType === 'FUNCTIONAL';
    await addToOutbox(manager, scraperEventsV1.ScanRequestedSchema, {
      scanId,
      userEmail: t.userEmail,
      market: t.market,
      sellerId: t.sellerId ?? '',
      type,
      keyword: t.keyword ?? '',
      filters: functional
        ? {
            amazonChoice: t.amazonChoice ? true : undefined,
            bestSeller: t.bestSeller ? true : undefined,
            minStar: t.minStar ?? undefined,
            maxStar: t.maxStar ?? undefined,
            minPrice: t.minPrice ?? undefined,
            maxPrice: t.maxPrice ?? undefined,
          }
        : undefined,
      listLimit: this.parameters.number('search.listLimit'),
      fileName: t.fileName,
      asins: t.asins,
      // "All Categories" (node 1) is no restriction.
      categoryNodeIds: t.categories.filter((c) => c !== '1'),
      quotaExempt,
      tracked: t.trackerId !== null,
    });
  }
}
