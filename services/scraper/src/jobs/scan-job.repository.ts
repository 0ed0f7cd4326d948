import { createHash } from 'node:crypto';
import { rowsOf } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox } from '@shelfscan/bus';
import { coverageMessageOf, scraperEventsV1, type CoverageFacts } from '@shelfscan/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { asinCheckPage, insertAsinCheckRecords, type AsinCheckPage } from '@shelfscan/asin-check';
import { isAsinCheckReport, type AsinCheckRow } from '../asin-check/asin-check.js';
import { coverageFacts } from '../engine/progress.js';
import type {
  PageReport,
  ScanCheckpoint,
  ScanItem,
  ScanProgress,
  ScanResult,
  ScanSpec,
} from '../engine/types.js';
import type { JobSpec } from './job-spec.js';

/**
 * `completed`: the engine's outcome was complete; `completed_partial`: a Deep scan that stopped
 * below the coverage threshold of the count Amazon reports (its ASINs and coverage line are kept).
 */
export type ScanStatus = 'queued' | 'running' | 'completed' | 'completed_partial' | 'failed' | 'cancelled';
export const FINAL_STATUSES: readonly ScanStatus[] = [
  'completed',
  'completed_partial',
  'failed',
  'cancelled',
];

/** The final status of a scan that ran to its end. */
export function completedStatus(result: Pick<ScanResult, 'outcome'>): ScanStatus {
  return result.outcome === 'partial' ? 'completed_partial' : 'completed';
}

/** Why a scan failed, for ScanFailed.code (the reason itself is a sentence a user can read). */
export type ScanFailureCode =
  'BLOCKED' | 'STORE_NOT_FOUND' | 'MARKETPLACE_UNREACHABLE' | 'INVALID_SCAN' | 'INTERNAL';

export interface ScanJob {
  id: string;
  spec: JobSpec;
  status: ScanStatus;
  /** How many times a worker took this job (first run, resumes, retries). */
  attempts: number;
  /** How many times it was put back after the marketplace blocked it. */
  blockedRetries: number;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  checkpoint: ScanCheckpoint | null;
  progress: ScanProgress | null;
  /** `outcome` is absent in results stored before it existed (read: complete). */
  result: {
    coverageLine: string;
    stopReason: ScanResult['stopReason'];
    outcome?: ScanResult['outcome'];
    /** Absent in results stored before it existed. */
    coverage?: CoverageFacts;
  } | null;
  error: string | null;
  errorCode: ScanFailureCode | null;
  cancelRequested: boolean;
  createdAt: Date;
  finishedAt: Date | null;
  /** Whose scan it is (a hash of the user; '' for the CLI): the fair claim's round-robin key. */
  queueKey: string;
}

interface ScanJobRow {
  id: string;
  spec: JobSpec;
  status: ScanStatus;
  attempts: number;
  blocked_retries: number;
  lease_owner: string | null;
  lease_until: Date | null;
  checkpoint: ScanCheckpoint | null;
  progress: ScanProgress | null;
  result: ScanJob['result'];
  error: string | null;
  error_code: ScanFailureCode | null;
  cancel_requested: boolean;
  created_at: Date;
  finished_at: Date | null;
  queue_key: string;
}

const toJob = (r: ScanJobRow): ScanJob => ({
  id: r.id,
  spec: r.spec,
  status: r.status,
  attempts: r.attempts,
  blockedRetries: r.blocked_retries,
  leaseOwner: r.lease_owner,
  leaseUntil: r.lease_until,
  checkpoint: r.checkpoint,
  progress: r.progress,
  result: r.result,
  error: r.error,
  errorCode: r.error_code,
  cancelRequested: r.cancel_requested,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  queueKey: r.queue_key,
});

/** A user's key in the fair queue: not the address itself (the scraper keeps no user data). */
export function queueKeyOf(userEmail: string): string {
  return userEmail
    ? createHash('sha256').update(userEmail.trim().toLowerCase()).digest('hex').slice(0, 32)
    : '';
}

