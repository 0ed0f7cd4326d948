import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import type { telegramV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, DAY, MINUTE, SERVICE_CONFIG } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../config.js';
import { asLang } from '../notifications/index.js';
import { TelegramBotApi } from '../notifications/telegram.js';
import { UsersRepository } from '../users/users.repository.js';

const log = createLogger('auth');

/** How long a link code is valid. */
export const LINK_CODE_TTL_MS = 15 * MINUTE;
const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{6,64})\s*$/;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const notConfigured = () =>
  new BusError('FAILED_PRECONDITION', 'telegramNotConfigured', { reason: 'telegramNotConfigured' });

/**
 * Telegram chats linked to accounts (issue 18): a one-time code, the bot's `/start <code>` read
 * from getUpdates (one replica at a time, the offset kept in the database), the linked chat, and
 * sending to it.
 */
@Injectable()
export class TelegramLinks {
  private readonly bot?: TelegramBotApi;
  private username?: string;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
  ) {
    if (config.TELEGRAM_BOT_TOKEN)
      this.bot = new TelegramBotApi(config.TELEGRAM_BOT_TOKEN, config.TELEGRAM_API_ORIGIN);
  }

  get configured(): boolean {
    return this.bot !== undefined;
  }

  private async botUsername(): Promise<string> {
    if (!this.bot) throw notConfigured();
    this.username ??= (await this.bot.getMe()).username;
    return this.username;
  }

  async link(email: string): Promise<telegramV1.LinkTelegramResponse> {
    if (!this.bot) throw notConfigured();
    const username = await this.botUsername().catch((err: unknown) => {
      log.error({ err }, 'Telegram getMe failed');
      throw new BusError('UNAVAILABLE', 'telegramUnavailable', { reason: 'telegramUnavailable' });
    });
    const code = randomBytes(9).toString('base64url');
    const expiresAt = new Date(this.clock.nowMs() + LINK_CODE_TTL_MS);
    await this.dataSource.query(
      `INSERT INTO telegram_link (user_email, code_hash, code_expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_email) DO UPDATE SET code_hash = $2, code_expires_at = $3`,
      [email, hash(code), expiresAt],
    );
    return {
      code,
      deepLink: `https://t.me/${username}?start=${code}`,
      expiresAt: expiresAt.toISOString(),
    } as telegramV1.LinkTelegramResponse;
  }

  async get(email: string): Promise<telegramV1.GetTelegramResponse> {
    const [row]: { chat_id: string | null; chat_name: string; linked_at: Date | null }[] =
      await this.dataSource.query(
        `SELECT chat_id, chat_name, linked_at FROM telegram_link WHERE user_email = $1`,
        [email],
      );
    const linked = !!row?.chat_id;
    return {
      configured: this.configured,
      linked,
      chatName: linked ? row!.chat_name : '',
      linkedAt: linked && row!.linked_at ? new Date(row!.linked_at).toISOString() : '',
      botUsername: this.configured ? await this.botUsername().catch(() => '') : '',
    } as telegramV1.GetTelegramResponse;
  }

  async unlink(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM telegram_link WHERE user_email = $1`, [email]);
  }

  /** The chat linked to this user, if any. */
  async chatOf(email: string): Promise<string | undefined> {
    const [row]: { chat_id: string | null }[] = await this.dataSource.query(
      `SELECT chat_id FROM telegram_link WHERE user_email = $1 AND chat_id IS NOT NULL`,
      [email],
    );
    return row?.chat_id ?? undefined;
  }

  async send(chatId: string, text: string): Promise<void> {
    if (!this.bot) throw notConfigured();
    await this.bot.sendMessage(chatId, text);
  }

  /**
   * Whether a link code was pending or used in the last day (Telegram keeps a bot's updates that
   * long): the only time a `/start <code>` that matters can arrive, so the bot is not read every 3 s
   * forever. An expired or used code still gets its answer within that day.
   */
  private async linkingLately(): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM telegram_link WHERE code_expires_at > $1 OR linked_at > $1 LIMIT 1`,
      [new Date(this.clock.now().getTime() - DAY)],
    );
    return rows.length > 0;
  }

  /**
   * Reads the bot's new updates and links the chats that sent a valid `/start <code>`; answers how
   * many updates were read. Only one replica reads at a time (an advisory lock), and the offset is
   * committed with the links, so an update is handled once.
   */
  async poll(): Promise<number> {
    const bot = this.bot;
    if (!bot || !(await this.linkingLately())) return 0;
    return this.dataSource.transaction(async (m) => {
      const [{ locked }]: { locked: boolean }[] = await m.query(
        `SELECT pg_try_advisory_xact_lock(hashtext('telegram-poll')) AS locked`,
      );
      if (!locked) return 0;
      const [{ next_offset: offset }]: { next_offset: string }[] = await m.query(
        `SELECT next_offset FROM telegram_poll WHERE id = 1 FOR UPDATE`,
      );
      const updates = await bot.getUpdates(Number(offset));
      if (!updates.length) return 0;
      const replies: { chatId: number; text: string }[] = [];
      for (const u of updates) {
        const text = u.message?.text?.trim() ?? '';
        const chat = u.message?.chat;
        if (!chat || !text.startsWith('/start')) continue;
        const code = START.exec(text)?.[1];
        const [rows]: [{ user_email: string }[], number] = code
          ? await m.query(
              `UPDATE telegram_link SET chat_id = $2, chat_name = $3, linked_at = $4, code_hash = NULL,
                 code_expires_at = NULL
               WHERE code_hash = $1 AND code_expires_at > $4 RETURNING user_email`,
              [hash(code), chat.id, chat.title ?? chat.username ?? chat.first_name ?? '', this.clock.now()],
            )
          : [[], 0];
        const email = rows[0]?.user_email;
        const user = email ? await this.users.findByEmail(email, m) : null;
        replies.push({ chatId: chat.id, text: linkReply(user ? asLang(user.langKey) : undefined) });
      }
      await m.query(`UPDATE telegram_poll SET next_offset = $1 WHERE id = 1`, [
        Math.max(...updates.map((u) => u.update_id)) + 1,
      ]);
      for (const r of replies)
        await bot
          .sendMessage(r.chatId, r.text)
          .catch((err: unknown) => log.warn({ err }, 'Telegram reply failed'));
      return updates.length;
    });
  }
}

/** The bot's answer to `/start`: linked (in the user's language), or a bad code (both languages). */
function linkReply(lang: 'tr' | 'en' | undefined): string {
  if (lang === 'en')
    return 'ShelfScan: this chat is now linked to your account. Tracker alerts will arrive here.';
  if (lang === 'tr')
    return 'ShelfScan: bu sohbet hesabınıza bağlandı. Mağaza takibi uyarıları buraya gelecek.';
  return [
    'ShelfScan: bu kod geçersiz ya da süresi dolmuş. Hesap sayfanızdan yeni bir bağlantı oluşturun.',
    'ShelfScan: this code is invalid or has expired. Create a new link on your account page.',
  ].join('\n\n');
}
