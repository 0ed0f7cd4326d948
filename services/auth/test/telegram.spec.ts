import { BusError } from '@shelfscan/bus';
import { adminEventsV1, searchEventsV1, telegramV1 } from '@shelfscan/contracts';
import { startTelegramBot, type TelegramBot } from '@shelfscan/simulator';
import { TelegramPoller } from '../src/alerts/telegram-poller.js';
import { startHarness, type Harness } from './harness.js';

const T = telegramV1.TelegramService.method;

const changed = (over: Partial<searchEventsV1.TrackerChanged> = {}) => ({
  trackerId: 'trk-1',
  runId: 'run-1',
  userEmail: 'tg@example.com',
  storeUrl: 'https://www.amazon.co.uk/s?me=A1B2C3D4E5F6G7',
  market: 'uk',
  searchType: 'standard',
  label: 'Rival Books',
  addedCount: 4,
  removedCount: 2,
  added: [],
  removed: [],
  complete: true,
  notSeen: 0,
  finishedAt: '2030-03-10T09:30:00Z',
  alertEmail: false,
  alertWebhook: false,
  alertTelegram: true,
  ...over,
});

describe('Telegram alerts without a bot', () => {
  it('says Telegram is not configured and links nothing', async () => {
    const h = await startHarness();
    try {
      await h.register('nobot@example.com');
      expect(await h.bus.request(T.getTelegram, { userEmail: 'nobot@example.com' })).toMatchObject({
        configured: false,
        linked: false,
      });
      const err = (await h.bus
        .request(T.linkTelegram, { userEmail: 'nobot@example.com' })
        .catch((e: unknown) => e)) as BusError;
      expect(err).toBeInstanceOf(BusError);
      expect(err).toMatchObject({ code: 'FAILED_PRECONDITION', reason: 'telegramNotConfigured' });
    } finally {
      await h.stop();
    }
  });
});

describe('Telegram alerts with the simulated Bot API', () => {
  let h: Harness;
  let bot: TelegramBot;
  let poll: () => Promise<number>;

  beforeAll(async () => {
    bot = await startTelegramBot();
    h = await startHarness({ TELEGRAM_BOT_TOKEN: bot.token, TELEGRAM_API_ORIGIN: bot.origin });
    poll = () => h.app.get(TelegramPoller).tick();
    await h.register('tg@example.com', { langKey: 'tr' });
    await h.register('tg-en@example.com', { langKey: 'en' });
  });
  afterAll(async () => {
    await h.stop();
    await bot.close();
  });

  const link = async (email: string, chatId: number, firstName = 'Ayşe') => {
    const { code, deepLink } = await h.bus.request(T.linkTelegram, { userEmail: email });
    expect(deepLink).toBe(`https://t.me/shelfscan_sim_bot?start=${code}`);
    bot.userSends(chatId, `/start ${code}`, firstName);
    await poll();
    return code;
  };

  it('links a chat with the one-time code the bot receives as /start, and answers in the user’s language', async () => {
    expect(await h.bus.request(T.getTelegram, { userEmail: 'tg@example.com' })).toMatchObject({
      configured: true,
      linked: false,
      botUsername: 'shelfscan_sim_bot',
    });
    const code = await link('tg@example.com', 7001);
    expect(await h.bus.request(T.getTelegram, { userEmail: 'tg@example.com' })).toMatchObject({
      linked: true,
      chatName: 'Ayşe',
      linkedAt: new Date(h.clock.nowMs()).toISOString(),
    });
    expect(bot.sent.at(-1)).toEqual({
      chatId: 7001,
      text: expect.stringContaining('bu sohbet hesabınıza bağlandı'),
    });
    // The code is used up: sent again (another chat), it links nothing and says so in both languages.
    bot.userSends(7999, `/start ${code}`);
    await poll();
    expect(bot.sent.at(-1)).toEqual({
      chatId: 7999,
      text: expect.stringContaining('this code is invalid or has expired'),
    });
    // Updates are read once: a further poll reads nothing.
    expect(await poll()).toBe(0);
  });

  it('refuses a code after 15 minutes', async () => {
    const { code } = await h.bus.request(T.linkTelegram, { userEmail: 'tg-en@example.com' });
    h.clock.advance(15 * 60_000 + 1);
    bot.userSends(7002, `/start ${code}`);
    await poll();
    expect((await h.bus.request(T.getTelegram, { userEmail: 'tg-en@example.com' })).linked).toBe(false);
    expect(bot.sent.at(-1)!.text).toContain('süresi dolmuş');
  });

  it('sends a short message on TrackerChanged with the Telegram switch on, once per run, in the user’s language', async () => {
    const before = bot.sent.length;
    await h.publish(searchEventsV1.TrackerChangedSchema, changed(), 2);
    await h.publish(searchEventsV1.TrackerChangedSchema, changed());
    expect(bot.sent.slice(before)).toEqual([
      {
        chatId: 7001,
        text: 'ShelfScan: Rival Books (Birleşik Krallık)\n+4 eklendi, −2 kaldırıldı\nhttps://shelfscan.example/trackers/trk-1',
      },
    ]);
    await link('tg-en@example.com', 7002, 'Ann');
    const mid = bot.sent.length;
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({
        runId: 'run-en',
        userEmail: 'tg-en@example.com',
        removedCount: 0,
        complete: false,
        notSeen: 12,
      }),
    );
    expect(bot.sent.slice(mid)).toEqual([
      {
        chatId: 7002,
        text: 'ShelfScan: Rival Books (United Kingdom)\n+4 added, partial run (12 not seen)\nhttps://shelfscan.example/us/trackers/trk-1',
      },
    ]);
    // Switch off, or nothing changed: no message.
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-off', alertTelegram: false }));
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({ runId: 'run-0', addedCount: 0, removedCount: 0 }),
    );
    expect(bot.sent).toHaveLength(mid + 1);
  });

  it('unlinks, and a deleted user’s link goes', async () => {
    await h.bus.request(T.unlinkTelegram, { userEmail: 'tg@example.com' });
    expect((await h.bus.request(T.getTelegram, { userEmail: 'tg@example.com' })).linked).toBe(false);
    const before = bot.sent.length;
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-after-unlink' }));
    expect(bot.sent).toHaveLength(before);
    expect(
      await h.sql(`SELECT 1 FROM auth.telegram_link WHERE user_email = 'tg-en@example.com'`),
    ).toHaveLength(1);
    await h.publish(adminEventsV1.UserDeletedSchema, { userId: 'u', userEmail: 'tg-en@example.com' });
    expect(await h.sql(`SELECT 1 FROM auth.telegram_link WHERE user_email = 'tg-en@example.com'`)).toEqual(
      [],
    );
  });

  it('leaves the bot unread when no link code was issued for a day (not a request every 3 s forever)', async () => {
    h.clock.advance(24 * 60 * 60_000 + 1);
    const before = bot.sent.length;
    bot.userSends(7300, '/start stray');
    expect(await poll()).toBe(0);
    expect(bot.sent).toHaveLength(before);
    // A new code: the bot is read again, the stray update answered.
    await h.bus.request(T.linkTelegram, { userEmail: 'tg@example.com' });
    expect(await poll()).toBe(1);
    expect(bot.sent).toHaveLength(before + 1);
  });
});
