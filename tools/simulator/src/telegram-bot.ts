import http from 'node:http';
import { listen } from './listen.js';

/**
 * A local stand-in for Telegram's Bot API (SIMULATED: no message leaves the machine), for tests and
 * `make demo` (TELEGRAM_API_ORIGIN): it speaks the Bot API's wire format for the three methods
 * ShelfScan uses, `getMe`, `getUpdates` (offset, `{ok, result: [Update]}`) and `sendMessage`
 * (chat_id, text), at `/bot<token>/<method>` with a JSON or form body, and answers 401 to any other
 * token. What a user would send to the bot is put in by `userSends` (or `POST /simulated/send
 * {chat_id, text, first_name?}`), and what the bot sent is kept in `sent` (`GET /simulated/sent`).
 */
export interface TelegramBotOptions {
  /** The bot token it accepts (default `123456:SIMULATED`). */
  token?: string;
  /** The bot's username (default `shelfscan_sim_bot`). */
  username?: string;
  port?: number;
  host?: string;
}

export interface SentMessage {
  chatId: number;
  text: string;
}

export interface TelegramBot {
  /** The API origin, for TELEGRAM_API_ORIGIN. */
  origin: string;
  token: string;
  username: string;
  /** Messages the bot sent, oldest first. */
  sent: SentMessage[];
  /** A user writes `text` to the bot from chat `chatId` (an update getUpdates will return). */
  userSends(chatId: number, text: string, firstName?: string): void;
  close(): Promise<void>;
}

export const SIMULATED_BOT_TOKEN = '123456:SIMULATED';

export async function startTelegramBot(options: TelegramBotOptions = {}): Promise<TelegramBot> {
  const token = options.token ?? SIMULATED_BOT_TOKEN;
  const username = options.username ?? 'shelfscan_sim_bot';
  const updates: { update_id: number; message: unknown }[] = [];
  const sent: SentMessage[] = [];
  let nextUpdate = 1;
  let nextMessage = 1;
  const userSends = (chatId: number, text: string, firstName = 'Sim') => {
    updates.push({
      update_id: nextUpdate++,
      message: {
        message_id: nextMessage++,
        from: { id: chatId, is_bot: false, first_name: firstName },
        chat: { id: chatId, type: 'private', first_name: firstName },
        date: Math.floor(Date.now() / 1000),
        text,
      },
    });
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = parseBody(raw, req.headers['content-type'], url);
      const answer = (status: number, json: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
      if (url.pathname === '/simulated/send' && req.method === 'POST') {
        userSends(
          Number(body.chat_id),
          String(body.text ?? ''),
          body.first_name ? String(body.first_name) : undefined,
        );
        return answer(200, { ok: true });
      }
      if (url.pathname === '/simulated/sent') return answer(200, { ok: true, result: sent });
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!m) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (m[1] !== token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      switch (m[2]) {
        case 'getMe':
          return answer(200, {
            ok: true,
            result: {
              id: Number(token.split(':')[0]),
              is_bot: true,
              first_name: 'ShelfScan (simulated)',
              username,
            },
          });
        case 'getUpdates': {
          const offset = Number(body.offset ?? 0);
          const result = updates.filter((u) => u.update_id >= offset).slice(0, Number(body.limit ?? 100));
          return answer(200, { ok: true, result });
        }
        case 'sendMessage': {
          const chatId = Number(body.chat_id);
          if (!Number.isFinite(chatId) || !body.text)
            return answer(400, {
              ok: false,
              error_code: 400,
              description: 'Bad Request: chat_id and text are required',
            });
          sent.push({ chatId, text: String(body.text) });
          return answer(200, {
            ok: true,
            result: {
              message_id: nextMessage++,
              chat: { id: chatId, type: 'private' },
              date: 0,
              text: body.text,
            },
          });
        }
        default:
          return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not simulated' });
      }
    });
  });
  const { address, port, close } = await listen(server, options.port, options.host);
  return { origin: `http://${address}:${port}`, token, username, sent, userSends, close };
}

function parseBody(raw: string, type: string | undefined, url: URL): Record<string, unknown> {
  const fromQuery = Object.fromEntries(url.searchParams);
  if (!raw) return fromQuery;
  if (type?.includes('application/json')) {
    try {
      return { ...fromQuery, ...(JSON.parse(raw) as Record<string, unknown>) };
    } catch {
      return fromQuery;
    }
  }
  return { ...fromQuery, ...Object.fromEntries(new URLSearchParams(raw)) };
}