/** The worker no longer holds the job's lease (it expired and another worker took the job). */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly scanId: string) {
    super(`the lease on scan ${scanId} was lost`);
  }
}

function progressEvent(scanId: string, p: ScanProgress) {
  return {
    scanId,
    pagesFetched: p.pagesFetched,
    asinsFound: p.asinsFound,
    partitionsLeft: p.partitionsLeft,
    reportedTotal: p.reportedTotal ?? 0,
    reportedTotalIsLowerBound: p.reportedTotalIsLowerBound,
    etaSeconds: p.etaSeconds === null ? -1 : Math.round(p.etaSeconds),
  };
}

/**
 * The scraper's scan jobs in PostgreSQL. Every state change that other services must hear of writes
 * its event to the outbox in the same transaction; the caller nudges the relay after the call.
 */
@Injectable()
export class ScanJobRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Adds a queued job with this id unless one exists; true when it was added. `queueKey` is whose
   * scan it is (queueKeyOf the user; '' for the CLI): the claim serves users round-robin by it.
   */
  async enqueue(
    id: string,
    spec: JobSpec,
    manager: EntityManager = this.dataSource.manager,
    queueKey = '',
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO scan_job (id, spec, market, queue_key) VALUES ($1, $2::jsonb, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, JSON.stringify(spec), spec.market, queueKey],
    );
    return rows.length === 1;
  }

  /** Records a request that cannot be run at all as failed, with its ScanFailed event. */
  async rejectRequest(
    manager: EntityManager,
    id: string,
    spec: unknown,
    reason: string,
    code: ScanFailureCode,
  ): Promise<void> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO scan_job (id, spec, status, error, error_code, finished_at)
       VALUES ($1, $2::jsonb, 'failed', $3, $4, now()) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, JSON.stringify(spec), reason, code],
    );
    if (rows.length)
      await addToOutbox(manager, scraperEventsV1.ScanFailedSchema, { scanId: id, reason, code });
  }

  /**
   * Leases one job to `owner` until now + leaseMs, in one statement: a queued job that is due, or a
   * running job whose lease expired (its worker died). Rows another worker is claiming are skipped
   * (FOR UPDATE SKIP LOCKED), so two workers never get the same job. `onlyId` restricts the claim
   * to one job (the CLI). Fair (issue 23): a market with fewer scans running first (no market idles
   * while another has a queue), then the user with fewer scans running there, then the user served
   * longest ago (round-robin, not first come first served), a scan whose worker died (it was being
   * served), a scan never started before one that has, and only then the oldest.
   */
  async claim(owner: string, leaseMs: number, onlyId?: string): Promise<ScanJob | undefined> {
    const result: unknown = await this.dataSource.query(
      `WITH live AS (
         SELECT market, queue_key FROM scan_job WHERE status = 'running' AND lease_until >= now()
       )
       UPDATE scan_job j
          SET status = 'running', lease_owner = $1,
              lease_until = now() + ($2::int * interval '1 millisecond'),
              attempts = j.attempts + 1, started_at = coalesce(j.started_at, now()),
              last_claimed_at = now(), updated_at = now()
        WHERE j.id = (
          SELECT q.id FROM scan_job q
           WHERE ((q.status = 'queued' AND q.available_at <= now()) OR (q.status = 'running' AND q.lease_until < now()))
             AND ($3::uuid IS NULL OR q.id = $3::uuid)
           ORDER BY (SELECT count(*) FROM live WHERE live.market = q.market),
                    (SELECT count(*) FROM live WHERE live.market = q.market AND live.queue_key = q.queue_key),
                    (SELECT max(u.last_claimed_at) FROM scan_job u
                      WHERE u.market = q.market AND u.queue_key = q.queue_key) NULLS FIRST,
                    q.status = 'running' DESC, q.started_at IS NOT NULL, q.available_at, q.created_at
           LIMIT 1
           FOR UPDATE OF q SKIP LOCKED)
        RETURNING j.*`,
      [owner, Math.round(leaseMs), onlyId ?? null],
    );
    const rows = rowsOf<ScanJobRow>(result);
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  /**
   * Extends the lease while the worker still holds it. Returns whether a cancel was requested,
   * or undefined when the lease is no longer this owner's.
   */
  async heartbeat(
    id: string,
    owner: string,
    leaseMs: number,
  ): Promise<{ cancelRequested: boolean } | undefined> {
    const result: unknown = await this.dataSource.query(
      `UPDATE scan_job SET lease_until = now() + ($3::int * interval '1 millisecond'), updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'running'
        RETURNING cancel_requested`,
      [id, owner, Math.round(leaseMs)],
    );
    const rows = rowsOf<{ cancel_requested: boolean }>(result);
    return rows[0] ? { cancelRequested: rows[0].cancel_requested } : undefined;
  }

  /**
   * Whether a running scan should give its worker to a waiting one (issue 23), asked after each page:
   * `fresh` when a scan not yet started waits for this market from another user (its first page
   * should not wait for a whole slice), `any` when one from another user waits for this market, or
   * one waits for a market where no scan runs.
   */
  async waiting(job: Pick<ScanJob, 'id' | 'spec' | 'queueKey'>): Promise<{ fresh: boolean; any: boolean }> {
    const rows: { fresh: boolean; other: boolean }[] = await this.dataSource.query(
      `SELECT coalesce(bool_or(w.started_at IS NULL AND w.market = $2), false) AS fresh, count(*) > 0 AS other
         FROM scan_job w
        WHERE w.status = 'queued' AND w.available_at <= now() AND w.id <> $1
          AND ((w.market = $2 AND w.queue_key <> $3)
               OR NOT EXISTS (SELECT 1 FROM scan_job r WHERE r.status = 'running' AND r.lease_until >= now()
                               AND r.market = w.market))`,
      [job.id, job.spec.market, job.queueKey],
    );
    return { fresh: rows[0]?.fresh ?? false, any: rows[0]?.other ?? false };
  }

  /**
   * Gives a running job back to the queue to let a waiting one run (a fair yield): queued, due now,
   * its checkpoint kept (the next claim resumes it); not counted as an attempt.
   */
  async yieldTurn(id: string, owner: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE scan_job SET status = 'queued', lease_owner = NULL, lease_until = NULL, available_at = now(),
              attempts = greatest(attempts - 1, 0), updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
      [id, owner],
    );
  }

  /** Gives a running job back at once (graceful shutdown): the next claim resumes it from its checkpoint. */
  async release(id: string, owner: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE scan_job SET lease_until = now() - interval '1 millisecond', updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
      [id, owner],
    );
  }

  /** Expires a running job's lease whoever holds it (the CLI, when it knows the holder is dead). */
  async expireLease(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE scan_job SET lease_until = now() - interval '1 millisecond' WHERE id = $1 AND status = 'running'`,
      [id],
    );
  }

  /**
   * Persists one page in ONE transaction: the new ASINs (a repeat is ignored), the checkpoint and
   * the progress, plus a ScanProgressed event when `announce`. Throws LeaseLostError (and writes
   * nothing) when the lease is no longer this owner's.
   */
  async savePage(id: string, owner: string, report: PageReport, announce: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, id, owner);
      if (report.items?.length) await insertItems(manager, id, report.items);
      else if (report.newAsins.length) {
        await manager.query(
          `INSERT INTO scan_asin (scan_id, asin)
           SELECT $1, t.asin FROM unnest($2::text[]) WITH ORDINALITY AS t(asin, i) ORDER BY t.i
           ON CONFLICT DO NOTHING`,
          [id, report.newAsins],
        );
      }
      if (report.sponsored?.length)
        await manager.query(
          `INSERT INTO scan_sponsored (scan_id, asin) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
          [id, report.sponsored],
        );
      if (isAsinCheckReport(report) && report.checked.length)
        await this.insertRows(manager, id, report.checked);
      await manager.query(
        `UPDATE scan_job SET checkpoint = $2::jsonb, progress = $3::jsonb, updated_at = now() WHERE id = $1`,
        [id, JSON.stringify(report.checkpoint), JSON.stringify(report.progress)],
      );
      if (announce)
        await addToOutbox(manager, scraperEventsV1.ScanProgressedSchema, progressEvent(id, report.progress));
    });
  }

  /** A worker took the job: ScanStarted. */
  async announceStarted(job: ScanJob): Promise<void> {
    await this.dataSource.transaction((manager) =>
      addToOutbox(manager, scraperEventsV1.ScanStartedSchema, { scanId: job.id, attempt: job.attempts }),
    );
  }

  /**
   * Completed (or completed_partial, by the engine's outcome): the final progress and ScanCompleted
   * with the count of stored ASINs. The list itself stays here, read page by page through
   * ListScanAsins: an event never grows with the result.
   */
  async complete(id: string, owner: string, result: ScanResult): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, id, owner);
      const count = await this.storedCount(manager, id);
      const progress = { ...result.progress, asinsFound: count, partitionsLeft: 0, etaSeconds: 0 };
      const coverage = storedCoverage(result);
      await manager.query(
        `UPDATE scan_job SET status = $4, progress = $2::jsonb, result = $3::jsonb,
                lease_owner = NULL, lease_until = NULL, error = NULL, error_code = NULL,
                finished_at = now(), updated_at = now()
          WHERE id = $1`,
        [
          id,
          JSON.stringify(progress),
          JSON.stringify({
            coverageLine: result.coverageLine,
            stopReason: result.stopReason,
            outcome: result.outcome,
            coverage,
          }),
          completedStatus(result),
        ],
      );
      await addToOutbox(manager, scraperEventsV1.ScanProgressedSchema, progressEvent(id, progress));
      await addToOutbox(manager, scraperEventsV1.ScanCompletedSchema, {
        scanId: id,
        asinsFound: count,
        coverageLine: result.coverageLine,
        pagesFetched: progress.pagesFetched,
        reportedTotal: progress.reportedTotal ?? 0,
        stopReason: result.stopReason,
        outcome: result.outcome,
        coverage: coverage && coverageMessageOf(coverage),
      });
    });
  }

  /** Failed for good: ScanFailed with a reason a user can read. */
  async fail(id: string, owner: string, reason: string, code: ScanFailureCode): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, id, owner);
      await manager.query(
        `UPDATE scan_job SET status = 'failed', error = $2, error_code = $3, lease_owner = NULL,
                lease_until = NULL, finished_at = now(), updated_at = now()
          WHERE id = $1`,
        [id, reason, code],
      );
      await addToOutbox(manager, scraperEventsV1.ScanFailedSchema, { scanId: id, reason, code });
    });
  }

  /** Puts a blocked job back in the queue, due after `delayMs`; it resumes from its checkpoint. */
  async requeueBlocked(id: string, owner: string, delayMs: number, reason: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, id, owner);
      await manager.query(
        `UPDATE scan_job SET status = 'queued', blocked_retries = blocked_retries + 1, error = $2,
                error_code = 'BLOCKED', available_at = now() + ($3::int * interval '1 millisecond'),
                lease_owner = NULL, lease_until = NULL, updated_at = now()
          WHERE id = $1`,
        [id, reason, Math.round(delayMs)],
      );
    });
  }

  /** The worker stopped a running job on a cancel request. */
  async markCancelled(id: string, owner: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, id, owner);
      await this.cancelled(manager, id);
    });
  }

  /**
   * CancelScan: a queued job is cancelled at once; a running one is flagged and its worker stops
   * within seconds. Returns the status after the request, or undefined when there is no such scan.
   */
  async requestCancel(id: string): Promise<ScanStatus | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { status: ScanStatus }[] = await manager.query(
        'SELECT status FROM scan_job WHERE id = $1 FOR UPDATE',
        [id],
      );
      const status = rows[0]?.status;
      if (!status || FINAL_STATUSES.includes(status)) return status;
      await manager.query('UPDATE scan_job SET cancel_requested = true, updated_at = now() WHERE id = $1', [
        id,
      ]);
      if (status === 'queued') {
        await this.cancelled(manager, id);
        return 'cancelled';
      }
      return status;
    });
  }

  async get(id: string): Promise<ScanJob | undefined> {
    const rows: ScanJobRow[] = await this.dataSource.query('SELECT * FROM scan_job WHERE id = $1', [id]);
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  /** The ASINs stored for a scan, in discovery order. */
  async asins(id: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { asin: string }[] = await manager.query(
      'SELECT asin FROM scan_asin WHERE scan_id = $1 ORDER BY seq',
      [id],
    );
    return rows.map((r) => r.asin);
  }

  /** A page of a scan's stored ASINs in discovery order, with how many are stored in all. */
  async asinPage(id: string, offset: number, limit: number): Promise<{ asins: string[]; total: number }> {
    const rows: { asin: string }[] = await this.dataSource.query(
      'SELECT asin FROM scan_asin WHERE scan_id = $1 ORDER BY seq OFFSET $2 LIMIT $3',
      [id, offset, limit],
    );
    return { asins: rows.map((r) => r.asin), total: await this.storedCount(this.dataSource.manager, id) };
  }

  /**
   * For each of `asins` that some of `scanIds` carry: how many of them, and the first (its index in
   * `scanIds`). Counted in PostgreSQL on scan_asin's key (scan_id, asin).
   */
  async carriers(
    scanIds: string[],
    asins: string[],
  ): Promise<{ asin: string; scans: number; first: number }[]> {
    return this.dataSource.query(
      `SELECT asin, count(*)::int AS scans, min(array_position($1::uuid[], scan_id))::int - 1 AS first
         FROM scan_asin WHERE scan_id = ANY($1::uuid[]) AND asin = ANY($2::text[]) GROUP BY asin`,
      [scanIds, asins],
    );
  }

  /**
   * A page of a store scan's items in discovery order (what the scan saw of each ASIN, for the
   * rich exports), with how many are stored in all. Rows stored before the facts were kept have
   * only their ASIN (and page 0, no query).
   */
  async itemPage(id: string, offset: number, limit: number): Promise<{ items: StoredItem[]; total: number }> {
    const rows: StoredItemRow[] = await this.dataSource.query(
      `SELECT a.asin, a.title, a.price::float8 AS price, a.currency, a.list_price::float8 AS list_price,
              a.stars::float8 AS stars, a.review_count, a.amazons_choice, a.best_seller, a.prime,
              a.category, a.found_at, coalesce(p.page, 0) AS page, coalesce(p.url, '') AS query,
              EXISTS (SELECT 1 FROM scan_sponsored s WHERE s.scan_id = a.scan_id AND s.asin = a.asin) AS sponsored
         FROM scan_asin a LEFT JOIN scan_page p ON p.id = a.page_id
        WHERE a.scan_id = $1 ORDER BY a.seq OFFSET $2 LIMIT $3`,
      [id, offset, limit],
    );
    return {
      items: rows.map((r) => ({
        asin: r.asin,
        title: r.title,
        price: r.price,
        currency: r.currency,
        listPrice: r.list_price,
        stars: r.stars === null ? null : Math.round(r.stars * 10) / 10,
        reviewCount: r.review_count,
        amazonsChoice: r.amazons_choice,
        bestSeller: r.best_seller,
        prime: r.prime,
        category: r.category,
        page: r.page,
        query: r.query,
        sponsored: r.sponsored,
        foundAt: r.found_at,
      })),
      total: await this.storedCount(this.dataSource.manager, id),
    };
  }

  /** How many ASINs a scan has stored. */
  private async storedCount(manager: EntityManager, id: string): Promise<number> {
    const rows: { n: string }[] = await manager.query(
      'SELECT count(*) AS n FROM scan_asin WHERE scan_id = $1',
      [id],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** A page of an ASIN check's rows in the order asked, with how many are stored in all. */
  asinCheckPage(id: string, offset: number, limit: number): Promise<AsinCheckPage> {
    return asinCheckPage(this.dataSource, 'asin_check_item', id, offset, limit);
  }

  /** An unfinished job with exactly this spec (the CLI resumes it instead of starting over). */
  async findUnfinished(spec: ScanSpec): Promise<ScanJob | undefined> {
    const rows: ScanJobRow[] = await this.dataSource.query(
      `SELECT * FROM scan_job WHERE status IN ('queued', 'running') AND spec = $1::jsonb
        ORDER BY created_at DESC LIMIT 1`,
      [JSON.stringify(spec)],
    );
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  private async cancelled(manager: EntityManager, id: string): Promise<void> {
    const found = await this.storedCount(manager, id);
    await manager.query(
      `UPDATE scan_job SET status = 'cancelled', lease_owner = NULL, lease_until = NULL,
              finished_at = now(), updated_at = now()
        WHERE id = $1`,
      [id],
    );
    await addToOutbox(manager, scraperEventsV1.ScanCancelledSchema, {
      scanId: id,
      asinsFound: found,
    });
  }

  /** An ASIN check's rows of one page (a row checked again after a resume is kept once). */
  private async insertRows(manager: EntityManager, id: string, rows: AsinCheckRow[]): Promise<void> {
    await insertAsinCheckRecords(manager, 'asin_check_item', id, rows, { skipStored: true });
  }

  /** Locks the job row for this transaction if `owner` holds its lease; LeaseLostError otherwise. */
  private async lockOwned(manager: EntityManager, id: string, owner: string): Promise<void> {
    const rows: unknown[] = await manager.query(
      `SELECT id FROM scan_job WHERE id = $1 AND lease_owner = $2 AND status = 'running' FOR UPDATE`,
      [id, owner],
    );
    if (rows.length === 0) throw new LeaseLostError(id);
  }
}

/** A stored item: what the scan saw of the ASIN, and whether a sponsored tile showed it too. */
export type StoredItem = ScanItem & { sponsored: boolean; foundAt: Date };

interface StoredItemRow {
  asin: string;
  title: string | null;
  price: number | null;
  currency: string | null;
  list_price: number | null;
  stars: number | null;
  review_count: number | null;
  amazons_choice: boolean;
  best_seller: boolean;
  prime: boolean;
  category: string | null;
  page: number;
  query: string;
  sponsored: boolean;
  found_at: Date;
}

/**
 * The items first kept on one page: the page once (its number and query URL), then one row per
 * item referring to it, in the page's order (a repeat after a resume is ignored).
 */
async function insertItems(manager: EntityManager, id: string, items: ScanItem[]): Promise<void> {
  const { page, query } = items[0];
  await manager.query(
    `WITH p AS (INSERT INTO scan_page (scan_id, page, url) VALUES ($1, $2, $3) RETURNING id)
     INSERT INTO scan_asin (scan_id, asin, title, price, currency, list_price, stars, review_count,
                            amazons_choice, best_seller, prime, category, page_id)
     SELECT $1, e.j->>'asin', e.j->>'title', (e.j->>'price')::numeric, e.j->>'currency',
            (e.j->>'listPrice')::numeric, (e.j->>'stars')::real, (e.j->>'reviewCount')::int,
            (e.j->>'amazonsChoice')::boolean, (e.j->>'bestSeller')::boolean, (e.j->>'prime')::boolean,
            e.j->>'category', (SELECT id FROM p)
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS e(j, i) ORDER BY e.i
     ON CONFLICT DO NOTHING`,
    [id, page, query, JSON.stringify(items)],
  );
}

/** The coverage facts a finished scan keeps and announces: a store scan's, or an ASIN check's counts. */
function storedCoverage(result: ScanResult): CoverageFacts | undefined {
  if (result.coverage) return coverageFacts(result.coverage, result.outcome);
  const check = result.asinCheck;
  if (!check) return undefined;
  const none = { reported: null, reportedIsLowerBound: false, filtered: false, listLimit: 0 };
  return { ...coverageFacts({ ...none, found: check.sold, stoppedAtListLimit: false }), asinCheck: check };
}
