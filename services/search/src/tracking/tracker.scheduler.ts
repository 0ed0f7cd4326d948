import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, MINUTE, PeriodicTask } from '@shelfscan/service';
import { TrackersService } from './trackers.service.js';

const log = createLogger('search.tracker-scheduler');
const CHECK_EVERY_MS = MINUTE;

/**
 * Starts the runs of due trackers, every minute by the Clock. Every replica checks; the claim
 * (FOR UPDATE SKIP LOCKED and the next due time set in the same transaction) gives each due
 * tracker to one of them, once per period.
 */
@Injectable()
export class TrackerScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask<number>;

  constructor(
    @Inject(TrackersService) private readonly trackers: TrackersService,
    @Inject(Clock) clock: Clock,
  ) {
    this.task = new PeriodicTask(clock, CHECK_EVERY_MS, () => this.pass());
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Runs a pass now (or right after the one in progress) and answers how many runs it started. */
  tick(): Promise<number> {
    return this.task.run();
  }

  private async pass(): Promise<number> {
    try {
      return await this.trackers.startDue();
    } catch (err) {
      log.error({ err }, 'tracker scheduler pass failed');
      return 0;
    }
  }
}
