import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BusError } from '@shelfscan/bus';
import { adminEventsV1, searchEventsV1, webhooksV1 } from '@shelfscan/contracts';
import { eventually } from '@shelfscan/testing';
import { SystemParameters } from '@shelfscan/service';
import { WebhookDeliveryTask } from '../src/webhooks/webhook-delivery.task.js';
import { WebhookLogPruneTask } from '../src/webhooks/webhook-log-prune.task.js';
import { postJson } from '../src/webhooks/webhook-post.js';
import { isPublicAddress } from '../src/webhooks/webhook-target.js';
import { WebhookResolver, WebhooksService, retryDelayMs } from '../src/webhooks/webhooks.service.js';
import { startSearchHarness, type SearchHarness } from './harness.js';

const W = webhooksV1.WebhooksService.method;
const MINUTE = 60_000;

/**
 * A local HTTP receiver: keeps every request (headers, raw body) and answers `status` (500 on the
 * `failing` paths; nothing while `hang`).
 */
async function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string; path: string }[] = [];
  const r = {
    got,
    status: 200,
    hang: false,
    failing: new Set<string>(),
    url: '',
    server: http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        got.push({ headers: req.headers, body, path: req.url ?? '' });
        if (r.hang) return;
        res.writeHead(r.failing.has(req.url ?? '') ? 500 : r.status).end('ok');
      });
    }),
  };
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
  return r;
}

function verify(secret: string, header: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  return createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex') === m[2];
}

const changed = (over: Partial<searchEventsV1.TrackerChanged> = {}) => ({
  trackerId: 'trk-1',
  runId: 'run-1',
  userEmail: 'hooks@example.com',
  storeUrl: 'https://www.amazon.ca/s?me=AOKSTORE0001',
  market: 'ca',
  searchType: 'standard',
  label: 'Rival',
  addedCount: 2,
  removedCount: 1,
  added: [
    { asin: 'B000000001', title: 'One' },
    { asin: 'B000000002', title: '' },
  ],
  removed: [{ asin: 'B000000009', title: 'Gone' }],
  complete: true,
  notSeen: 0,
  finishedAt: '2030-01-15T08:59:00Z',
  alertEmail: false,
  alertWebhook: true,
  alertTelegram: false,
  ...over,
});

