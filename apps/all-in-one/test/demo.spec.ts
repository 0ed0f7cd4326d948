import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, freePort } from '@shelfscan/db';
import { istanbulDate } from '@shelfscan/service';
import { eventually } from '@shelfscan/testing';
import { DEMO_ADMIN, DEMO_PROMOTION, DEMO_SELLER, startDemo, type Demo } from '../src/demo-setup.js';

/**
 * `make demo` in-process (startDemo, what dist/demo.js runs) on a test database: it must sell
 * offline (billing prices from the central bank double, never the bank on the internet) and its
 * seller's plans must be billing's own, so billing, search and admin agree on them.
 */
interface Summary {
  applies: boolean;
  breakdown: { tryKurus: number; usdCents: number; discountUsdCents: number };
}
interface Plan {
  features: string[];
  status: string;
}

describe('make demo', () => {
  jest.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-demo-'));
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: Record<string, string>;
  let demo: Demo | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    // No FX_RATES_URL: what `make demo` gets from a fresh shell.
    env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SIM_PORT: '0',
      LOG_LEVEL: 'silent',
    };
    demo = await startDemo(env);
  });
  afterAll(async () => {
    await demo?.stop();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async <T>(token: string | null, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${demo!.running.url}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, data: ((await res.json()) as { data: T }).data };
  };
  const signIn = async (account: { email: string; password: string }) => {
    const r = await api<{ token: string }>(null, 'POST', '/api/authenticate', account);
    expect(r.status).toBe(200);
    return r.data.token;
  };

  it("prices a purchase at the simulated bulletin of today, with the demo's promotion code, offline", async () => {
    expect(demo!.env.FX_RATES_URL).toBe(demo!.centralBank.url);
    expect(new URL(demo!.centralBank.url).hostname).toBe('127.0.0.1');
    const seller = await signIn(DEMO_SELLER);
    const r = await api<Summary>(seller, 'POST', '/api/promotion/summary', {
      features: ['standard'],
      promotionCode: DEMO_PROMOTION.code,
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      applies: true,
      unavailableReason: null,
      breakdown: { rate: demo!.centralBank.usdSelling, bulletinDate: istanbulDate(new Date()) },
    });
    expect(r.data.breakdown.tryKurus).toBeGreaterThan(0);
    expect(r.data.breakdown.discountUsdCents).toBe(Math.round(r.data.breakdown.usdCents * 0.2));
  });

  it('gives the seller all three plans through billing, so billing, search and admin agree', async () => {
    const seller = await signIn(DEMO_SELLER);
    const plans = (await api<Plan[]>(seller, 'GET', '/api/user-plan')).data;
    expect(plans).toEqual([
      expect.objectContaining({ status: 'active', features: ['standard', 'deep', 'functional'] }),
    ]);
    const quota = await eventually(async () => {
      const q = (await api<{ plans?: Record<string, boolean> }>(seller, 'GET', '/api/search-info/quota'))
        .data;
      return q?.plans?.standard && q.plans.deep && q.plans.functional && q;
    });
    expect(quota.plans).toMatchObject({ standard: true, deep: true, functional: true });
    const admin = await signIn(DEMO_ADMIN);
    const user = await eventually(async () => {
      const u = (await api<{ planActive?: boolean }>(admin, 'GET', `/api/admin/users/${DEMO_SELLER.email}`))
        .data;
      return u?.planActive && u;
    });
    expect(user.planActive).toBe(true);
  });

  it('lets webhooks go to a local receiver (WEBHOOK_ALLOW_PRIVATE_TARGETS=true in the demo only)', async () => {
    expect(demo!.env.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe('true');
    const seller = await signIn(DEMO_SELLER);
    const r = await api<{ id: string; secret: string }>(seller, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['scan.completed'],
    });
    expect(r.status).toBe(200);
    expect(r.data.secret).toMatch(/^whsec_/);
    expect((await api<unknown>(seller, 'DELETE', `/api/webhooks/${r.data.id}`)).status).toBe(200);
  });

  it('links Telegram through the simulated Bot API', async () => {
    expect(demo!.env.TELEGRAM_API_ORIGIN).toBe(demo!.telegram.origin);
    const seller = await signIn(DEMO_SELLER);
    const link = await api<{ code: string; deepLink: string }>(seller, 'POST', '/api/account/telegram/link');
    expect(link.status).toBe(200);
    await fetch(`${demo!.telegram.origin}/simulated/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 99, text: `/start ${link.data.code}` }),
    });
    const state = await eventually(async () => {
      const s = (await api<{ linked: boolean }>(seller, 'GET', '/api/account/telegram')).data;
      return s.linked && s;
    });
    expect(state.linked).toBe(true);
    expect(demo!.telegram.sent.at(-1)?.chatId).toBe(99);
  });

  it('a second start on the same data grants and seeds nothing more', async () => {
    await demo!.stop();
    demo = undefined;
    demo = await startDemo(env);
    const seller = await signIn(DEMO_SELLER);
    expect((await api<Plan[]>(seller, 'GET', '/api/user-plan')).data).toHaveLength(1);
    const admin = await signIn(DEMO_ADMIN);
    const promotions = (await api<{ code: string }[]>(admin, 'GET', '/api/promotion')).data;
    expect(promotions.filter((p) => p.code === DEMO_PROMOTION.code)).toHaveLength(1);
  });
});
