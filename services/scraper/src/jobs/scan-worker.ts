import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@shelfscan/observability';
import { SystemClock, type Clock } from '@shelfscan/service';
import type { PageReport, ScanProgress, ScanResult } from '../engine/types.js';
import { describeFailure } from './failures.js';
import type { JobEngine, JobSpec } from './job-spec.js';
import {
  completedStatus,
  LeaseLostError,
  type ScanJob,
  type ScanJobRepository,
  type ScanStatus,
} from './scan-job.repository.js';

export interface ScanWorkerOptions {
  repository: ScanJobRepository;
  /** The engine for one job (its page source is bound to the job's market). */
  engineFor: (spec: JobSpec) => JobEngine;
  /** This worker's name in `lease_owner`; unique per process (default host:pid:random). */
  owner?: string;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** Lease length; a job whose worker died is taken over this long after its last heartbeat. */
  leaseMs?: number;
  /** Heartbeat (lease extension and cancel check); default min(leaseMs / 3, 2 s). */
  heartbeatMs?: number;
  /** Idle poll for new or expired jobs. */
  pollMs?: number;
  /**
   * ScanProgressed at most this often (and always at the end). Live progress must reach the
   * browser within 2 s of a page: this, the bus (milliseconds) and the dashboard's 1 s poll.
   */
  progressThrottleMs?: number;
  /** A scan the marketplace blocks is requeued this many times before it fails. */
  maxBlockedRetries?: number;
  /** Requeue delay after the n-th block: base * 2^(n-1), capped at blockedBackoffMaxMs. */
  blockedBackoffMs?: number;
  blockedBackoffMaxMs?: number;
  /** Only ever claim this job (the CLI). */
  onlyJobId?: string;
  /** After a commit that wrote to the outbox (nudge the relay). */
  onOutboxWrite?: () => void;
  /** Every persisted page (the CLI prints progress lines from it). */
  onProgress?: (scanId: string, progress: ScanProgress) => void;
  /** A job reached a final status (or was requeued: status 'queued'), as seen by this worker. */
  onJobEnd?: (scanId: string, status: ScanStatus) => void;
  /** The time port (heartbeat, idle poll, progress throttling, retry delays); default the wall clock. */
  clock?: Clock;
  /**
   * A scan runs at least this long before it yields its slot to a scan another user is waiting with
   * for the same market, or to one waiting for a market where none runs (issue 23: fair queues).
   * A scan that has not started yet is let in after the current page. Only when every slot is busy.
   */
  sliceMs?: number;
}

type StopCause = 'cancel' | 'lease-lost' | 'shutdown' | 'yield';

class StopSignal extends Error {
  constructor(readonly stopCause: StopCause) {
    super(`scan stopped: ${stopCause}`);
  }
}

/**
 * Runs leased scan jobs: claims one per free slot, runs the engine from the stored checkpoint and
 * ASINs, persists every page (ASINs + checkpoint + progress in one transaction), keeps the lease
 * alive with a heartbeat that also picks up cancel requests, and ends the job as completed
 * (completed_partial when a Deep scan stopped below the coverage threshold),
 * failed (with a readable reason), cancelled or requeued after a block.
 */
