// The gateway benchmark (issue 23): authenticated reads of the demo seller through the embedded
// process (`make demo`'s: gateway → in-process bus → services → PostgreSQL) against bare Fastify
// answering the same JSON, one after the other in the same run, each loaded from its own process
// (bench/load.mjs) with CONNECTIONS keep-alive connections. Target per path: at least TARGET_RATIO ×
// bare Fastify's requests per second, p99 under P99_MS.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, startDemoApp, writeReport } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PATHS = ['/api/search-info?size=20', '/api/account/user', '/api/search-info/quota'];
const TARGET_RATIO = 0.25;
const P99_MS = 50;
const CONNECTIONS = 20;
/** The scans the seller holds while its list is read (issue 23: "over a user with 20 scans"). */
const SCANS = 20;

/**
 * Gives the demo seller `count` finished scans of the demo's two small stores through the API, as a
 * seller makes them (the day's quota: 15 Standard and 5 Deep), and waits until none is running, so
 * that no scan works while the list is measured.
 */
export async function seedScans(app, authorization, count) {
  const headers = { authorization, 'content-type': 'application/json' };
  const stores = await (await fetch(`${app.simUrl}/__sim/stores`)).json();
  const small = stores.find((s) => s.seed === 'demo-small');
  const uk = stores.find((s) => s.seed === 'demo-uk');
  for (let i = 0; i < count; i++) {
    const deep = i >= 15;
    const onUk = !deep && i % 2 === 1;
    const res = await fetch(`${app.base}/api/search-info`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        searchType: deep ? 'deep' : 'standard',
        market: onUk ? 'UK' : 'CA',
        fileName: `bench ${i + 1}`,
        storeUrl: onUk
          ? `https://www.amazon.co.uk/s?me=${uk.sellerId}`
          : `https://www.amazon.ca/s?me=${small.sellerId}`,
      }),
    });
    if (!res.ok) throw new Error(`seeding scan ${i + 1}: HTTP ${res.status} ${await res.text()}`);
  }
  const started = Date.now();
  for (;;) {
    const done = await (
      await fetch(`${app.base}/api/search-info/completed?size=${count}`, { headers })
    ).json();
    if ((done.data ?? []).length >= count) return;
    if (Date.now() - started > 5 * 60_000)
      throw new Error(`the ${count} seeded scans did not end in 5 minutes`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** bench/load.mjs in its own process: {requests, errors, rps, p50Ms, p99Ms}. */
function loadOf(url, seconds, authorization = '') {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(here, 'load.mjs'), url, String(CONNECTIONS), String(seconds), authorization],
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout))),
    ),
  );
}

/** Bare Fastify answering `body` in its own process; resolves to its URL and a stop function. */
function bareFastify(bodyFile) {
  const child = spawn(process.execPath, [path.join(here, 'bare-fastify.mjs'), bodyFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (port) =>
      resolve({
        url: `http://127.0.0.1:${String(port).trim()}`,
        stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))),
      }),
    );
  });
}

/** `scans`: how many finished scans the seller holds (0 in the `BENCH_QUICK` smoke: seeding takes about a minute). */
export async function runGatewayBench({
  log = console.log,
  outFile,
  seconds = 5,
  scans: seeded = SCANS,
} = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shelfscan-gateway-bench-out-'));
  const app = await startDemoApp();
  const rows = [];
  try {
    const { base } = app;
    const authorization = `Bearer ${await app.sellerToken()}`;
    if (seeded > 0) await seedScans(app, authorization, seeded);
    log(
      `path                          scans  gateway rps  p99 ms   bare rps  p99 ms   ratio  target              verdict`,
    );
    for (const route of PATHS) {
      const answer = await fetch(`${base}${route}`, { headers: { authorization } });
      const body = await answer.text();
      if (!answer.ok) throw new Error(`${route}: HTTP ${answer.status} ${body}`);
      const data = JSON.parse(body).data;
      const scans = Array.isArray(data?.content)
        ? data.content.length
        : Array.isArray(data)
          ? data.length
          : '';
      const bodyFile = path.join(tmp, 'body.json');
      writeFileSync(bodyFile, body);
      const bare = await bareFastify(bodyFile);
      let yardstick;
      try {
        await loadOf(`${bare.url}${route}`, 1);
        yardstick = await loadOf(`${bare.url}${route}`, seconds);
      } finally {
        await bare.stop();
      }
      await loadOf(`${base}${route}`, 1, authorization);
      const gateway = await loadOf(`${base}${route}`, seconds, authorization);
      const ratio = Math.round((gateway.rps / Math.max(1, yardstick.rps)) * 100) / 100;
      const pass = gateway.errors === 0 && ratio >= TARGET_RATIO && gateway.p99Ms < P99_MS;
      rows.push({
        path: route,
        scans,
        connections: CONNECTIONS,
        seconds,
        gateway,
        bare: yardstick,
        ratio,
        pass,
      });
      log(
        `${route.padEnd(29)} ${String(scans).padStart(5)}  ${String(gateway.rps).padStart(11)}  ${String(gateway.p99Ms).padStart(6)}  ` +
          `${String(yardstick.rps).padStart(9)}  ${String(yardstick.p99Ms).padStart(6)}  ${ratio.toFixed(2).padStart(5)}  ` +
          `≥ ${TARGET_RATIO}×, p99 < ${P99_MS}  ${pass ? 'PASS' : `FAIL${gateway.errors ? ` (${gateway.errors} errors)` : ''}`}`,
      );
    }
  } finally {
    await app.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  const pass = rows.every((r) => r.pass);
  writeReport(
    outFile,
    {
      machine: machine(),
      connections: CONNECTIONS,
      targets: { ratio: TARGET_RATIO, p99Ms: P99_MS },
      rows,
      pass,
    },
    log,
  );
  return { pass, rows };
}
