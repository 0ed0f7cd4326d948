import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTelegramBot } from '@shelfscan/simulator';
import { startStack, type Stack } from './stack.js';

/** The webhook routes (issue 18) through the real layers: gateway → bus → search service → PostgreSQL. */
describe('gateway + search service: the webhook routes', () => {
  describe('by default (https to public addresses only)', () => {
    let stack: Stack;
    let seller: Record<string, string>;
    beforeAll(async () => {
      stack = await startStack({}, [], { scans: true });
      seller = await stack.newUser('hooks-seller@example.com');
    });
    afterAll(() => stack.stop());

    it('refuses a URL that is not https or points inside with 422 on url, in the caller’s language', async () => {
      const http1 = await stack.call(
        'POST',
        '/api/webhooks',
        { url: 'http://hooks.example.com/x', events: ['tracker.changed'] },
        seller,
      );
      expect(http1.statusCode).toBe(422);
      expect(http1.json()).toMatchObject({
        success: false,
        errors: [{ field: 'url', msg: 'Adres https:// ile başlamalı.' }],
      });
      const inside = await stack.call(
        'POST',
        '/api/webhooks',
        { url: 'https://169.254.169.254/latest/meta-data', events: ['scan.completed'] },
        { ...seller, 'accept-language': 'en' },
      );
      expect(inside.statusCode).toBe(422);
      expect(inside.json().errors).toEqual([
        {
          field: 'url',
          msg: 'The address must be on the public internet, not a private, local or internal one.',
        },
      ]);
      const noEvents = await stack.call(
        'POST',
        '/api/webhooks',
        { url: 'https://1.1.1.1/x', events: [] },
        seller,
      );
      expect(noEvents.statusCode).toBe(422);
      expect(noEvents.json().errors[0].field).toBe('events');
      expect((await stack.call('GET', '/api/webhooks', undefined, seller)).json().data).toEqual([]);
      expect((await stack.call('GET', '/api/webhooks')).statusCode).toBe(401);
    });
  });

  describe('with WEBHOOK_ALLOW_PRIVATE_TARGETS=true (the demo)', () => {
    let stack: Stack;
    let seller: Record<string, string>;
    let other: Record<string, string>;
    const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.writeHead(202).end();
      });
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      stack = await startStack({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, [], { scans: true });
      seller = await stack.newUser('hooks-demo@example.com');
      other = await stack.newUser('hooks-other@example.com');
    });
    afterAll(async () => {
      await stack.stop();
      await new Promise((resolve) => server.close(resolve));
    });

    it('registers, lists, tests, shows the log and deletes; another user gets 404', async () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
      const created = await stack.call(
        'POST',
        '/api/webhooks',
        { url, events: ['scan.completed'], description: 'ERP' },
        seller,
      );
      expect(created.statusCode).toBe(200);
      const hook = created.json().data;
      expect(hook).toMatchObject({
        url,
        events: ['scan.completed'],
        description: 'ERP',
        enabled: true,
        disabledAt: null,
      });
      expect(hook.secret).toMatch(/^whsec_/);
      const listed = (await stack.call('GET', '/api/webhooks', undefined, seller)).json().data;
      const { secret: _secret, ...shown } = hook;
      expect(listed).toEqual([shown]);
      for (const [method, path] of [
        ['DELETE', `/api/webhooks/${hook.id}`],
        ['POST', `/api/webhooks/${hook.id}/test`],
        ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ] as const) {
        const r = await stack.call(method, path, undefined, other);
        expect([path, r.statusCode]).toEqual([path, 404]);
      }
      const test = await stack.call('POST', `/api/webhooks/${hook.id}/test`, undefined, seller);
      expect(test.json().data).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
      const deadline = Date.now() + 10_000;
      let log: { status: string; responseCode: number | null }[] = [];
      while (Date.now() < deadline) {
        log = (await stack.call('GET', `/api/webhooks/${hook.id}/deliveries`, undefined, seller)).json().data;
        if (log[0]?.status === 'delivered') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(log).toEqual([expect.objectContaining({ status: 'delivered', responseCode: 202, attempts: 1 })]);
      expect(got.at(-1)!.headers['shelfscan-event']).toBe('webhook.test');
      const del = await stack.call('DELETE', `/api/webhooks/${hook.id}`, undefined, seller);
      expect(del.json()).toEqual({ success: true, message: 'Webhook silindi.' });
      expect((await stack.call('GET', '/api/webhooks', undefined, seller)).json().data).toEqual([]);
    });
  });
});

describe('gateway + auth service: the Telegram routes', () => {
  it('without a bot: not configured, and linking answers 403 in the caller’s language', async () => {
    const stack = await startStack();
    try {
      const seller = await stack.newUser('tg-gw@example.com');
      const got = await stack.call('GET', '/api/account/telegram', undefined, seller);
      expect(got.json().data).toEqual({
        configured: false,
        linked: false,
        chatName: null,
        linkedAt: null,
        botUsername: null,
      });
      const link = await stack.call('POST', '/api/account/telegram/link', undefined, {
        ...seller,
        'accept-language': 'en',
      });
      expect(link.statusCode).toBe(403);
      expect(link.json().message).toBe('Telegram alerts are not configured on this ShelfScan.');
      expect((await stack.call('GET', '/api/account/telegram')).statusCode).toBe(401);
    } finally {
      await stack.stop();
    }
  });

  it('with the simulated bot: link, /start, linked, unlink', async () => {
    const bot = await startTelegramBot();
    const stack = await startStack({ TELEGRAM_BOT_TOKEN: bot.token, TELEGRAM_API_ORIGIN: bot.origin });
    try {
      const seller = await stack.newUser('tg-gw2@example.com');
      const link = (await stack.call('POST', '/api/account/telegram/link', undefined, seller)).json().data;
      expect(link.deepLink).toBe(`https://t.me/${bot.username}?start=${link.code}`);
      bot.userSends(4242, `/start ${link.code}`, 'Deniz');
      const deadline = Date.now() + 10_000;
      let state = { linked: false };
      while (!state.linked && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        state = (await stack.call('GET', '/api/account/telegram', undefined, seller)).json().data;
      }
      expect(state).toMatchObject({
        configured: true,
        linked: true,
        chatName: 'Deniz',
        botUsername: bot.username,
      });
      const unlink = await stack.call('DELETE', '/api/account/telegram', undefined, seller);
      expect(unlink.json()).toEqual({
        success: true,
        message: 'Telegram sohbetinizin bağlantısı kaldırıldı.',
      });
      expect((await stack.call('GET', '/api/account/telegram', undefined, seller)).json().data.linked).toBe(
        false,
      );
    } finally {
      await stack.stop();
      await bot.close();
    }
  });
});
