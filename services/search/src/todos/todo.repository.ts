import { isUuid, rowsOf } from '@shelfscan/db';
import {
  asinCheckPage,
  insertAsinCheckRecords,
  type AsinCheckPage,
  type AsinCheckRecord,
} from '@shelfscan/asin-check';
import { Inject, Injectable } from '@nestjs/common';
import type { CoverageFacts } from '@shelfscan/contracts';
import { istanbulMidnight } from '@shelfscan/service';
import type { ScanInputs } from '@shelfscan/validation';
import { DataSource, type EntityManager } from 'typeorm';
import type { QuotaCounter } from '../quota/quota.repository.js';

export type SearchType = 'standard' | 'deep' | 'FUNCTIONAL' | 'asinCheck';
export type TodoStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'COMPLETED_PARTIAL' | 'CANCELED' | 'FAILED';
export type TodoState = 'pending' | 'ongoing' | 'completed' | 'archived';

export const STATES: readonly TodoState[] = ['pending', 'ongoing', 'completed', 'archived'];
export const RUNNING: readonly TodoStatus[] = ['PENDING', 'PROCESSING'];

/** The dashboard column a status puts a todo in (unless the user filed it in 'archived'). */
export function stateOfStatus(status: TodoStatus): Exclude<TodoState, 'archived'> {
  if (status === 'PENDING') return 'pending';
  if (status === 'PROCESSING') return 'ongoing';
  return 'completed';
}

const STATUSES_OF_STATE: Record<Exclude<TodoState, 'archived'>, TodoStatus[]> = {
  pending: ['PENDING'],
  ongoing: ['PROCESSING'],
  completed: ['COMPLETED', 'COMPLETED_PARTIAL', 'CANCELED', 'FAILED'],
};

export interface TodoRecord extends ScanInputs {
  id: string;
  scanId: string;
  userEmail: string;
  searchType: SearchType;
  status: TodoStatus;
  archived: boolean;
  searchDate: Date;
  searchCompleteDate: Date | null;
  searchCancelDate: Date | null;
  asinCount: number;
  pagesFetched: number;
  etaSeconds: number | null;
  reportedTotal: number | null;
  coverageLine: string | null;
  /** A finished scan's coverage facts, ScanCompleted.coverage (null before the scraper sent them, and while running). */
  coverage: CoverageFacts | null;
  failureReason: string | null;
  failureCode: string | null;
  resultStored: boolean;
  quotaCounters: QuotaCounter[];
  quotaDay: string | null;
  quotaMonth: string | null;
  refunded: boolean;
  /** ASIN checks: the ASINs asked for, in order. */
  asins: string[];
  /** When a worker first took the scan. */
  startedAt: Date | null;
  /** The share of the scan done, 0–100, from the last progress event; null when unknown. */
  progressPercent: number | null;
  /** The store said only "over <reportedTotal>". */
  reportedTotalLowerBound: boolean;
  /** A tracker's run (issue 18): the tracker that started it. */
  trackerId: string | null;
  /** A batch's scan (issue 19): its batch. */
  batchId: string | null;
}

/** One row of an ASIN check's table. */
export type { AsinCheckRecord };

export type NewTodo = Pick<
  TodoRecord,
  | 'id'
  | 'userEmail'
  | 'searchType'
  | 'fileName'
  | 'storeUrl'
  | 'sellerId'
  | 'keyword'
  | 'market'
  | 'categories'
  | 'minPrice'
  | 'maxPrice'
  | 'minStar'
  | 'maxStar'
  | 'amazonChoice'
  | 'bestSeller'
  | 'searchDate'
  | 'quotaCounters'
  | 'quotaDay'
  | 'quotaMonth'
  | 'asins'
>;

export interface TodoFilter {
  userEmail?: string;
  state?: TodoState;
  searchType?: SearchType;
  status?: TodoStatus;
  market?: string;
  q?: string;
  /** YYYY-MM-DD, Istanbul days, inclusive. */
  from?: string;
  to?: string;
}

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const day = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);

