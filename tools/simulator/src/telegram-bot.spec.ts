import { startTelegramBot, type TelegramBot } from './telegram-bot.js';

describe('the simulated Telegram Bot API', () => {
  let bot: TelegramBot;
  beforeAll(async () => {
    bot = await startTelegramBot({ token: '42:TEST', username: 'test_bot' });
  });
  afterAll(() => bot.close());

  const call = async (method: string, body: unknown, token = bot.token) => {
    const res = await fetch(`${bot.origin}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { ok: boolean; result?: unknown; description?: string },
    };
  };

  it('answers getMe, refuses another token with 401 as the Bot API does', async () => {
    expect(await call('getMe', {})).toEqual({
      status: 200,
      body: {
        ok: true,
        result: { id: 42, is_bot: true, first_name: 'ShelfScan (simulated)', username: 'test_bot' },
      },
    });
    expect(await call('getMe', {}, '42:WRONG')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
  });

  it('returns the updates from the offset on, and keeps what the bot sent', async () => {
    bot.userSends(7, '/start abc');
    bot.userSends(8, 'hello');
    const all = (await call('getUpdates', { offset: 0 })).body.result as {
      update_id: number;
      message: { chat: { id: number }; text: string };
    }[];
    expect(all.map((u) => [u.update_id, u.message.chat.id, u.message.text])).toEqual([
      [1, 7, '/start abc'],
      [2, 8, 'hello'],
    ]);
    expect(((await call('getUpdates', { offset: 2 })).body.result as unknown[]).length).toBe(1);
    expect((await call('sendMessage', { chat_id: 7, text: 'hi' })).body.ok).toBe(true);
    expect((await call('sendMessage', { chat_id: 7 })).status).toBe(400);
    expect(bot.sent).toEqual([{ chatId: 7, text: 'hi' }]);
  });
});