export class ScanWorker {
  readonly owner: string;
  private readonly o: Required<
    Omit<ScanWorkerOptions, 'onlyJobId' | 'onOutboxWrite' | 'onProgress' | 'onJobEnd' | 'owner'>
  > &
    ScanWorkerOptions;
  private readonly log = createLogger('scraper', { component: 'scan-worker' });
  private stopped = true;
  private slots: Promise<void>[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly running = new Map<string, AbortController>();

  constructor(options: ScanWorkerOptions) {
    const leaseMs = options.leaseMs ?? 60_000;
    this.o = {
      concurrency: 1,
      pollMs: 1_000,
      progressThrottleMs: 500,
      maxBlockedRetries: 3,
      blockedBackoffMs: 60_000,
      blockedBackoffMaxMs: 30 * 60_000,
      clock: new SystemClock(),
      heartbeatMs: Math.max(50, Math.min(leaseMs / 3, 2_000)),
      sliceMs: 30_000,
      ...options,
      leaseMs,
    };
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.slots = Array.from({ length: this.o.concurrency }, () => this.slotLoop());
  }

  /** Look for work now (after an enqueue). */
  nudge(): void {
    for (const w of [...this.waiters]) w();
  }

  /** Stops claiming, stops running scans and gives their leases back (they resume elsewhere). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const c of this.running.values()) c.abort(new StopSignal('shutdown'));
    this.nudge();
    await Promise.all(this.slots);
    this.slots = [];
  }

  /** Stops a scan running here at once (CancelScan in the same process); the heartbeat does it otherwise. */
  cancelLocal(scanId: string): void {
    this.running.get(scanId)?.abort(new StopSignal('cancel'));
  }

  private async slotLoop(): Promise<void> {
    while (!this.stopped) {
      let job: ScanJob | undefined;
      try {
        job = await this.o.repository.claim(this.owner, this.o.leaseMs, this.o.onlyJobId);
      } catch (err) {
        this.log.error({ err }, 'claiming a scan job failed');
      }
      if (job) {
        await this.runJob(job).catch((err) => this.log.error({ err, scanId: job.id }, 'scan job crashed'));
        continue;
      }
      await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        timer.cancel();
        this.waiters.delete(done);
        resolve();
      };
      const timer = this.o.clock.setTimeout(done, this.o.pollMs);
      this.waiters.add(done);
    });
  }

  private async runJob(job: ScanJob): Promise<void> {
    const { repository } = this.o;
    const log = this.log.child({ scanId: job.id, attempt: job.attempts });
    if (job.cancelRequested) {
      await repository.markCancelled(job.id, this.owner);
      this.o.onOutboxWrite?.();
      this.o.onJobEnd?.(job.id, 'cancelled');
      return;
    }
    await repository.announceStarted(job);
    this.o.onOutboxWrite?.();

    const controller = new AbortController();
    this.running.set(job.id, controller);
    const heartbeat = this.o.clock.setInterval(() => {
      repository.heartbeat(job.id, this.owner, this.o.leaseMs).then(
        (beat) => {
          if (!beat) controller.abort(new StopSignal('lease-lost'));
          else if (beat.cancelRequested) controller.abort(new StopSignal('cancel'));
        },
        (err) => log.warn({ err }, 'heartbeat failed'),
      );
    }, this.o.heartbeatMs);

    const seenAsins = job.checkpoint ? await repository.asins(job.id) : [];
    let lastAnnounced = Number.NEGATIVE_INFINITY;
    const sliceStart = this.o.clock.nowMs();
    const onPage = async (report: PageReport) => {
      if (controller.signal.aborted) throw controller.signal.reason;
      const now = this.o.clock.nowMs();
      const announce = now - lastAnnounced >= this.o.progressThrottleMs;
      await repository.savePage(job.id, this.owner, report, announce);
      if (announce) {
        lastAnnounced = now;
        this.o.onOutboxWrite?.();
      }
      this.o.onProgress?.(job.id, report.progress);
      // The page is stored with its checkpoint: a yield here loses nothing.
      if (await this.shouldYield(job, now - sliceStart)) controller.abort(new StopSignal('yield'));
    };

    let result: ScanResult | undefined;
    let error: unknown;
    try {
      log.info({ resumed: Boolean(job.checkpoint), seen: seenAsins.length }, 'scan started');
      result = await this.o.engineFor(job.spec).run(job.spec, {
        resume: job.checkpoint ? { checkpoint: job.checkpoint, seenAsins } : undefined,
        signal: controller.signal,
        onPage,
      });
    } catch (err) {
      error = err;
    } finally {
      heartbeat.cancel();
      this.running.delete(job.id);
    }

    const end = await this.finish(job, result, error, controller.signal).catch((err: unknown) => {
      if (err instanceof LeaseLostError) return 'lost' as const;
      throw err;
    });
    if (end === 'lost') log.warn('lease lost: another worker continues this scan');
    else if (end === 'released') log.info('scan handed back for another worker to resume');
    else log.info({ status: end }, 'scan ended');
    if (end !== 'lost' && end !== 'released') this.o.onJobEnd?.(job.id, end);
  }

  /** Every slot busy and a scan waiting that this one should let in (see `sliceMs`). */
  private async shouldYield(job: ScanJob, ranMs: number): Promise<boolean> {
    if (this.o.onlyJobId || this.running.size < this.o.concurrency) return false;
    const waiting = await this.o.repository.waiting(job);
    return waiting.fresh || (waiting.any && ranMs >= this.o.sliceMs);
  }

  private async finish(
    job: ScanJob,
    result: ScanResult | undefined,
    error: unknown,
    signal: AbortSignal,
  ): Promise<ScanStatus | 'lost' | 'released'> {
    const { repository } = this.o;
    const stop = signal.aborted && signal.reason instanceof StopSignal ? signal.reason.stopCause : undefined;
    // A yield asked for on the last page: the scan is done, not handed back.
    if (result && (!stop || stop === 'yield')) {
      await repository.complete(job.id, this.owner, result);
      this.o.onOutboxWrite?.();
      return completedStatus(result);
    }
    if (stop === 'cancel') {
      await repository.markCancelled(job.id, this.owner);
      this.o.onOutboxWrite?.();
      return 'cancelled';
    }
    if (stop === 'lease-lost' || error instanceof LeaseLostError) return 'lost';
    if (stop === 'shutdown') {
      await repository.release(job.id, this.owner);
      return 'released';
    }
    if (stop === 'yield') {
      await repository.yieldTurn(job.id, this.owner);
      return 'released';
    }
    const failure = describeFailure(error, job.spec);
    // "Paused after repeated blocks" says less than the block that started it (a captcha, a 503).
    if (failure.coolingDown && job.error && job.errorCode === 'BLOCKED') failure.reason = job.error;
    if (failure.retryable && job.blockedRetries < this.o.maxBlockedRetries) {
      const backoff = this.o.blockedBackoffMs * 2 ** job.blockedRetries;
      const untilRetryAt = failure.retryAt ? failure.retryAt.getTime() - this.o.clock.nowMs() : 0;
      const delay = Math.min(Math.max(backoff, untilRetryAt), this.o.blockedBackoffMaxMs);
      this.log.warn(
        { scanId: job.id, reason: failure.reason, delayMs: delay, retry: job.blockedRetries + 1 },
        'scan blocked; requeued',
      );
      await repository.requeueBlocked(job.id, this.owner, delay, failure.reason);
      this.o.onJobEnd?.(job.id, 'queued');
      return 'released';
    }
    if (failure.code === 'INTERNAL') this.log.error({ err: error, scanId: job.id }, 'scan failed');
    await repository.fail(job.id, this.owner, failure.reason, failure.code);
    this.o.onOutboxWrite?.();
    return 'failed';
  }
}
