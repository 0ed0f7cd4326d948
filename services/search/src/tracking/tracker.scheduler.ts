import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { MINUTE, PeriodicWork } from '@shelfscan/service';
import { TrackersService } from './trackers.service.js';

const log = createLogger('search.tracker-scheduler');
const CHECK_EVERY_MS = MINUTE;

/**
 * Starts the runs of due trackers, every minute by the Clock. Every replica checks; the claim
 * (FOR UPDATE SKIP LOCKED and the next due time set in the same transaction) gives each due
 * tracker to one of them, once per period.
 */
@Injectable()
export class TrackerScheduler extends PeriodicWork<number> {
  constructor(@Inject(TrackersService) private readonly trackers: TrackersService) {
    super(CHECK_EVERY_MS);
  }

  /** A pass: starts the due trackers' runs and answers how many it started. */
  protected async work(): Promise<number> {
    try {
      return await this.trackers.startDue();
    } catch (err) {
      log.error({ err }, 'tracker scheduler pass failed');
      return 0;
    }
  }
}
