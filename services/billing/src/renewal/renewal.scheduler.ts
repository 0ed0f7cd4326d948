import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { MINUTE, PeriodicWork, istanbulDate } from '@shelfscan/service';
import { RenewalService, type RenewalReport } from './renewal.service.js';

const log = createLogger('billing.renewal');
const CHECK_EVERY_MS = 5 * MINUTE;

/**
 * Runs the renewal once per Europe/Istanbul day (the charges on the 1st, the dunning retries on
 * their days), as the Clock says: every few minutes it checks whether the day has changed. Each
 * replica may check; the run's advisory lock and the one invoice per period keep it to one charge.
 */
@Injectable()
export class RenewalScheduler extends PeriodicWork<RenewalReport | null> {
  private lastDay = '';

  constructor(@Inject(RenewalService) private readonly renewal: RenewalService) {
    super(CHECK_EVERY_MS);
  }

  /**
   * Runs the renewal for today unless this process already did: null when it did (`tick()` while a
   * check is in progress waits for it and answers its report).
   */
  protected work(): Promise<RenewalReport | null> {
    return this.runToday();
  }

  private async runToday(): Promise<RenewalReport | null> {
    const today = istanbulDate(this.clock.now());
    if (today === this.lastDay) return null;
    try {
      const report = await this.renewal.run(today);
      if (report.ran) this.lastDay = today;
      return report;
    } catch (err) {
      log.error({ err, day: today }, 'renewal run failed');
      return null;
    }
  }
}
