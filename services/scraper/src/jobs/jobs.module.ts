import { Module, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { OutboxRelay } from '@shelfscan/bus';
import { Clock, SERVICE_CONFIG } from '@shelfscan/service';
import type { ScraperConfig } from '../config.js';
import { ScanEngines } from './engine-factory.js';
import { ScanJobRepository } from './scan-job.repository.js';
import { ScanWorker } from './scan-worker.js';
import { ScansService } from './scans.service.js';

/** Durable scan jobs: the repository, the worker (started with the service, stopped first) and the bus operations. */
@Module({
  providers: [
    ScanJobRepository,
    ScansService,
    {
      provide: ScanWorker,
      inject: [SERVICE_CONFIG, ScanJobRepository, ScanEngines, OutboxRelay, Clock],
      useFactory: (
        config: ScraperConfig,
        repository: ScanJobRepository,
        engines: ScanEngines,
        outbox: OutboxRelay,
        clock: Clock,
      ) =>
        new ScanWorker({
          repository,
          engineFor: (spec) => engines.engineFor(spec),
          concurrency: config.SCRAPER_WORKERS,
          leaseMs: config.SCAN_LEASE_SECONDS * 1000,
          maxBlockedRetries: config.SCAN_BLOCKED_RETRIES,
          blockedBackoffMs: config.SCAN_BLOCKED_BACKOFF_SECONDS * 1000,
          sliceMs: config.SCAN_SLICE_SECONDS * 1000,
          onOutboxWrite: () => outbox.nudge(),
          clock,
        }),
    },
  ],
  exports: [ScansService],
})
export class JobsModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly worker: ScanWorker) {}

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  /** Before the relay and the database close: running scans give their leases back. */
  beforeApplicationShutdown(): Promise<void> {
    return this.worker.stop();
  }
}
