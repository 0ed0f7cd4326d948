import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, type Violation } from '@shelfscan/bus';
import { rowsOf } from '@shelfscan/db';
import type { searchV1 } from '@shelfscan/contracts';
import { parseStoreUrl } from '@shelfscan/markets';
import { createLogger } from '@shelfscan/observability';
import { Clock, SystemParameters } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import { soldMarket } from '../catalog/catalog.js';
import { normalizeEmail } from '../plans/plans.repository.js';
import { trackerViolations } from '../todos/scan-rules.js';
import { RUNNING } from '../todos/todo.repository.js';
import { TodosService } from '../todos/todos.service.js';
import { nextRunAfter } from './schedule.js';
import {
  TrackerRepository,
  type TrackerInput,
  type TrackerRecord,
  type TrackerRunRecord,
  type TrackerSummary,
} from './tracker.repository.js';

const log = createLogger('search.trackers');

/** Defaults of a tracker's optional inputs (issue 18's API). */
const DEFAULT_HOUR = 6;
const DEFAULT_WEEKDAY = 1;
/** Due trackers one scheduler pass starts at most (the next pass takes the rest). */
const CLAIM_BATCH = 50;

const notFound = () => new BusError('NOT_FOUND', 'searchNotFound', { reason: 'searchNotFound' });

