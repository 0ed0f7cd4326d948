import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, handleOnce, type BusContext } from '@shelfscan/bus';
import type { scraperEventsV1, scraperV1 } from '@shelfscan/contracts';
import { SERVICE_CONFIG } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import type { ScraperConfig } from '../config.js';
import { ScanJobRepository } from './scan-job.repository.js';
import { specFromRequest } from './scan-requests.js';
import { ScanWorker } from './scan-worker.js';

/** The scraper's bus-facing operations: one method per handler. */
@Injectable()
export class ScansService {
  private readonly listLimit: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ScanJobRepository) private readonly repository: ScanJobRepository,
    @Inject(ScanWorker) private readonly worker: ScanWorker,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
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
        await repository.enqueue(req.scanId, check.spec, manager);
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

  async cancel(req: scraperV1.CancelScanRequest): Promise<scraperV1.CancelScanResponse | { status: string }> {
    const status = await this.repository.requestCancel(req.scanId);
    if (!status) throw new BusError('NOT_FOUND', 'No such scan.', { reason: 'scanNotFound' });
    if (status === 'running') this.worker.cancelLocal(req.scanId);
    this.outbox.nudge();
    return { status };
  }

  async get(req: scraperV1.GetScanRequest) {
    const job = await this.repository.get(req.scanId);
    if (!job) throw new BusError('NOT_FOUND', 'No such scan.', { reason: 'scanNotFound' });
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
    if (!job) throw new BusError('NOT_FOUND', 'No such scan.', { reason: 'scanNotFound' });
    const limit = req.limit > 0 ? Math.min(req.limit, 10_000) : 5_000;
    const page = await this.repository.asinPage(req.scanId, Math.max(0, req.offset), limit);
    return { asins: page.asins, total: page.total, status: job.status };
  }
}
