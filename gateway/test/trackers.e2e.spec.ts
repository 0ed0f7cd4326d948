import { randomUUID } from 'node:crypto';
import { billingEventsV1 } from '@shelfscan/contracts';
import { eventually } from '@shelfscan/testing';
import { HOLD_SELLER, storeAsins, storeItem } from './fake-scan-engine.js';
import { startStack, type Stack } from './stack.js';

const SELLER = 'ATRACKGW0001';
const store = (seller = SELLER) => `https://www.amazon.ca/s?me=${seller}`;

/** The tracker routes (gateway/README.md, "Tracker routes") through gateway → bus → search + scraper (fake engine). */
describe('gateway + search service: the tracker routes', () => {
  let stack: Stack;
  const tokens: Record<string, string> = {};

  const as = (
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
    lang = 'tr',
  ) => stack.call(method, url, body, { authorization: `Bearer ${tokens[who]}`, 'accept-language': lang });

  async function grant(email: string, who: string, features: string[]) {
    const start = Date.now() - 60_000;
    await stack.publish(billingEventsV1.PlanActivatedSchema, {
      subscriptionId: randomUUID(),
      userEmail: email,
      features,
      trial: false,
      periodStart: new Date(start).toISOString(),
      periodEnd: new Date(start + 30 * 86_400_000).toISOString(),
    });
    await eventually(async () => {
      const q = await as(who, 'GET', '/api/search-info/quota');
      return features.every((f) => q.json().data.plans[f]);
    });
  }

  const runDone = (who: string, id: string, runId: string) =>
    eventually(async () => {
      const runs = (await as(who, 'GET', `/api/trackers/${id}/runs`)).json().data as {
        id: string;
        finishedAt: string | null;
      }[];
      return runs.find((r) => r.id === runId && r.finishedAt);
    });

  beforeAll(async () => {
    stack = await startStack({}, [], { scans: true });
    for (const who of ['seller', 'other', 'noplan']) {
      const email = `${who}@track.example`;
      await stack.call('POST', '/api/public/register', {
        firstName: 'Deniz',
        lastName: 'Kaya',
        email,
        password: 'secret1',
      });
      await stack.call('POST', '/api/public/activate', { email, code: await stack.mailedCode(email) });
      tokens[who] = (
        await stack.call('POST', '/api/authenticate', { email, password: 'secret1' })
      ).json().data.token;
    }
    await grant('seller@track.example', 'seller', ['standard']);
    await grant('other@track.example', 'other', ['standard']);
  }, 90_000);
  afterAll(() => stack.stop(), 60_000);

  it('refuses bad trackers with 422 in the spec shape, in both languages, and without a plan with 403', async () => {
    expect((await stack.call('GET', '/api/trackers')).statusCode).toBe(401);
    const body = {
      storeUrl: 'https://www.ebay.com/str/x',
      market: 'CA',
      searchType: 'standard',
      schedule: 'daily',
      hour: 30,
    };
    const tr = await as('seller', 'POST', '/api/trackers', body);
    expect(tr.statusCode).toBe(422);
    expect(tr.json().errors).toEqual([
      { field: 'hour', msg: 'Saat 0 ile 23 arasında olmalı (İstanbul saati).' },
      { field: 'storeUrl', msg: 'Bu bir Amazon bağlantısı değil.' },
    ]);
    const en = await as('seller', 'POST', '/api/trackers', { ...body, hour: 5 }, 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      success: false,
      errors: [{ field: 'storeUrl', msg: 'This is not an Amazon link.' }],
    });
    const noPlan = await as('noplan', 'POST', '/api/trackers', { ...body, storeUrl: store(), hour: 5 });
    expect(noPlan.statusCode).toBe(403);
    expect((await as('seller', 'GET', '/api/trackers')).json().data).toEqual([]);
  });

  it('creates, runs, lists runs and ASINs, downloads a run and deletes; another user sees 404', async () => {
    const created = await as('seller', 'POST', '/api/trackers', {
      storeUrl: store(),
      market: 'CA',
      searchType: 'standard',
      schedule: 'weekly',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    const tracker = (await as('seller', 'GET', `/api/trackers/${id}`)).json().data;
    expect(tracker).toMatchObject({
      id,
      storeUrl: store(),
      market: 'CA',
      searchType: 'standard',
      keyword: null,
      fileName: `CA ${SELLER}`,
      schedule: 'weekly',
      hour: 6,
      weekday: 1,
      paused: false,
      alerts: { email: true, webhook: true, telegram: true },
      running: false,
      present: 0,
      ever: 0,
      lastRun: null,
    });
    expect(tracker.nextRunAt).toEqual(expect.any(String));
    expect((await as('other', 'GET', `/api/trackers/${id}`)).statusCode).toBe(404);
    expect((await as('other', 'POST', `/api/trackers/${id}/run`)).statusCode).toBe(404);

    const run = (await as('seller', 'POST', `/api/trackers/${id}/run`)).json().data;
    expect(run).toMatchObject({ status: 'PENDING', baseline: false, finishedAt: null, addedCount: 0 });
    const finished = await runDone('seller', id, run.id);
    expect(finished).toMatchObject({
      status: 'COMPLETED',
      baseline: true,
      complete: true,
      found: 25,
      added: [],
      removed: [],
      notSeen: 0,
      aboveLimit: false,
    });

    const page = await as('seller', 'GET', `/api/trackers/${id}/asins?page=1&size=10&present=true`);
    expect(page.headers['x-total-count']).toBe('25');
    const rows = page.json().data as { asin: string }[];
    expect(rows.map((r) => r.asin)).toEqual(storeAsins(SELLER).slice(10, 20));
    // The title the scan's tile showed (ListScanItems), kept by the tracker.
    expect(rows[0]).toEqual({
      asin: storeAsins(SELLER)[10],
      title: storeItem(storeAsins(SELLER)[10]!, 10).title,
      firstSeen: expect.any(String),
      lastSeen: expect.any(String),
      present: true,
    });
    expect((await as('seller', 'GET', `/api/trackers/${id}/asins?present=maybe`)).statusCode).toBe(422);

    const txt = await as('seller', 'GET', `/api/trackers/${id}/runs/${run.id}/download?list=removed`);
    expect(txt.statusCode).toBe(200);
    expect(txt.body).toBe('');
    expect(txt.headers['content-disposition']).toMatch(
      /^attachment; filename="CA ATRACKGW0001 \d{4}-\d{2}-\d{2} removed.txt"/,
    );
    const csv = await as(
      'seller',
      'GET',
      `/api/trackers/${id}/runs/${run.id}/download?format=csv&list=added`,
      undefined,
      'en',
    );
    expect(csv.body).toBe('\uFEFFASIN,Title\r\n');
    expect(
      (await as('seller', 'GET', `/api/trackers/${id}/runs/${run.id}/download?list=all`)).statusCode,
    ).toBe(422);
    expect((await as('other', 'GET', `/api/trackers/${id}/runs/${run.id}/download`)).statusCode).toBe(404);

    const edited = await as('seller', 'PUT', `/api/trackers/${id}`, {
      storeUrl: store(),
      market: 'CA',
      searchType: 'standard',
      schedule: 'daily',
      hour: 9,
      fileName: 'Rakip',
      alerts: { telegram: false },
    });
    expect(edited.json().data).toMatchObject({
      fileName: 'Rakip',
      schedule: 'daily',
      hour: 9,
      weekday: null,
      alerts: { email: true, webhook: true, telegram: false },
    });
    expect((await as('seller', 'POST', `/api/trackers/${id}/pause`)).json().data).toMatchObject({
      paused: true,
      nextRunAt: null,
    });
    expect((await as('seller', 'POST', `/api/trackers/${id}/resume`)).json().data.paused).toBe(false);
    const list = (await as('seller', 'GET', '/api/trackers')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        present: 25,
        ever: 25,
        lastRun: expect.objectContaining({ id: run.id }),
      }),
    ]);

    expect((await as('other', 'DELETE', `/api/trackers/${id}`)).statusCode).toBe(404);
    expect((await as('seller', 'DELETE', `/api/trackers/${id}`)).statusCode).toBe(200);
    expect((await as('seller', 'GET', `/api/trackers/${id}`)).statusCode).toBe(404);
  });

  it('answers 409 trackerRunning while a run is going', async () => {
    const id = (
      await as('other', 'POST', '/api/trackers', {
        storeUrl: store(HOLD_SELLER),
        market: 'CA',
        searchType: 'standard',
        schedule: 'daily',
      })
    ).json().data.id;
    expect((await as('other', 'POST', `/api/trackers/${id}/run`)).statusCode).toBe(200);
    const again = await as('other', 'POST', `/api/trackers/${id}/run`, undefined, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: 'A run of this store is already going. Wait until it ends.',
    });
    // Deleting the tracker cancels its running scan.
    await eventually(async () => {
      const runs = (await as('other', 'GET', `/api/trackers/${id}/runs`)).json().data as { status: string }[];
      return runs[0]?.status === 'PROCESSING';
    });
    expect((await as('other', 'DELETE', `/api/trackers/${id}`)).statusCode).toBe(200);
  });
});
