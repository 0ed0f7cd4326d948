import { isUuid } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TodoStatus } from '../todos/todo.repository.js';
import type { KnownAsin, SeenTiles } from './tracker-diff.js';

export type TrackerSchedule = 'daily' | 'weekly';

export interface TrackerRecord {
  id: string;
  userEmail: string;
  storeUrl: string;
  sellerId: string;
  market: string;
  searchType: 'standard' | 'deep';
  keyword: string | null;
  fileName: string;
  schedule: TrackerSchedule;
  hour: number;
  weekday: number | null;
  paused: boolean;
  alerts: { email: boolean; webhook: boolean; telegram: boolean };
  createdAt: Date;
  nextRunAt: Date | null;
}

/** The inputs of a tracker (create and edit). */
export type TrackerInput = Omit<TrackerRecord, 'id' | 'userEmail' | 'createdAt' | 'nextRunAt' | 'paused'>;

export interface TrackerRunRecord {
  id: string;
  trackerId: string;
  todoId: string;
  status: TodoStatus;
  startedAt: Date;
  finishedAt: Date | null;
  coverage: number | null;
  complete: boolean;
  baseline: boolean;
  found: number;
  added: string[];
  removed: string[];
  notSeen: number;
  aboveLimit: boolean;
  stoppedAtListLimit: boolean;
}

/** A tracker with what its page shows at a glance. */
export interface TrackerSummary extends TrackerRecord {
  running: boolean;
  present: number;
  ever: number;
  lastRun: TrackerRunRecord | null;
}

export interface TrackerAsinRecord {
  asin: string;
  title: string;
  firstSeen: Date;
  lastSeen: Date;
  present: boolean;
}

type Row = Record<string, unknown>;

function toTracker(r: Row): TrackerRecord {
  return {
    id: r.id as string,
    userEmail: r.user_email as string,
    storeUrl: r.store_url as string,
    sellerId: r.seller_id as string,
    market: r.market as string,
    searchType: r.search_type as TrackerRecord['searchType'],
    keyword: (r.keyword as string | null) ?? null,
    fileName: r.file_name as string,
    schedule: r.schedule as TrackerSchedule,
    hour: Number(r.hour),
    weekday: r.weekday === null ? null : Number(r.weekday),
    paused: r.paused as boolean,
    alerts: {
      email: r.alert_email as boolean,
      webhook: r.alert_webhook as boolean,
      telegram: r.alert_telegram as boolean,
    },
    createdAt: r.created_at as Date,
    nextRunAt: (r.next_run_at as Date | null) ?? null,
  };
}

function toRun(r: Row): TrackerRunRecord {
  return {
    id: r.id as string,
    trackerId: r.tracker_id as string,
    todoId: r.todo_id as string,
    status: r.status as TodoStatus,
    startedAt: r.started_at as Date,
    finishedAt: (r.finished_at as Date | null) ?? null,
    coverage: r.coverage === null ? null : Number(r.coverage),
    complete: r.complete as boolean,
    baseline: r.baseline as boolean,
    found: r.found as number,
    added: r.added as string[],
    removed: r.removed as string[],
    notSeen: r.not_seen as number,
    aboveLimit: r.above_limit as boolean,
    stoppedAtListLimit: r.stopped_at_list_limit as boolean,
  };
}

/** The columns of what a user chose for a tracker, in the order of `inputValues`. */
const INPUT_COLUMNS = [
  'store_url',
  'seller_id',
  'market',
  'search_type',
  'keyword',
  'file_name',
  'schedule',
  'hour',
  'weekday',
  'alert_email',
  'alert_webhook',
  'alert_telegram',
];

const inputValues = (t: TrackerInput): unknown[] => [
  t.storeUrl,
  t.sellerId,
  t.market,
  t.searchType,
  t.keyword,
  t.fileName,
  t.schedule,
  t.hour,
  t.weekday,
  t.alerts.email,
  t.alerts.webhook,
  t.alerts.telegram,
];

const placeholders = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');

const RUN_SELECT = `SELECT r.*, t.status FROM tracker_run r JOIN todo t ON t.id = r.todo_id`;