describe('webhooks (private targets allowed, as in the demo and tests)', () => {
  let h: SearchHarness;
  let rx: Awaited<ReturnType<typeof receiver>>;
  let task: WebhookDeliveryTask;
  const user = 'hooks@example.com';

  beforeAll(async () => {
    rx = await receiver();
    h = await startSearchHarness({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    task = h.searchApp().get(WebhookDeliveryTask);
  });
  afterAll(async () => {
    await h.stop();
    await new Promise((resolve) => rx.server.close(resolve));
  });
  beforeEach(() => {
    rx.got.length = 0;
    rx.status = 200;
    rx.hang = false;
    rx.failing.clear();
  });

  const create = (events = ['tracker.changed'], email = user, path = '/hook') =>
    h.bus.request(W.createWebhook, { userEmail: email, url: `${rx.url}${path}`, events, description: 'CRM' });
  const deliveries = (id: string, email = user) =>
    h.bus.request(W.listWebhookDeliveries, { userEmail: email, id, limit: 0 }).then((r) => r.deliveries);

  it('registers a webhook, shows its secret once, and keeps it from other users (404)', async () => {
    const { webhook, secret } = await create(['tracker.changed', 'scan.completed']);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(webhook).toMatchObject({
      url: `${rx.url}/hook`,
      events: ['tracker.changed', 'scan.completed'],
      enabled: true,
    });
    const listed = (await h.bus.request(W.listWebhooks, { userEmail: user })).webhooks;
    expect(listed.map((w) => w.id)).toContain(webhook!.id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    for (const call of [
      h.bus.request(W.deleteWebhook, { userEmail: 'other@example.com', id: webhook!.id }),
      h.bus.request(W.testWebhook, { userEmail: 'other@example.com', id: webhook!.id }),
      h.bus.request(W.listWebhookDeliveries, { userEmail: 'other@example.com', id: webhook!.id, limit: 0 }),
      h.bus.request(W.deleteWebhook, { userEmail: user, id: 'not-a-uuid' }),
    ])
      await expect(call).rejects.toMatchObject({ code: 'NOT_FOUND', reason: 'webhookNotFound' });
    await h.bus.request(W.deleteWebhook, { userEmail: user, id: webhook!.id });
    expect((await h.bus.request(W.listWebhooks, { userEmail: user })).webhooks).toEqual([]);
  });

  it('refuses a bad request on its field: no URL, no event, an unknown event', async () => {
    const refused = async (req: Partial<webhooksV1.CreateWebhookRequest>) => {
      const err = (await h.bus
        .request(W.createWebhook, { userEmail: user, url: `${rx.url}/x`, events: ['scan.completed'], ...req })
        .catch((e: unknown) => e)) as BusError;
      expect(err).toBeInstanceOf(BusError);
      return err.violations;
    };
    expect(await refused({ url: 'not a url' })).toEqual([{ field: 'url', msg: 'webhookUrlInvalid' }]);
    expect(await refused({ url: 'ftp://example.com/x' })).toEqual([
      { field: 'url', msg: 'webhookUrlInvalid' },
    ]);
    expect(await refused({ events: [] })).toEqual([{ field: 'events', msg: 'webhookEventsInvalid' }]);
    expect(await refused({ events: ['user.deleted'] })).toEqual([
      { field: 'events', msg: 'webhookEventsInvalid' },
    ]);
    expect((await h.bus.request(W.listWebhooks, { userEmail: user })).webhooks).toEqual([]);
  });

  it('delivers tracker.changed once per run, signed, with the stored diff', async () => {
    const { webhook, secret } = await create();
    // Published twice by the harness's transport, and once more as another message of the same run.
    await h.publish(searchEventsV1.TrackerChangedSchema, changed());
    await h.publish(searchEventsV1.TrackerChangedSchema, changed());
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({ runId: 'run-quiet', addedCount: 0, removedCount: 0, added: [], removed: [] }),
    );
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-off', alertWebhook: false }));
    await h.drained();
    await task.tick();
    expect(rx.got).toHaveLength(1);
    const [req] = rx.got;
    expect(req.path).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['shelfscan-event']).toBe('tracker.changed');
    expect(verify(secret, String(req.headers['shelfscan-signature']), req.body)).toBe(true);
    expect(verify('whsec_other', String(req.headers['shelfscan-signature']), req.body)).toBe(false);
    const t = Number(/t=(\d+)/.exec(String(req.headers['shelfscan-signature']))![1]);
    expect(t).toBe(Math.floor(h.clock.nowMs() / 1000));
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      id: req.headers['shelfscan-delivery'],
      type: 'tracker.changed',
      data: {
        trackerId: 'trk-1',
        runId: 'run-1',
        storeUrl: 'https://www.amazon.ca/s?me=AOKSTORE0001',
        market: 'ca',
        addedCount: 2,
        removedCount: 1,
        added: [
          { asin: 'B000000001', title: 'One' },
          { asin: 'B000000002', title: '' },
        ],
        removed: [{ asin: 'B000000009', title: 'Gone' }],
        complete: true,
        notSeen: 0,
        finishedAt: '2030-01-15T08:59:00Z',
      },
    });
    const [d] = await deliveries(webhook!.id);
    expect(d).toMatchObject({
      id: body.id,
      event: 'tracker.changed',
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
    });
    await task.tick();
    expect(rx.got).toHaveLength(1); // delivered once
    await h.bus.request(W.deleteWebhook, { userEmail: user, id: webhook!.id });
  });

  it('delivers scan.completed when one of the user’s scans completes', async () => {
    const email = 'scanner@example.com';
    const { webhook, secret } = await create(['scan.completed'], email, '/scans');
    await h.grant(email, ['standard']);
    const { todo } = await h.create(email);
    await h.todoWhen(email, todo!.id, (t) => t.status === 'COMPLETED');
    await eventually(async () => (await deliveries(webhook!.id, email)).length === 1);
    await task.tick();
    const req = rx.got.find((g) => g.path === '/scans')!;
    expect(verify(secret, String(req.headers['shelfscan-signature']), req.body)).toBe(true);
    expect(JSON.parse(req.body)).toMatchObject({
      type: 'scan.completed',
      data: { scanId: todo!.id, status: 'COMPLETED', asinCount: 40, market: 'CA', searchType: 'standard' },
    });
  });

  it('retries a failing URL with backoff for a day, then disables it and tells its owner; the log stays', async () => {
    const { webhook } = await create(['tracker.changed'], user, '/down');
    const sent = () => rx.got.filter((g) => g.path === '/down').length;
    rx.status = 500;
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-down' }));
    await h.drained();
    await task.tick();
    expect(sent()).toBe(1);
    let [d] = await deliveries(webhook!.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500, error: 'HTTP 500' });
    expect(Date.parse(d.nextAttemptAt) - h.clock.nowMs()).toBe(MINUTE);
    await task.tick(); // not due yet
    expect(sent()).toBe(1);
    h.clock.advance(MINUTE);
    await task.tick();
    expect(sent()).toBe(2);
    [d] = await deliveries(webhook!.id);
    expect(Date.parse(d.nextAttemptAt) - h.clock.nowMs()).toBe(2 * MINUTE);
    // A timeout is a failure too.
    rx.hang = true;
    h.searchApp().get(WebhooksService).timeoutMs = 200;
    h.clock.advance(2 * MINUTE);
    await task.tick();
    expect(sent()).toBe(3);
    [d] = await deliveries(webhook!.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 3, responseCode: 0 });
    expect(d.error).toContain('no answer');
    h.searchApp().get(WebhooksService).timeoutMs = 10_000;
    rx.hang = false;
    // Until a day has passed since the event: still retried.
    let attempts = 3;
    while (h.clock.nowMs() + retryDelayMs(attempts) < Date.parse(d.createdAt) + 24 * 60 * MINUTE) {
      h.clock.advance(retryDelayMs(attempts));
      await task.tick();
      attempts++;
    }
    expect(sent()).toBe(attempts);
    expect((await deliveries(webhook!.id))[0].status).toBe('pending');
    expect(await outboxTopics()).not.toContain('shelfscan.search.v1.WebhookDisabled');
    h.clock.advance(retryDelayMs(attempts));
    await task.tick();
    [d] = await deliveries(webhook!.id);
    expect(d).toMatchObject({ status: 'failed', attempts: attempts + 1, responseCode: 500 });
    const [hook] = (await h.bus.request(W.listWebhooks, { userEmail: user })).webhooks.filter(
      (w) => w.id === webhook!.id,
    );
    expect(hook).toMatchObject({ enabled: false, disabledAt: new Date(h.clock.nowMs()).toISOString() });
    expect(await outboxTopics()).toContain('shelfscan.search.v1.WebhookDisabled');
    // Disabled: new events queue nothing for it, nothing more is sent.
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-after' }));
    await h.drained();
    h.clock.advance(HOUR_MS);
    await task.tick();
    expect(sent()).toBe(attempts + 1);
    expect(await deliveries(webhook!.id)).toHaveLength(1);
    // A test event enables it again.
    rx.status = 204;
    await h.bus.request(W.testWebhook, { userEmail: user, id: webhook!.id });
    await task.tick();
    const [test] = await deliveries(webhook!.id);
    expect(test).toMatchObject({ event: 'webhook.test', status: 'delivered', responseCode: 204 });
    expect(rx.got.at(-1)!.headers['shelfscan-event']).toBe('webhook.test');
    await h.bus.request(W.deleteWebhook, { userEmail: user, id: webhook!.id });
  });

  it('gives up a webhook with several deliveries pending at once: every one fails, the owner is told once', async () => {
    const email = 'many@example.com';
    const { webhook } = await create(['tracker.changed'], email, '/many');
    rx.failing.add('/many');
    for (const runId of ['many-1', 'many-2', 'many-3', 'many-4'])
      await h.publish(searchEventsV1.TrackerChangedSchema, changed({ userEmail: email, runId }));
    await h.drained();
    await task.tick();
    const statuses = async () => (await deliveries(webhook!.id, email)).map((d) => d.status);
    expect(await statuses()).toEqual(Array(4).fill('pending'));
    const disabledBefore = (await outboxTopics()).filter((t) => t.endsWith('WebhookDisabled')).length;
    // A day later the four are due together: given up in parallel, none left pending.
    h.clock.advance(24 * 60 * MINUTE);
    await task.tick();
    expect(await statuses()).toEqual(Array(4).fill('failed'));
    const [hook] = (await h.bus.request(W.listWebhooks, { userEmail: email })).webhooks;
    expect(hook).toMatchObject({ enabled: false });
    expect((await outboxTopics()).filter((t) => t.endsWith('WebhookDisabled'))).toHaveLength(
      disabledBefore + 1,
    );
    await h.bus.request(W.deleteWebhook, { userEmail: email, id: webhook!.id });
  });

  it('a deleted user’s webhooks and deliveries go (UserDeleted)', async () => {
    const email = 'leaving@example.com';
    const { webhook } = await create(['tracker.changed'], email);
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-leave', userEmail: email }));
    await h.drained();
    expect(await deliveries(webhook!.id, email)).toHaveLength(1);
    await h.publish(adminEventsV1.UserDeletedSchema, { userId: 'u1', userEmail: email });
    await h.drained();
    expect((await h.bus.request(W.listWebhooks, { userEmail: email })).webhooks).toEqual([]);
    expect(
      await sql(`SELECT count(*)::int AS n FROM search.webhook_delivery WHERE webhook_id = $1`, [
        webhook!.id,
      ]),
    ).toEqual([{ n: 0 }]);
  });

  const HOUR_MS = 60 * MINUTE;
  const sql = async (q: string, params: unknown[] = []) => h.searchDb.query(q, params);
  const outboxTopics = async () =>
    ((await sql(`SELECT topic FROM outbox`)) as { topic: string }[]).map((r) => r.topic);
});

