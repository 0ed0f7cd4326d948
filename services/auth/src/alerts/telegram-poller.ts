import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { PeriodicWork, SECOND } from '@shelfscan/service';
import { TelegramLinks } from './telegram.service.js';

const log = createLogger('auth');

/** Reads the bot's updates every 3 s on the Clock (when a bot is configured). */
@Injectable()
export class TelegramPoller extends PeriodicWork<number> {
  constructor(@Inject(TelegramLinks) private readonly links: TelegramLinks) {
    super(3 * SECOND);
  }

  protected override enabled(): boolean {
    return this.links.configured;
  }

  /** Reads the bot's updates; answers how many were read. */
  protected work(): Promise<number> {
    return this.links.poll().catch((err: unknown) => {
      log.warn({ err: (err as Error).message }, 'Telegram poll failed');
      return 0;
    });
  }
}