/** Trackers, their runs and the ASINs they have seen, in PostgreSQL (schema search). */
@Injectable()
export class TrackerRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(
    m: EntityManager,
    t: TrackerInput & { id: string; userEmail: string; createdAt: Date; nextRunAt: Date },
  ): Promise<void> {
    await m.query(
      `INSERT INTO tracker (id, user_email, ${INPUT_COLUMNS.join(', ')}, created_at, next_run_at)
       VALUES (${placeholders(INPUT_COLUMNS.length + 4)})`,
      [t.id, t.userEmail, ...inputValues(t), t.createdAt, t.nextRunAt],
    );
  }

  /** Replaces a tracker's inputs; the next run is due at `nextRunAt` (null while paused). */
  async update(m: EntityManager, id: string, t: TrackerInput, nextRunAt: Date | null): Promise<void> {
    const set = [...INPUT_COLUMNS, 'next_run_at'].map((c, i) => `${c} = $${i + 2}`).join(', ');
    await m.query(`UPDATE tracker SET ${set} WHERE id = $1`, [id, ...inputValues(t), nextRunAt]);
  }

  async setPaused(m: EntityManager, id: string, paused: boolean, nextRunAt: Date | null): Promise<void> {
    await m.query('UPDATE tracker SET paused = $2, next_run_at = $3 WHERE id = $1', [id, paused, nextRunAt]);
  }

  async setNextRun(m: EntityManager, id: string, nextRunAt: Date | null): Promise<void> {
    await m.query('UPDATE tracker SET next_run_at = $2 WHERE id = $1', [id, nextRunAt]);
  }

  /** A user's tracker (locked with `lock`), or undefined. */
  async get(
    id: string,
    userEmail: string,
    m: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<TrackerRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: Row[] = await m.query(
      `SELECT * FROM tracker WHERE id = $1 AND user_email = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, userEmail],
    );
    return rows[0] ? toTracker(rows[0]) : undefined;
  }

  /**
   * Up to `limit` trackers due at `now` (not paused), locked for the caller's transaction; trackers
   * another replica is claiming are skipped (FOR UPDATE SKIP LOCKED), so each is claimed once.
   */
  async claimDue(m: EntityManager, now: Date, limit: number): Promise<TrackerRecord[]> {
    const rows: Row[] = await m.query(
      `SELECT * FROM tracker WHERE NOT paused AND next_run_at <= $1
        ORDER BY next_run_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map(toTracker);
  }

  /** A tracker by id, locked (a finishing run serialises on it). */
  async lock(m: EntityManager, id: string): Promise<TrackerRecord | undefined> {
    const rows: Row[] = await m.query('SELECT * FROM tracker WHERE id = $1 FOR UPDATE', [id]);
    return rows[0] ? toTracker(rows[0]) : undefined;
  }

  /** How many trackers a user has, counted under a per-user lock held until the transaction ends. */
  async countLocked(m: EntityManager, userEmail: string): Promise<number> {
    // A transaction-scoped advisory lock per user: two creations at once count one after the other.
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tracker:${userEmail}`]);
    const rows: { n: string }[] = await m.query('SELECT count(*) AS n FROM tracker WHERE user_email = $1', [
      userEmail,
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  async list(userEmail: string): Promise<TrackerSummary[]> {
    const rows: Row[] = await this.dataSource.query(
      'SELECT * FROM tracker WHERE user_email = $1 ORDER BY created_at, id',
      [userEmail],
    );
    return Promise.all(rows.map((r) => this.summaryOf(toTracker(r))));
  }

  async summaryOf(t: TrackerRecord): Promise<TrackerSummary> {
    const [counts]: { present: string; ever: string }[] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE present) AS present, count(*) AS ever FROM tracker_asin WHERE tracker_id = $1`,
      [t.id],
    );
    const runs: Row[] = await this.dataSource.query(
      `${RUN_SELECT} WHERE r.tracker_id = $1
        ORDER BY r.started_at DESC, r.finished_at DESC NULLS FIRST, r.id LIMIT 1`,
      [t.id],
    );
    const lastRun = runs[0] ? toRun(runs[0]) : null;
    return {
      ...t,
      running: lastRun !== null && lastRun.finishedAt === null,
      present: Number(counts?.present ?? 0),
      ever: Number(counts?.ever ?? 0),
      lastRun,
    };
  }

  /** The ASINs a tracker has seen, forgotten (its store changed: the next run is a baseline). */
  async forgetAsins(m: EntityManager, id: string): Promise<void> {
    await m.query('DELETE FROM tracker_asin WHERE tracker_id = $1', [id]);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query('DELETE FROM tracker WHERE id = $1', [id]);
  }

  /** Starts a run; false when one is already running (the unique index on unfinished runs). */
  async insertRun(
    m: EntityManager,
    run: { id: string; trackerId: string; todoId: string; startedAt: Date },
  ): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO tracker_run (id, tracker_id, todo_id, started_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tracker_id) WHERE finished_at IS NULL DO NOTHING RETURNING id`,
      [run.id, run.trackerId, run.todoId, run.startedAt],
    );
    return rows.length === 1;
  }

  /** The unfinished run of a todo, if any. */
  async openRunOfTodo(m: EntityManager, todoId: string): Promise<TrackerRunRecord | undefined> {
    const rows: Row[] = await m.query(`${RUN_SELECT} WHERE r.todo_id = $1 AND r.finished_at IS NULL`, [
      todoId,
    ]);
    return rows[0] ? toRun(rows[0]) : undefined;
  }

  /** The latest finished run of a tracker before `runId`. */
  async previousFinished(m: EntityManager, trackerId: string): Promise<TrackerRunRecord | undefined> {
    const rows: Row[] = await m.query(
      `${RUN_SELECT} WHERE r.tracker_id = $1 AND r.finished_at IS NOT NULL
        ORDER BY r.finished_at DESC, r.id LIMIT 1`,
      [trackerId],
    );
    return rows[0] ? toRun(rows[0]) : undefined;
  }

  async known(m: EntityManager, trackerId: string): Promise<Map<string, KnownAsin>> {
    const rows: { asin: string; present: boolean; unpriced: boolean }[] = await m.query(
      'SELECT asin, present, unpriced FROM tracker_asin WHERE tracker_id = $1',
      [trackerId],
    );
    return new Map(rows.map((r) => [r.asin, { present: r.present, unpriced: r.unpriced }]));
  }

  /**
   * What a run saw is present (first seen now when new); what it removed is no longer present. The
   * tiles' titles and whether they showed a price are kept when the run read them (`tiles`; a failed
   * run's partial list has none, and what is known stays).
   */
  async applyRun(
    m: EntityManager,
    trackerId: string,
    seen: readonly string[],
    tiles: SeenTiles | undefined,
    removed: readonly string[],
    at: Date,
  ): Promise<void> {
    const read = tiles !== undefined;
    await m.query(
      `INSERT INTO tracker_asin (tracker_id, asin, title, first_seen, last_seen, present, unpriced)
       SELECT $1, a.asin, a.title, $4, $4, true, $5 AND a.unpriced
         FROM unnest($2::text[], $3::text[], $6::boolean[]) AS a(asin, title, unpriced)
       ON CONFLICT (tracker_id, asin) DO UPDATE
         SET last_seen = EXCLUDED.last_seen, present = true,
             title = CASE WHEN EXCLUDED.title <> '' THEN EXCLUDED.title ELSE tracker_asin.title END,
             unpriced = CASE WHEN $5 THEN EXCLUDED.unpriced ELSE tracker_asin.unpriced END`,
      [
        trackerId,
        seen,
        seen.map((a) => tiles?.titles.get(a) ?? ''),
        at,
        read,
        seen.map((a) => tiles?.unpriced.has(a) ?? false),
      ],
    );
    if (removed.length)
      await m.query('UPDATE tracker_asin SET present = false WHERE tracker_id = $1 AND asin = ANY($2)', [
        trackerId,
        removed,
      ]);
  }

  /** The titles the tracker keeps for these ASINs. */
  async titles(m: EntityManager, trackerId: string, asins: readonly string[]): Promise<Map<string, string>> {
    const rows: { asin: string; title: string }[] = await m.query(
      'SELECT asin, title FROM tracker_asin WHERE tracker_id = $1 AND asin = ANY($2)',
      [trackerId, asins],
    );
    return new Map(rows.map((r) => [r.asin, r.title]));
  }

  async finishRun(
    m: EntityManager,
    runId: string,
    r: Pick<
      TrackerRunRecord,
      | 'finishedAt'
      | 'coverage'
      | 'complete'
      | 'baseline'
      | 'found'
      | 'added'
      | 'removed'
      | 'notSeen'
      | 'aboveLimit'
      | 'stoppedAtListLimit'
    >,
  ): Promise<void> {
    await m.query(
      `UPDATE tracker_run SET finished_at = $2, coverage = $3, complete = $4, baseline = $5, found = $6,
              added = $7, removed = $8, not_seen = $9, above_limit = $10, stopped_at_list_limit = $11
        WHERE id = $1 AND finished_at IS NULL`,
      [
        runId,
        r.finishedAt,
        r.coverage,
        r.complete,
        r.baseline,
        r.found,
        r.added,
        r.removed,
        r.notSeen,
        r.aboveLimit,
        r.stoppedAtListLimit,
      ],
    );
  }

  /** A tracker's runs, newest first. */
  async runs(trackerId: string): Promise<TrackerRunRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `${RUN_SELECT} WHERE r.tracker_id = $1 ORDER BY r.started_at DESC, r.finished_at DESC NULLS FIRST, r.id`,
      [trackerId],
    );
    return rows.map(toRun);
  }

  async run(trackerId: string, runId: string): Promise<TrackerRunRecord | undefined> {
    if (!isUuid(runId)) return undefined;
    const rows: Row[] = await this.dataSource.query(`${RUN_SELECT} WHERE r.tracker_id = $1 AND r.id = $2`, [
      trackerId,
      runId,
    ]);
    return rows[0] ? toRun(rows[0]) : undefined;
  }

  /** A page of the ASINs a tracker has seen (present ones first, then by ASIN), with the count. */
  async asinPage(
    trackerId: string,
    present: boolean | undefined,
    page: number,
    size: number,
  ): Promise<{ rows: TrackerAsinRecord[]; total: number }> {
    const params = [trackerId, present ?? null];
    const where = 'tracker_id = $1 AND ($2::boolean IS NULL OR present = $2)';
    const count: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM tracker_asin WHERE ${where}`,
      params,
    );
    const rows: TrackerAsinRecord[] = await this.dataSource.query(
      `SELECT asin, title, first_seen AS "firstSeen", last_seen AS "lastSeen", present
         FROM tracker_asin WHERE ${where}
        ORDER BY present DESC, asin LIMIT $3 OFFSET $4`,
      [...params, size, page * size],
    );
    return { rows, total: Number(count[0]?.n ?? 0) };
  }
}