describe('webhook targets (the default: https to public addresses only)', () => {
  let h: SearchHarness;
  let rx: Awaited<ReturnType<typeof receiver>>;
  const dns: Record<string, string[]> = {
    'hooks.example.com': ['93.184.216.34'],
    'inside.example.com': ['93.184.216.34', '10.0.0.5'],
    'rebind.example.com': ['93.184.216.34'],
  };
  const resolver: WebhookResolver = {
    resolve: async (host) => {
      const found = dns[host];
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };

  beforeAll(async () => {
    rx = await receiver();
    h = await startSearchHarness({ overrides: [{ provide: WebhookResolver, useValue: resolver }] });
  });
  afterAll(async () => {
    await h.stop();
    await new Promise((resolve) => rx.server.close(resolve));
  });

  const register = (url: string) =>
    h.bus.request(W.createWebhook, {
      userEmail: 'ssrf@example.com',
      url,
      events: ['tracker.changed'],
      description: '',
    });
  const refusal = async (url: string) => {
    const err = (await register(url).catch((e: unknown) => e)) as BusError;
    return err instanceof BusError ? err.violations.map((v) => `${v.field}:${v.msg}`).join() : 'accepted';
  };

  it('refuses http, and loopback, private, CGNAT, ULA, link-local, metadata, unspecified and multicast addresses', async () => {
    expect(await refusal('http://hooks.example.com/x')).toBe('url:webhookUrlNotHttps');
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/x',
      'https://[fc00::1]/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
      'https://[::]/x',
      'https://224.0.0.1/x',
      'https://inside.example.com/x', // one private address among its names
    ])
      expect([url, await refusal(url)]).toEqual([url, 'url:webhookUrlPrivate']);
    expect(await refusal('https://nowhere.example.com/x')).toBe('url:webhookUrlUnresolved');
    expect(await refusal('https://hooks.example.com/x')).toBe('accepted');
    expect(await refusal('https://93.184.216.34/x')).toBe('accepted');
  });

  it('checks the address again at delivery: a name that now resolves inside is not called', async () => {
    await register('https://rebind.example.com/hook');
    dns['rebind.example.com'] = ['127.0.0.1'];
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({ userEmail: 'ssrf@example.com', runId: 'rebind' }),
    );
    await h.drained();
    await h.searchApp().get(WebhookDeliveryTask).tick();
    const rows = (await h.searchDb.query(
      `SELECT status, attempts, error FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id WHERE w.url = $1`,
      ['https://rebind.example.com/hook'],
    )) as { status: string; attempts: number; error: string }[];
    expect(rows).toEqual([{ status: 'pending', attempts: 1, error: 'refused: the address is not public' }]);
    expect(rx.got).toHaveLength(0);
  });

  it('classifies addresses with ipaddr.js: only public unicast passes', () => {
    expect(['93.184.216.34', '2606:4700::1111', '8.8.8.8'].every(isPublicAddress)).toBe(true);
    expect(
      [
        '127.0.0.1',
        '10.0.0.1',
        '100.64.0.1',
        '169.254.169.254',
        'fd00:ec2::254',
        '::',
        '::1',
        'ff02::1',
        '255.255.255.255',
        'nonsense',
      ].some(isPublicAddress),
    ).toBe(false);
  });

  it('connects to the pinned address, not to what the name resolves to at connect time', async () => {
    const port = (rx.server.address() as AddressInfo).port;
    const outcome = await postJson(
      `http://pinned.invalid:${port}/p`,
      '{}',
      {},
      {
        pinned: { address: '127.0.0.1', family: 4 },
        timeoutMs: 2000,
      },
    );
    expect(outcome).toEqual({ status: 200 });
    expect(rx.got.at(-1)!.path).toBe('/p');
    expect(await postJson(`http://pinned.invalid:${port}/p`, '{}', {}, { timeoutMs: 2000 })).toMatchObject({
      error: expect.stringContaining('pinned.invalid'),
    });
  });
});