function toRecord(r: Row): TodoRecord {
  return {
    id: r.id as string,
    scanId: r.scan_id as string,
    userEmail: r.user_email as string,
    searchType: r.search_type as SearchType,
    status: r.status as TodoStatus,
    archived: r.archived as boolean,
    fileName: r.file_name as string,
    storeUrl: (r.store_url as string | null) ?? null,
    sellerId: (r.seller_id as string | null) ?? null,
    keyword: (r.keyword as string | null) ?? null,
    market: r.market as string,
    categories: (r.categories as string[]) ?? [],
    minPrice: num(r.min_price),
    maxPrice: num(r.max_price),
    minStar: num(r.min_star),
    maxStar: num(r.max_star),
    amazonChoice: r.amazon_choice as boolean,
    bestSeller: r.best_seller as boolean,
    searchDate: r.search_date as Date,
    searchCompleteDate: (r.search_complete_date as Date | null) ?? null,
    searchCancelDate: (r.search_cancel_date as Date | null) ?? null,
    asinCount: r.asin_count as number,
    pagesFetched: r.pages_fetched as number,
    etaSeconds: num(r.eta_seconds),
    reportedTotal: num(r.reported_total),
    coverageLine: (r.coverage_line as string | null) ?? null,
    coverage: (r.coverage as CoverageFacts | null) ?? null,
    failureReason: (r.failure_reason as string | null) ?? null,
    failureCode: (r.failure_code as string | null) ?? null,
    resultStored: r.result_stored as boolean,
    quotaCounters: (r.quota_counters as QuotaCounter[]) ?? [],
    quotaDay: day(r.quota_day),
    quotaMonth: day(r.quota_month),
    refunded: r.refunded as boolean,
    asins: (r.asins as string[]) ?? [],
    startedAt: (r.started_at as Date | null) ?? null,
    progressPercent: num(r.progress_percent),
    reportedTotalLowerBound: (r.reported_total_lower_bound as boolean | undefined) ?? false,
    trackerId: (r.tracker_id as string | null | undefined) ?? null,
    batchId: (r.batch_id as string | null | undefined) ?? null,
  };
}