function invalid(violations: (Violation & { reason?: string })[]): BusError {
  return new BusError('INVALID_ARGUMENT', violations[0]!.msg, {
    reason: violations[0]!.reason ?? violations[0]!.msg,
    violations: violations.map(({ field, msg }) => ({ field, msg })),
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

function runMessage(r: TrackerRunRecord) {
  return {
    id: r.id,
    scanId: r.todoId,
    status: r.status,
    startedAt: r.startedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    coverage: r.coverage ?? undefined,
    complete: r.complete,
    baseline: r.baseline,
    found: r.found,
    added: r.added,
    removed: r.removed,
    notSeen: r.notSeen,
    aboveLimit: r.aboveLimit,
  };
}

function trackerMessage(t: TrackerSummary) {
  return {
    id: t.id,
    storeUrl: t.storeUrl,
    market: t.market,
    searchType: t.searchType,
    keyword: t.keyword ?? undefined,
    fileName: t.fileName,
    schedule: t.schedule,
    hour: t.hour,
    weekday: t.weekday ?? undefined,
    paused: t.paused,
    alertEmail: t.alerts.email,
    alertWebhook: t.alerts.webhook,
    alertTelegram: t.alerts.telegram,
    createdAt: t.createdAt.toISOString(),
    nextRunAt: iso(t.nextRunAt),
    running: t.running,
    present: t.present,
    ever: t.ever,
    lastRun: t.lastRun ? runMessage(t.lastRun) : undefined,
  };
}

/** A tracker's label when the user gave none: the market, the seller id and the keyword. */
export function defaultTrackerName(market: string, sellerId: string, keyword: string | null): string {
  return [market, sellerId, keyword].filter(Boolean).join(' ');
}

/**
 * Trackers (issue 18): a user's watch list of stores, each scanned again on its schedule through the
 * same durable scan jobs as a manual scan (`TodosService.startTrackedScan`); limits are the system
 * parameters `tracking.maxStores` and `tracking.minInterval`.
 */
@Injectable()
export class TrackersService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TrackerRepository) private readonly trackers: TrackerRepository,
    @Inject(TodosService) private readonly todos: TodosService,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  async create(req: searchV1.CreateTrackerRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    const input = await this.inputOf(userEmail, req.input);
    const id = randomUUID();
    const now = this.clock.now();
    await this.dataSource.transaction(async (m) => {
      const count = await this.trackers.countLocked(m, userEmail);
      if (count >= this.parameters.number('tracking.maxStores'))
        throw invalid([{ field: 'storeUrl', msg: 'trackerLimit' }]);
      await this.trackers.insert(m, {
        ...input,
        id,
        userEmail,
        createdAt: now,
        nextRunAt: nextRunAfter(now, input.schedule, input.hour, input.weekday),
      });
    });
    return this.get({ userEmail, id });
  }

  /**
   * The whole tracker again; its runs stay, the next run follows the new schedule. Another store
   * (seller id, market or keyword) starts from a new baseline.
   */
  async update(req: searchV1.UpdateTrackerRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    await this.owned(req.id, userEmail);
    const input = await this.inputOf(userEmail, req.input);
    await this.dataSource.transaction(async (m) => {
      const t = await this.trackers.get(req.id, userEmail, m, true);
      if (!t) throw notFound();
      const next = t.paused
        ? null
        : nextRunAfter(this.clock.now(), input.schedule, input.hour, input.weekday);
      await this.trackers.update(m, t.id, input, next);
      // Another store (seller, market or keyword): what was seen of the old one is no base for a
      // diff; the runs stay in the history and the next run is a new baseline.
      if (t.sellerId !== input.sellerId || t.market !== input.market || t.keyword !== input.keyword)
        await this.trackers.forgetAsins(m, t.id);
    });
    return this.get({ userEmail, id: req.id });
  }

  async list(req: searchV1.ListTrackersRequest) {
    const rows = await this.trackers.list(normalizeEmail(req.userEmail));
    return { trackers: rows.map(trackerMessage) };
  }

  async get(req: { userEmail: string; id: string }) {
    const t = await this.owned(req.id, req.userEmail);
    return { tracker: trackerMessage(await this.trackers.summaryOf(t)) };
  }

  /** Deletes a tracker with its runs and ASINs; its runs' scans are dropped (a running one cancelled). */
  async delete(req: searchV1.DeleteTrackerRequest) {
    const t = await this.owned(req.id, req.userEmail);
    const running: string[] = [];
    await this.dataSource.transaction(async (m) => {
      const scans = rowsOf<{ scan_id: string; status: string }>(
        await m.query(
          `UPDATE todo SET deleted_at = $2 WHERE tracker_id = $1 AND deleted_at IS NULL RETURNING scan_id, status`,
          [t.id, this.clock.now()],
        ),
      );
      running.push(
        ...scans.filter((s) => (RUNNING as readonly string[]).includes(s.status)).map((s) => s.scan_id),
      );
      await m.query(`DELETE FROM todo_asin WHERE todo_id IN (SELECT id FROM todo WHERE tracker_id = $1)`, [
        t.id,
      ]);
      await this.trackers.delete(m, t.id);
    });
    for (const scanId of running)
      await this.todos.cancelRunning(scanId).catch((err: unknown) => {
        log.warn({ scanId, err: (err as Error).message }, 'scan of a deleted tracker not cancelled');
      });
    return {};
  }

  /** Run now: refused (trackerRunning) while a run is going; the schedule is unchanged. */
  async runNow(req: searchV1.RunTrackerRequest) {
    const t = await this.owned(req.id, req.userEmail);
    await this.todos.needPlanOf(t.userEmail, t.searchType, this.clock.now());
    const run = await this.dataSource.transaction(async (m) => {
      const locked = await this.trackers.get(t.id, t.userEmail, m, true);
      if (!locked) throw notFound();
      const started = await this.startRun(m, locked);
      if (!started) throw new BusError('FAILED_PRECONDITION', 'trackerRunning', { reason: 'trackerRunning' });
      return started;
    });
    this.outbox.nudge();
    return { run: runMessage(run) };
  }

  async pause(req: searchV1.PauseTrackerRequest) {
    const userEmail = normalizeEmail(req.userEmail);
    await this.dataSource.transaction(async (m) => {
      const t = await this.trackers.get(req.id, userEmail, m, true);
      if (!t) throw notFound();
      const next = req.paused ? null : nextRunAfter(this.clock.now(), t.schedule, t.hour, t.weekday);
      await this.trackers.setPaused(m, t.id, req.paused, next);
    });
    return this.get({ userEmail, id: req.id });
  }

  async runs(req: searchV1.ListTrackerRunsRequest) {
    const t = await this.owned(req.id, req.userEmail);
    return { runs: (await this.trackers.runs(t.id)).map(runMessage) };
  }

  async run(req: searchV1.GetTrackerRunRequest) {
    const t = await this.owned(req.id, req.userEmail);
    const run = await this.trackers.run(t.id, req.runId);
    if (!run) throw notFound();
    const titles = req.withTitles
      ? await this.trackers.titles(this.dataSource.manager, t.id, [...run.added, ...run.removed])
      : new Map<string, string>();
    return { run: runMessage(run), titles: Object.fromEntries(titles) };
  }

  async asins(req: searchV1.ListTrackerAsinsRequest) {
    const t = await this.owned(req.id, req.userEmail);
    const size = Math.min(Math.max(req.size || 20, 1), 100);
    const page = Math.max(req.page, 0);
    const { rows, total } = await this.trackers.asinPage(t.id, req.present, page, size);
    return {
      asins: rows.map((a) => ({
        asin: a.asin,
        title: a.title,
        firstSeen: a.firstSeen.toISOString(),
        lastSeen: a.lastSeen.toISOString(),
        present: a.present,
      })),
      total,
    };
  }

  /**
   * One scheduler pass: the due trackers (next run at or before the clock's now, not paused) are
   * claimed with FOR UPDATE SKIP LOCKED, so that with several replicas each is taken by one; each
   * gets its next due time counted from now (a run missed while everything was down runs once) and
   * a run, unless one is still going or the user no longer has the plan. Returns the runs started.
   */
  async startDue(): Promise<number> {
    const now = this.clock.now();
    const started = await this.dataSource.transaction(async (m) => {
      let n = 0;
      for (const t of await this.trackers.claimDue(m, now, CLAIM_BATCH)) {
        await this.trackers.setNextRun(m, t.id, nextRunAfter(now, t.schedule, t.hour, t.weekday));
        const allowed = await this.todos.needPlanOf(t.userEmail, t.searchType, now).then(
          () => true,
          () => false,
        );
        if (allowed && (await this.startRun(m, t))) n++;
      }
      return n;
    });
    if (started) this.outbox.nudge();
    return started;
  }

  /** A run and its scan, in the caller's transaction; undefined when a run is still going. */
  private async startRun(m: EntityManager, t: TrackerRecord): Promise<TrackerRunRecord | undefined> {
    const id = randomUUID();
    await m.query('SAVEPOINT tracker_run');
    const todo = await this.todos.startTrackedScan(m, t);
    if (
      !(await this.trackers.insertRun(m, {
        id,
        trackerId: t.id,
        todoId: todo.id,
        startedAt: todo.searchDate,
      }))
    ) {
      await m.query('ROLLBACK TO SAVEPOINT tracker_run');
      return undefined;
    }
    await m.query('RELEASE SAVEPOINT tracker_run');
    return {
      id,
      trackerId: t.id,
      todoId: todo.id,
      status: todo.status,
      startedAt: todo.searchDate,
      finishedAt: null,
      coverage: null,
      complete: false,
      baseline: false,
      found: 0,
      added: [],
      removed: [],
      notSeen: 0,
      aboveLimit: false,
      stoppedAtListLimit: false,
    };
  }

  /** The request's tracker: the shared rules, the market sold, the plan, the schedule limit. */
  private async inputOf(userEmail: string, input: searchV1.TrackerInput | undefined): Promise<TrackerInput> {
    if (!input) throw invalid([{ field: 'storeUrl', msg: 'required' }]);
    const violations = trackerViolations(input);
    const market = soldMarket(input.market.trim());
    if (violations.length || !market) throw invalid(violations);
    const searchType = input.searchType as TrackerInput['searchType'];
    await this.todos.needPlanOf(userEmail, searchType, this.clock.now());
    const schedule = input.schedule as TrackerInput['schedule'];
    if (schedule === 'daily' && this.parameters.number('tracking.minInterval') > 1)
      throw invalid([{ field: 'schedule', msg: 'trackerScheduleTooOften' }]);
    const storeUrl = input.storeUrl.trim();
    const { sellerId, keyword: urlKeyword } = parseStoreUrl(storeUrl);
    const keyword = input.keyword?.trim() || urlKeyword || null;
    return {
      storeUrl,
      sellerId,
      market: market.code,
      searchType,
      keyword,
      fileName: input.fileName?.trim() || defaultTrackerName(market.code, sellerId, keyword),
      schedule,
      hour: input.hour ?? DEFAULT_HOUR,
      weekday: schedule === 'weekly' ? (input.weekday ?? DEFAULT_WEEKDAY) : null,
      alerts: {
        email: input.alertEmail ?? true,
        webhook: input.alertWebhook ?? true,
        telegram: input.alertTelegram ?? true,
      },
    };
  }

  private async owned(id: string, userEmail: string): Promise<TrackerRecord> {
    const t = await this.trackers.get(id, normalizeEmail(userEmail));
    if (!t) throw notFound();
    return t;
  }
}
