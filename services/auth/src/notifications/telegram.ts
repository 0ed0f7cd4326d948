/**
 * The Telegram Bot API, the three methods ShelfScan uses (`getMe`, `getUpdates`, `sendMessage`):
 * POST `<origin>/bot<token>/<method>` with a JSON body, answered `{ok, result}` or `{ok: false,
 * description}`. The origin is https://api.telegram.org unless TELEGRAM_API_ORIGIN says otherwise
 * (tests and `make demo`: the simulated bot of tools/simulator).
 */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat: { id: number; first_name?: string; username?: string; title?: string };
  };
}

export class TelegramBotApi {
  constructor(
    private readonly token: string,
    private readonly origin = 'https://api.telegram.org',
  ) {}

  private async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${this.origin.replace(/\/+$/, '')}/bot${this.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { ok?: boolean; result?: T; description?: string };
    if (!res.ok || !body.ok)
      throw new Error(`Telegram ${method}: ${res.status} ${body.description ?? ''}`.trim());
    return body.result as T;
  }

  getMe(): Promise<{ id: number; username: string }> {
    return this.call('getMe');
  }

  /** Updates from `offset` on, without waiting (every replica polls with its own timer). */
  getUpdates(offset: number): Promise<TelegramUpdate[]> {
    return this.call('getUpdates', { offset, timeout: 0, allowed_updates: ['message'] });
  }

  async sendMessage(chatId: number | string, text: string): Promise<void> {
    await this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }
}
