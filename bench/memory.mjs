// The memory benchmark (issue 23): `make demo` as built (the embedded mode: one Node process with
// every service, its embedded PostgreSQL and the simulator; V8 flags of apps/all-in-one/node-flags,
// as `make demo` gives them) is started as a child process; the
// proportional set size (PSS, /proc/<pid>/smaps_rollup) of its whole process tree is read idle,
// every second during three concurrent 2,720-ASIN Deep scans of the demo's 6,000-ASIN store (at
// 20 requests a second, the conditions), and a minute after they end. Targets: under 400 MB
// idle, 600 MB during, 450 MB after. Linux only (reads /proc).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, machine, writeReport } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { idleMb: 400, duringMb: 600, afterMb: 450 };
const SELLER = { email: 'seller@shelfscan.local', password: 'demo-seller' };
const SCANS = 3;
/** The V8 heap settings `make demo` starts the process with (docs/performance.md, "Memory"). */
const NODE_FLAGS = readFileSync(path.join(root, 'apps/all-in-one/node-flags'), 'utf8').trim().split(/\s+/);
const AFTER_MS = 60_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The PSS of a process and all its descendants, in MB: `total`, and `node` (the process itself:
 * every service and the simulator) and `postgres` (its descendants) apart.
 */
function treePssMb(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const kb = { node: 0, postgres: 0 };
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'));
      kb[p === pid ? 'node' : 'postgres'] += m ? Number(m[1]) : 0;
    } catch {
      // gone meanwhile
    }
    stack.push(...(children.get(p) ?? []));
  }
  const mb = (k) => Math.round(k / 1024);
  return { total: mb(kb.node + kb.postgres), node: mb(kb.node), postgres: mb(kb.postgres) };
}

export async function runMemoryBench({ log = console.log, outFile } = {}) {
  const port = await freePort();
  const simPort = await freePort();
  // Not made here: the embedded PostgreSQL makes its own folder with the rights it needs.
  const dataDir = path.join(os.tmpdir(), `shelfscan-bench-memory-${process.pid}-${Date.now()}`);
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(root, 'apps/all-in-one/dist/demo.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      SIM_PORT: String(simPort),
      DATA_DIR: dataDir,
      SCRAPER_REQUESTS_PER_SECOND: '20',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`the demo exited (${child.exitCode}) before it was ready`);
      if (i > 240) throw new Error('the demo did not get ready in 2 minutes');
      await sleep(500);
    }
    await sleep(10_000);
    const idle = treePssMb(child.pid);
    const idleMb = idle.total;
    const loadAtIdle = os.loadavg();

    const login = await (
      await fetch(`${base}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(SELLER),
      })
    ).json();
    const h = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' };
    const stores = await (await fetch(`http://127.0.0.1:${simPort}/__sim/stores`)).json();
    const large = stores.find((s) => s.seed === 'demo-large');
    const ids = [];
    for (let i = 0; i < SCANS; i++) {
      const res = await fetch(`${base}/api/search-info`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify({
          searchType: 'deep',
          market: 'CA',
          fileName: `memory ${i + 1}`,
          storeUrl: `https://www.amazon.ca/s?me=${large.sellerId}`,
        }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`starting a scan: HTTP ${res.status} ${JSON.stringify(body)}`);
      ids.push(body.data.id ?? body.data);
    }
    const started = performance.now();
    let during = { total: 0 };
    for (;;) {
      const now = treePssMb(child.pid);
      if (now.total > during.total) during = now;
      const list = await (await fetch(`${base}/api/search-info/completed?size=20`, { headers: h })).json();
      const done = (list.data ?? []).filter((t) => ids.includes(t.id)).length;
      if (done === SCANS) break;
      if (performance.now() - started > 15 * 60_000) throw new Error('the scans did not end in 15 minutes');
      await sleep(1_000);
    }
    const scanSeconds = Math.round((performance.now() - started) / 1000);
    await sleep(AFTER_MS);
    const after = treePssMb(child.pid);
    const duringMb = during.total;
    const afterMb = after.total;
    const row = {
      scenario: 'memory',
      scans: SCANS,
      store: 'demo-large (6,000 ASINs), list limit 2,720, Deep, 20 requests a second',
      scanSeconds,
      idleMb,
      duringMb,
      afterMb,
      // The same three readings apart: the Node process (every service, the simulator) and PostgreSQL.
      split: {
        idle: { node: idle.node, postgres: idle.postgres },
        during: { node: during.node, postgres: during.postgres },
        after: { node: after.node, postgres: after.postgres },
      },
      nodeFlags: NODE_FLAGS,
      // The machine may be shared: its load (1, 5, 15 minutes) when idle was read, and at the end.
      loadAverage: {
        idle: loadAtIdle.map((l) => Math.round(l * 100) / 100),
        end: os.loadavg().map((l) => Math.round(l * 100) / 100),
      },
      targets: TARGETS,
      pass: idleMb < TARGETS.idleMb && duringMb < TARGETS.duringMb && afterMb < TARGETS.afterMb,
    };
    log(
      `memory  PSS of the demo's process tree: idle ${idleMb} MB (target < ${TARGETS.idleMb}), ` +
        `during ${SCANS} Deep scans ${duringMb} MB (< ${TARGETS.duringMb}; ${scanSeconds} s), ` +
        `a minute after ${afterMb} MB (< ${TARGETS.afterMb}) ${row.pass ? 'PASS' : 'FAIL'}`,
    );
    log(
      `        of which Node / PostgreSQL: idle ${idle.node} / ${idle.postgres}, during ${during.node} / ` +
        `${during.postgres}, after ${after.node} / ${after.postgres} MB ` +
        `(load average ${row.loadAverage.idle.join(', ')} idle, ${row.loadAverage.end.join(', ')} at the end)`,
    );
    return writeReport(outFile, { machine: machine(), rows: [row], pass: row.pass }, log);
  } finally {
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(20_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
