import { Inject, Injectable } from '@nestjs/common';
import { handleOnce, type BusContext } from '@shelfscan/bus';
import type { searchEventsV1 } from '@shelfscan/contracts';
import { marketName } from '@shelfscan/markets';
import { Clock } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { AccountMails, asLang } from '../notifications/index.js';
import { UsersRepository } from '../users/users.repository.js';
import { TelegramLinks } from './telegram.service.js';

type TrackerChanged = searchEventsV1.TrackerChanged;
export type AlertChannel = 'email' | 'telegram';

/** The run found a change and the tracker's switch for `channel` is on (the event's own rule). */
export function wantsAlert(evt: TrackerChanged, channel: AlertChannel): boolean {
  const on = channel === 'email' ? evt.alertEmail : evt.alertTelegram;
  return on && (evt.addedCount > 0 || evt.removedCount > 0);
}

/**
 * The tracker alerts the auth service sends (it owns the user's email and language): the email
 * digest of a run that found changes, once per run; and the notice of a disabled webhook.
 */
@Injectable()
export class TrackerAlertsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AccountMails) private readonly mails: AccountMails,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TelegramLinks) private readonly telegram: TelegramLinks,
  ) {}

  /**
   * Runs `send` once per (run, channel): the marker row and the send share a transaction, so a
   * redelivered event finds the row and sends nothing, and a failed send leaves no row (the
   * redelivery tries again). False when it had already been sent.
   */
  async once(evt: TrackerChanged, channel: AlertChannel, send: () => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const fresh: unknown[] = await m.query(
        `INSERT INTO tracker_alert_sent (run_id, channel, user_email, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING run_id`,
        [evt.runId, channel, evt.userEmail.toLowerCase(), this.clock.now()],
      );
      if (!fresh.length) return false;
      await send();
      return true;
    });
  }

  /** The owner of a webhook disabled after a day of failures is told by email (once per message). */
  async webhookDisabled(evt: searchEventsV1.WebhookDisabled, ctx: BusContext): Promise<void> {
    const user = await this.users.findByEmail(evt.userEmail.toLowerCase());
    if (!user) return;
    await handleOnce(this.dataSource, ctx, 'auth.webhook-disabled', () =>
      this.mails.sendWebhookDisabled(user, {
        url: evt.url,
        lastResponseCode: evt.lastResponseCode,
        lastError: evt.lastError,
      }),
    );
  }

  /** The short Telegram message of a run that found changes, to the user's linked chat, once per run. */
  async telegramAlert(evt: TrackerChanged): Promise<void> {
    if (!wantsAlert(evt, 'telegram') || !evt.runId || !this.telegram.configured) return;
    const email = evt.userEmail.toLowerCase();
    const [user, chatId] = await Promise.all([this.users.findByEmail(email), this.telegram.chatOf(email)]);
    if (!user || !chatId) return;
    const lang = asLang(user.langKey);
    const link = this.mails.link(lang, `/trackers/${encodeURIComponent(evt.trackerId)}`);
    await this.once(evt, 'telegram', () => this.telegram.send(chatId, telegramText(lang, evt, link)));
  }

  async emailDigest(evt: TrackerChanged): Promise<void> {
    if (!wantsAlert(evt, 'email') || !evt.runId) return;
    const user = await this.users.findByEmail(evt.userEmail.toLowerCase());
    if (!user) return;
    const finished = Date.parse(evt.finishedAt);
    await this.once(evt, 'email', () =>
      this.mails.sendTrackerDigest(user, evt.trackerId, (lang) => ({
        label: evt.label || evt.storeUrl,
        storeUrl: evt.storeUrl,
        market: marketName(evt.market, lang),
        addedCount: evt.addedCount,
        removedCount: evt.removedCount,
        added: evt.added.map((a) => ({ asin: a.asin, title: a.title })),
        complete: evt.complete,
        notSeen: evt.notSeen,
        finishedAt: Number.isNaN(finished) ? undefined : new Date(finished),
      })),
    );
  }
}

/** The Telegram alert: the store, +added / −removed (or the partial run's not-seen count), the store page. */
export function telegramText(lang: 'tr' | 'en', evt: TrackerChanged, link: string): string {
  const store = `${evt.label || evt.storeUrl} (${marketName(evt.market, lang)})`;
  const counts =
    lang === 'en'
      ? evt.complete
        ? `+${evt.addedCount} added, −${evt.removedCount} removed`
        : `+${evt.addedCount} added, partial run (${evt.notSeen} not seen)`
      : evt.complete
        ? `+${evt.addedCount} eklendi, −${evt.removedCount} kaldırıldı`
        : `+${evt.addedCount} eklendi, kısmi tarama (${evt.notSeen} görülmedi)`;
  return `ShelfScan: ${store}\n${counts}\n${link}`;
}
