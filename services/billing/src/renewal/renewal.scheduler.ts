import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, MINUTE } from '@shelfscan/service';
import { istanbulDate } from '../money/money.js';
import { RenewalService, type RenewalReport } from './renewal.service.js';

const log = createLogger('billing.renewal');
const CHECK_EVERY_MS = 5 * MINUTE;

/**
 * Runs the renewal once per Europe/Istanbul day (the charges on the 1st, the dunning retries on
 * their days), as the Clock says: every few minutes it checks whether the day has changed. Each
 * replica may check; the run's advisory lock and the one invoice per period keep it to one charge.
 */
@Injectable()
export class RenewalScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private lastDay = '';
  private running?: Promise<unknown>;

  constructor(
    @Inject(RenewalService) private readonly renewal: RenewalService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs the renewal for today unless this process already did; null when it did. */
  async tick(): Promise<RenewalReport | null> {
    const today = istanbulDate(this.clock.now());
    if (today === this.lastDay || this.running) return null;
    const run = this.renewal.run(today);
    this.running = run;
    try {
      const report = await run;
      if (report.ran) this.lastDay = today;
      return report;
    } catch (err) {
      log.error({ err, day: today }, 'renewal run failed');
      return null;
    } finally {
      this.running = undefined;
    }
  }
}