/** Scan tasks in PostgreSQL; deleted ones are kept (soft) so late scan events find and ignore them. */
@Injectable()
export class TodoRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** A new todo; a tracker's run names its tracker, a batch's scan its batch and its line (from 0). */
  async insert(
    manager: EntityManager,
    t: NewTodo & { trackerId?: string; batch?: { id: string; seq: number } },
  ): Promise<TodoRecord> {
    const rows: Row[] = await manager.query(
      `INSERT INTO todo (id, scan_id, user_email, search_type, file_name, store_url, seller_id, keyword,
                         market, categories, min_price, max_price, min_star, max_star, amazon_choice,
                         best_seller, search_date, quota_counters, quota_day, quota_month, asins, tracker_id,
                         batch_id, batch_seq)
       VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
               $22, $23)
       RETURNING *`,
      [
        t.id,
        t.userEmail,
        t.searchType,
        t.fileName,
        t.storeUrl,
        t.sellerId,
        t.keyword,
        t.market,
        t.categories,
        t.minPrice,
        t.maxPrice,
        t.minStar,
        t.maxStar,
        t.amazonChoice,
        t.bestSeller,
        t.searchDate,
        t.quotaCounters,
        t.quotaDay,
        t.quotaMonth,
        t.asins,
        t.trackerId ?? null,
        t.batch?.id ?? null,
        t.batch?.seq ?? null,
      ],
    );
    return toRecord(rows[0]!);
  }

  /**
   * The user's live scans of some batches, each batch's in the order of its store lines (one query:
   * the batch cards poll it).
   */
  async ofBatches(batchIds: string[], userEmail: string): Promise<TodoRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM todo WHERE batch_id = ANY($1::uuid[]) AND user_email = $2 AND deleted_at IS NULL
        ORDER BY batch_id, batch_seq`,
      [batchIds, userEmail],
    );
    return rows.map(toRecord);
  }

  /** A live todo by id; only the owner's when `userEmail` is given. */
  async get(id: string, userEmail?: string, manager: EntityManager = this.dataSource.manager) {
    if (!isUuid(id)) return undefined;
    const rows: Row[] = await manager.query(
      `SELECT * FROM todo WHERE id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR user_email = $2)`,
      [id, userEmail ?? null],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** The todo of a scraper job (deleted ones too: their events are acknowledged and ignored), locked. */
  async lockByScan(
    manager: EntityManager,
    scanId: string,
  ): Promise<(TodoRecord & { deleted: boolean }) | undefined> {
    if (!isUuid(scanId)) return undefined;
    const rows: Row[] = await manager.query('SELECT * FROM todo WHERE scan_id = $1 FOR UPDATE', [scanId]);
    const r = rows[0];
    return r ? { ...toRecord(r), deleted: r.deleted_at !== null } : undefined;
  }

  /** The live todo waiting for this scraper job (PENDING or PROCESSING), if any: its type, whether a tracker started it. */
  async runningScan(scanId: string): Promise<{ searchType: SearchType; tracked: boolean } | undefined> {
    if (!isUuid(scanId)) return undefined;
    const rows: { search_type: SearchType; tracked: boolean }[] = await this.dataSource.query(
      `SELECT search_type, tracker_id IS NOT NULL AS tracked FROM todo
        WHERE scan_id = $1 AND deleted_at IS NULL AND status = ANY($2)`,
      [scanId, RUNNING],
    );
    return rows[0] && { searchType: rows[0].search_type, tracked: rows[0].tracked };
  }

  async list(filter: TodoFilter, page: number, size: number): Promise<{ rows: TodoRecord[]; total: number }> {
    // A tracker's runs are shown on its store page, not among the user's scans.
    const where: string[] = ['deleted_at IS NULL', 'tracker_id IS NULL'];
    const params: unknown[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.userEmail) add((p) => `user_email = ${p}`, filter.userEmail);
    if (filter.state === 'archived') where.push('archived');
    else if (filter.state) {
      where.push('NOT archived');
      add((p) => `status = ANY(${p})`, STATUSES_OF_STATE[filter.state]);
    }
    if (filter.searchType) add((p) => `search_type = ${p}`, filter.searchType);
    if (filter.status) add((p) => `status = ${p}`, filter.status);
    if (filter.market) add((p) => `market = ${p}`, filter.market);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      add((p) => `(file_name ILIKE ${p} OR coalesce(store_url, '') ILIKE ${p})`, like);
    }
    // Istanbul has no daylight saving time: a day is 24 hours from its midnight.
    if (filter.from) add((p) => `search_date >= ${p}`, istanbulMidnight(filter.from));
    if (filter.to)
      add((p) => `search_date < ${p}::timestamptz + interval '1 day'`, istanbulMidnight(filter.to));
    const clause = where.join(' AND ');
    // The page and the total in one query (every dashboard poll lists); only a page past the end,
    // which has no row to carry the total, asks for the count alone.
    const rows: (Row & { total_count: string })[] = await this.dataSource.query(
      `SELECT *, count(*) OVER () AS total_count FROM todo WHERE ${clause} ORDER BY search_date DESC, id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, size, page * size],
    );
    let total = Number(rows[0]?.total_count ?? 0);
    if (!rows.length && page > 0) {
      const count: { n: string }[] = await this.dataSource.query(
        `SELECT count(*) AS n FROM todo WHERE ${clause}`,
        params,
      );
      total = Number(count[0]?.n ?? 0);
    }
    return { rows: rows.map(toRecord), total };
  }

  /** The user's live todos among `ids`, locked for a bulk change. */
  async lockMany(manager: EntityManager, ids: string[], userEmail: string): Promise<TodoRecord[]> {
    const rows: Row[] = await manager.query(
      `SELECT * FROM todo WHERE id = ANY($1::uuid[]) AND user_email = $2 AND deleted_at IS NULL
        ORDER BY id FOR UPDATE`,
      [ids.filter(isUuid), userEmail],
    );
    return rows.map(toRecord);
  }

  async setArchived(manager: EntityManager, ids: string[], archived: boolean): Promise<void> {
    await manager.query('UPDATE todo SET archived = $2 WHERE id = ANY($1::uuid[])', [ids, archived]);
  }

  async softDelete(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.query('UPDATE todo SET deleted_at = $2 WHERE id = $1', [id, now]);
    await manager.query('DELETE FROM todo_asin WHERE todo_id = $1', [id]);
    await manager.query('DELETE FROM todo_asin_check WHERE todo_id = $1', [id]);
  }

  /** Applies a change to a todo's columns (snake_case keys) and returns it. */
  async update(manager: EntityManager, id: string, set: Record<string, unknown>): Promise<TodoRecord> {
    const keys = Object.keys(set);
    const result: unknown = await manager.query(
      `UPDATE todo SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
      [id, ...keys.map((k) => set[k])],
    );
    return toRecord(rowsOf<Row>(result)[0]!);
  }

  /** Stores a scan's result list (replacing any earlier copy). */
  async storeResult(manager: EntityManager, id: string, asins: string[]): Promise<void> {
    await manager.query('DELETE FROM todo_asin WHERE todo_id = $1', [id]);
    await manager.query(
      `INSERT INTO todo_asin (todo_id, seq, asin)
       SELECT $1, t.ord, t.asin FROM unnest($2::text[]) WITH ORDINALITY AS t(asin, ord)`,
      [id, asins],
    );
  }

  /**
   * For each of `asins` that some of these todos' stored results carry: how many of them, and the
   * first (its index in `ids`). On the key (todo_id, asin).
   */
  async carriers(ids: string[], asins: string[]): Promise<{ asin: string; scans: number; first: number }[]> {
    return this.dataSource.query(
      `SELECT asin, count(DISTINCT todo_id)::int AS scans, min(array_position($1::uuid[], todo_id))::int - 1 AS first
         FROM todo_asin WHERE todo_id = ANY($1::uuid[]) AND asin = ANY($2::text[]) GROUP BY asin`,
      [ids, asins],
    );
  }

  async resultPage(id: string, offset: number, limit: number): Promise<string[]> {
    const rows: { asin: string }[] = await this.dataSource.query(
      'SELECT asin FROM todo_asin WHERE todo_id = $1 ORDER BY seq OFFSET $2 LIMIT $3',
      [id, offset, limit],
    );
    return rows.map((r) => r.asin);
  }

  /** Stores an ASIN check's table (replacing any earlier copy). */
  async storeAsinCheck(manager: EntityManager, id: string, rows: AsinCheckRecord[]): Promise<void> {
    await manager.query('DELETE FROM todo_asin_check WHERE todo_id = $1', [id]);
    await insertAsinCheckRecords(manager, 'todo_asin_check', id, rows);
  }

  /** A page of a stored ASIN check's table, in the order asked, with the number of rows. */
  asinCheckPage(id: string, offset: number, limit: number): Promise<AsinCheckPage> {
    return asinCheckPage(this.dataSource, 'todo_asin_check', id, offset, limit);
  }
}
