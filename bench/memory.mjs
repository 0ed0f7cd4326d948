// The memory benchmark (issue 23): `make demo` as built (the embedded mode: one Node process with
// every service, its embedded PostgreSQL and the simulator) is started as a child process; the
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
const AFTER_MS = 60_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The PSS of a process and all its descendants, in MB. */
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
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      // gone meanwhile
    }
    stack.push(...(children.get(p) ?? []));
  }
  return Math.round(kb / 1024);
}

export async function runMemoryBench({ log = console.log, outFile } = {}) {
  const port = await freePort();
  const simPort = await freePort();
  // Not made here: the embedded PostgreSQL makes its own folder with the rights it needs.
  const dataDir = path.join(os.tmpdir(), `shelfscan-bench-memory-${process.pid}-${Date.now()}`);
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/all-in-one/dist/demo.js')], {
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
    const idleMb = treePssMb(child.pid);

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
    let duringMb = 0;
    for (;;) {
      duringMb = Math.max(duringMb, treePssMb(child.pid));
      const list = await (await fetch(`${base}/api/search-info/completed?size=20`, { headers: h })).json();
      const done = (list.data ?? []).filter((t) => ids.includes(t.id)).length;
      if (done === SCANS) break;
      if (performance.now() - started > 15 * 60_000) throw new Error('the scans did not end in 15 minutes');
      await sleep(1_000);
    }
    const scanSeconds = Math.round((performance.now() - started) / 1000);
    await sleep(AFTER_MS);
    const afterMb = treePssMb(child.pid);
    const row = {
      scenario: 'memory',
      scans: SCANS,
      store: 'demo-large (6,000 ASINs), list limit 2,720, Deep, 20 requests a second',
      scanSeconds,
      idleMb,
      duringMb,
      afterMb,
      targets: TARGETS,
      pass: idleMb < TARGETS.idleMb && duringMb < TARGETS.duringMb && afterMb < TARGETS.afterMb,
    };
    log(
      `memory  PSS of the demo's process tree: idle ${idleMb} MB (target < ${TARGETS.idleMb}), ` +
        `during ${SCANS} Deep scans ${duringMb} MB (< ${TARGETS.duringMb}; ${scanSeconds} s), ` +
        `a minute after ${afterMb} MB (< ${TARGETS.afterMb}) ${row.pass ? 'PASS' : 'FAIL'}`,
    );
    return writeReport(outFile, { machine: machine(), rows: [row], pass: row.pass }, log);
  } finally {
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(20_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
