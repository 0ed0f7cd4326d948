// The scans-under-load benchmark (issue 23): 30 sellers start a scan each at once, 10 on each of
// three markets, on one scraper process (SCRAPER_WORKERS 3, the default) with the real ScanWorker,
// ScanJobRepository (the fair claim and the yield between pages), engine and MarketplaceClient,
// against the simulator, on an embedded PostgreSQL. Politeness is scaled up (2 requests a second a
// market instead of 0.5) and the slice with it (7.5 s instead of 30 s: the same 15 pages), so the row
// takes under a minute. Each seller's time to its first stored page and to its scan's end is
// recorded; the row passes when no seller waits more than twice the median for either, and each
// market's budget was used: its pages ÷ its rate over the time its last scan ended (≥ 0.8).
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromRoot, machine, timing, writeReport } from './report.mjs';

const { startSimulator } = fromRoot('tools/simulator/dist/index.js');
const { startEmbeddedPostgres, openServiceDataSource } = fromRoot('libs/db/dist/index.js');
const { serviceDataSource } = fromRoot('libs/service/dist/index.js');
const scraper = fromRoot('services/scraper/dist/index.js');
const { marketByCode } = fromRoot('libs/markets/dist/index.js');

const MARKETS = [
  { code: 'CA', domain: 'amazon.ca' },
  { code: 'UK', domain: 'amazon.co.uk' },
  { code: 'AU', domain: 'amazon.com.au' },
];
const SELLERS_PER_MARKET = 10;
const STORE_SIZE = 100; // 7 pages of 16 (the simulator's cap)
const RPS = 2;
const SLICE_MS = 7_500;
const WORKERS = 3;

/** report.mjs's timing (median, slowest) in seconds. */
const seconds = (t) => ({ medianS: t.medianMs / 1000, maxS: t.slowestMs / 1000 });

export async function runFairQueueBench({ log = console.log, outFile } = {}) {
  let t0 = 0;
  const stores = MARKETS.flatMap((m, mi) =>
    Array.from({ length: SELLERS_PER_MARKET }, (_, i) => ({
      seed: `fair-${m.code}-${i}`,
      size: STORE_SIZE,
      marketDomain: m.domain,
      behaviour: {},
      _market: mi,
    })),
  );
  let requests = 0;
  const sim = await startSimulator({
    port: 0,
    stores: stores.map(({ _market, ...s }) => s),
    pageCap: 7,
    pageSize: 16,
    log: (line) => {
      requests++;
      if (process.env.FAIR_LOG) console.log(((performance.now() - t0) / 1000).toFixed(2), line);
    },
  });
  const dataDir = path.join(os.tmpdir(), `shelfscan-bench-fair-${process.pid}-${Date.now()}`);
  const pg = await startEmbeddedPostgres({ dataDir });
  const ds = serviceDataSource(scraper.scraperService, pg.url);
  await openServiceDataSource(ds, { runMigrations: true });
  const client = new scraper.MarketplaceClient({
    originOverride: sim.url,
    requestsPerSecond: RPS,
    jitterRatio: 0,
    maxAttempts: 2,
    pinDeliveryLocation: false,
  });
  const repository = new scraper.ScanJobRepository(ds);
  const jobs = new Map();
  const pagesByMarket = Object.fromEntries(MARKETS.map((m) => [m.code, 0]));
  let resolveAll;
  const allDone = new Promise((r) => (resolveAll = r));
  const worker = new scraper.ScanWorker({
    repository,
    engineFor: (spec) =>
      scraper.createScanEngine({ pages: scraper.marketplacePageSource(client, marketByCode(spec.market)) }),
    concurrency: WORKERS,
    sliceMs: SLICE_MS,
    pollMs: 50,
    onProgress: (id) => {
      const j = jobs.get(id);
      j.firstPageMs ??= performance.now() - t0;
      pagesByMarket[j.market]++;
    },
    onJobEnd: (id, status) => {
      if (status === 'queued') return;
      const j = jobs.get(id);
      j.finishMs = performance.now() - t0;
      j.status = status;
      if ([...jobs.values()].every((x) => x.finishMs !== undefined)) resolveAll();
    },
  });
  try {
    // All 30 asked for at once (one seller a store), then the worker starts.
    t0 = performance.now();
    for (const [i, s] of sim.stores.entries()) {
      const market = MARKETS[stores[i]._market].code;
      const id = crypto.randomUUID();
      jobs.set(id, { market, seller: i });
      await repository.enqueue(
        id,
        { market, sellerId: s.sellerId, type: 'standard', listLimit: 2720 },
        undefined,
        scraper.queueKeyOf(`seller${i}@bench.example`),
      );
    }
    worker.start();
    await allDone;
    const list = [...jobs.values()];
    const firsts = list.map((j) => j.firstPageMs);
    const finishes = list.map((j) => j.finishMs);
    const byMarket = MARKETS.map((m) => {
      const own = list.filter((j) => j.market === m.code);
      const endMs = Math.max(...own.map((j) => j.finishMs));
      const budgetUse = pagesByMarket[m.code] / RPS / (endMs / 1000);
      return {
        market: m.code,
        pages: pagesByMarket[m.code],
        lastEndS: Math.round(endMs) / 1000,
        budgetUse: Math.round(budgetUse * 100) / 100,
      };
    });
    const row = {
      scenario: 'fair-queue',
      sellers: list.length,
      markets: MARKETS.map((m) => m.code),
      workers: WORKERS,
      requestsPerSecond: RPS,
      sliceMs: SLICE_MS,
      requests,
      allCompleted: list.every((j) => j.status === 'completed'),
      firstPage: seconds(timing(firsts)),
      finish: seconds(timing(finishes)),
      byMarket,
    };
    row.pass =
      row.allCompleted &&
      row.firstPage.maxS <= 2 * row.firstPage.medianS &&
      row.finish.maxS <= 2 * row.finish.medianS &&
      byMarket.every((m) => m.budgetUse >= 0.8);
    const s = (x) => `${x.toFixed(1)} s`;
    log(
      `fair-queue  ${row.sellers} sellers on ${row.markets.join(', ')} (${WORKERS} workers, ${RPS} rps a market): ` +
        `first page median ${s(row.firstPage.medianS)}, max ${s(row.firstPage.maxS)}; ` +
        `finish median ${s(row.finish.medianS)}, max ${s(row.finish.maxS)} (target max ≤ 2 × median); ` +
        `budget used ${byMarket.map((m) => `${m.market} ${Math.round(m.budgetUse * 100)} %`).join(', ')} (target ≥ 80 %) ` +
        (row.pass ? 'PASS' : 'FAIL'),
    );
    return writeReport(outFile, { machine: machine(), rows: [row], pass: row.pass }, log);
  } finally {
    await worker.stop();
    await client.close();
    await ds.destroy();
    await pg.stop();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
