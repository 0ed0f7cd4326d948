import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, PeriodicTask, SECOND } from '@shelfscan/service';
import { TelegramLinks } from './telegram.service.js';

const log = createLogger('auth');

/** Reads the bot's updates every 3 s on the Clock (when a bot is configured). */
@Injectable()
export class TelegramPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask<number>;

  constructor(
    @Inject(TelegramLinks) private readonly links: TelegramLinks,
    @Inject(Clock) clock: Clock,
  ) {
    this.task = new PeriodicTask(clock, 3 * SECOND, () =>
      links.poll().catch((err: unknown) => {
        log.warn({ err: (err as Error).message }, 'Telegram poll failed');
        return 0;
      }),
    );
  }

  onApplicationBootstrap(): void {
    if (this.links.configured) this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Reads now (after the run in progress); answers how many updates were read. */
  tick(): Promise<number> {
    return this.task.run();
  }
}
