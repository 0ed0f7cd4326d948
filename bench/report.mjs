// What every benchmark shares: the built packages it measures, the machine it ran on, timing
// figures, writing its report, and what it runs on (the demo app, the engine on a simulator).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A module of the tree by its path from the root: the BUILT packages (`make bench` builds first). */
export const fromRoot = (file) => require(path.join(root, file));

export const machine = () => ({
  node: process.version,
  cpus: os.cpus().length,
  platform: `${os.platform()} ${os.arch()}`,
});

/** Median and slowest of a list of times, in ms to one decimal. */
export function timing(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    medianMs: round(sorted[Math.floor(sorted.length / 2)]),
    slowestMs: round(sorted[sorted.length - 1]),
  };
}

/** Writes `report` (with the time it was made first) as JSON to `outFile`, when one is given. */
export function writeReport(outFile, report, log = console.log) {
  const full = { generatedAt: new Date().toISOString(), ...report };
  if (outFile) {
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, JSON.stringify(full, null, 2) + '\n');
    log(`\nwrote ${path.relative(process.cwd(), outFile)}`);
  }
  return full;
}

/** A loopback port nothing listens on (the demo app's URL names its port, so 0 will not do). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `make demo`'s app (the built all-in-one with its simulator and seeded seller) in this process on
 * a free port and a data folder of its own: its `base` URL, the seller's `sellerToken()`, `stop()`.
 */
export async function startDemoApp() {
  const { startDemo, DEMO_SELLER } = fromRoot('apps/all-in-one/dist/demo-setup.js');
  // Not made here: the embedded PostgreSQL makes its own folder with the rights it needs.
  const dataDir = path.join(os.tmpdir(), `shelfscan-bench-demo-${process.pid}-${Date.now()}`);
  const demo = await startDemo({
    ...process.env,
    PORT: String(await freePort()),
    SIM_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const base = demo.running.url.replace(/\/+$/, '');
  return {
    base,
    /** The marketplace simulator the demo scans (its `/__sim/stores` lists the demo stores). */
    simUrl: demo.sim.url,
    /** The demo seller's token, as the login page gets it. */
    sellerToken: async () => {
      const res = await fetch(`${base}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_SELLER),
      });
      const body = await res.json();
      if (!res.ok || !body.data?.token) throw new Error(`login of the demo seller: HTTP ${res.status}`);
      return body.data.token;
    },
    stop: async () => {
      await demo.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real scan engine and MarketplaceClient on a simulator at full speed (no politeness, no
 * retries), for amazon.ca as the simulator serves it: `{ engine, close }`.
 */
export function fullSpeedEngine(simulatorUrl) {
  const { createScanEngine, marketplacePageSource } = fromRoot('services/scraper/dist/engine/index.js');
  const { MarketplaceClient } = fromRoot('services/scraper/dist/fetch/index.js');
  const { marketByCode } = fromRoot('libs/markets/dist/index.js');
  const client = new MarketplaceClient({
    originOverride: simulatorUrl,
    requestsPerSecond: 100_000,
    jitterRatio: 0,
    maxAttempts: 1,
    pinDeliveryLocation: false,
  });
  return {
    engine: createScanEngine({ pages: marketplacePageSource(client, marketByCode('CA')) }),
    close: () => client.close(),
  };
}