describe('the webhook delivery log is pruned after webhooks.deliveryRetentionDays', () => {
  let h: SearchHarness;
  let rx: Awaited<ReturnType<typeof receiver>>;
  let delivery: WebhookDeliveryTask;
  let prune: WebhookLogPruneTask;
  let webhooks: WebhooksService;
  const user = 'retention@example.com';
  const DAY_MS = 24 * 60 * MINUTE;

  beforeAll(async () => {
    rx = await receiver();
    h = await startSearchHarness({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    delivery = h.searchApp().get(WebhookDeliveryTask);
    prune = h.searchApp().get(WebhookLogPruneTask);
    webhooks = h.searchApp().get(WebhooksService);
    // Both run only when the test says (tick), not on the clock's moves, until the last step.
    await delivery.onModuleDestroy();
    await prune.onModuleDestroy();
  });
  afterAll(async () => {
    await h.stop();
    await new Promise((resolve) => rx.server.close(resolve));
  });

  const create = async (path: string) =>
    (
      await h.bus.request(W.createWebhook, {
        userEmail: user,
        url: `${rx.url}${path}`,
        events: ['tracker.changed'],
        description: '',
      })
    ).webhook!.id;
  const statuses = async (id: string) =>
    (await h.bus.request(W.listWebhookDeliveries, { userEmail: user, id, limit: 0 })).deliveries.map(
      (d) => d.status,
    );
  const changedRun = async (runId: string) => {
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ userEmail: user, runId }));
    await h.drained();
    await delivery.tick();
  };
  const setRetention = (days: string) => {
    const params = h.searchApp().get(SystemParameters);
    params.apply([{ ...params.get('webhooks.deliveryRetentionDays')!, value1: days }]);
  };

  it('deletes finished deliveries past the retention in bounded batches; recent and pending ones stay, the log still answers', async () => {
    const start = h.clock.nowMs();
    const keep = await create('/keep');
    const down = await create('/down');
    rx.failing.add('/down');
    // Day 0: five runs, delivered to /keep; /down answers 500.
    for (const run of ['a1', 'a2', 'a3', 'a4', 'a5']) await changedRun(run);
    expect(await statuses(keep)).toEqual(Array(5).fill('delivered'));
    expect(await statuses(down)).toEqual(Array(5).fill('pending'));
    // A day later /down is given up (and its webhook disabled): finished too.
    h.clock.advance(DAY_MS + MINUTE);
    await delivery.tick();
    expect(await statuses(down)).toEqual(Array(5).fill('failed'));

    // Day 1: a third webhook whose target fails (its deliveries stay pending, retried), and two more
    // runs two hours apart (p1's delivery to /slow is retried at e1, still within its day).
    const slow = await create('/slow');
    rx.failing.add('/slow');
    await changedRun('p1');
    h.clock.advance(2 * 60 * MINUTE);
    await changedRun('e1');
    expect(await statuses(slow)).toEqual(['pending', 'pending']);
    expect(await statuses(keep)).toEqual(Array(7).fill('delivered'));

    // 30 days and an hour after day 1 (the sender stopped): day 0's ten and p1's delivered one are
    // past 30 days, and so is p1's pending one; e1's are not.
    h.clock.set(new Date(start + 31 * DAY_MS + 60 * MINUTE));
    const old = () =>
      h.searchDb.query(
        `SELECT count(*)::int AS n FROM webhook_delivery WHERE created_at < $1 AND status <> 'pending'`,
        [new Date(h.clock.nowMs() - 30 * DAY_MS)],
      ) as Promise<{ n: number }[]>;
    expect(await old()).toEqual([{ n: 11 }]);

    // 0 keeps every delivery.
    setRetention('0');
    expect(await prune.tick()).toBe(0);
    expect(await old()).toEqual([{ n: 11 }]);
    setRetention('30');

    // One statement deletes at most its batch.
    const cutoff = new Date(h.clock.nowMs() - 30 * DAY_MS);
    expect(await webhooks.pruneDeliveries(cutoff, 3)).toBe(3);
    expect(await old()).toEqual([{ n: 8 }]);
    // The task goes on batch by batch until one comes back short.
    prune.batchSize = 3;
    const batches: number[] = [];
    const spy = jest.spyOn(webhooks, 'pruneDeliveries');
    spy.mockImplementation(async (before, limit) => {
      const n = await WebhooksService.prototype.pruneDeliveries.call(webhooks, before, limit);
      batches.push(n);
      return n;
    });
    try {
      expect(await prune.tick()).toBe(8);
    } finally {
      spy.mockRestore();
    }
    expect(batches).toEqual([3, 3, 2]);
    expect(await old()).toEqual([{ n: 0 }]);

    // The log answers with what is left: the recent delivery, the pending ones, an empty log.
    expect(await statuses(keep)).toEqual(['delivered']);
    expect(await statuses(slow)).toEqual(['pending', 'pending']);
    expect(await statuses(down)).toEqual([]);
    expect(
      (await h.bus.request(W.listWebhooks, { userEmail: user })).webhooks.map((w) => w.id).sort(),
    ).toEqual([keep, down, slow].sort());

    // On the clock: once the hourly run has passed with the recent one past 30 days, it goes too;
    // the pending ones still stay.
    prune.onApplicationBootstrap();
    h.clock.advance(DAY_MS);
    await eventually(async () => (await statuses(keep)).length === 0);
    expect(await statuses(slow)).toEqual(['pending', 'pending']);
  });
});
