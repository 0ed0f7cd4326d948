// The make targets the README offers, run as a reader runs them (scripts/test-all.sh, one check each):
//
//   node scripts/readme-targets.mjs listed   every `make <target>` the README names is run by
//                                            scripts/test-all.sh (or is listed below as not run, with why)
//   node scripts/readme-targets.mjs up       `make up`: answers /readyz and the SPA, then a Ctrl-C to its
//                                            process group (as a terminal sends it) stops it cleanly
//   node scripts/readme-targets.mjs demo     `make demo`: as up, and the demo seller can log in
//   node scripts/readme-targets.mjs scan     `make scan` of a simulator store prints the store's ASINs
//
// They run the built tree (`make -o build`, `-o scan-build`: test-all.sh has just built it), each on
// free ports and a fresh DATA_DIR, each step bounded and named when it fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Targets the README names that test-all.sh does not run as such, and why. */
const NOT_RUN = {
  test: 'it is the run itself (scripts/test-all.sh)',
  install: 'every target runs it first (its stamp)',
  clean: 'it deletes node_modules and the build the run needs',
  help: 'it only prints the list of targets',
};

/** The targets the Makefile defines. */
const defined = new Set(
  [...fs.readFileSync(path.join(root, 'Makefile'), 'utf8').matchAll(/^([a-z][a-z0-9-]*):/gm)].map(
    (m) => m[1],
  ),
);

/**
 * The targets a shell script runs: the goals after `make` on lines that are not comments, and the
 * smokes of this script it runs (`readme-targets.mjs up` runs `make up`).
 */
function runTargets(script) {
  const run = new Set();
  for (const line of script.split('\n').filter((l) => !/^\s*#/.test(l))) {
    for (const [, smoke] of line.matchAll(/readme-targets\.mjs ([a-z]+)/g))
      if (defined.has(smoke)) run.add(smoke);
    for (const [, rest] of line.matchAll(/\bmake\b([^;|&)]*)/g)) {
      const words = rest.trim().split(/\s+/);
      for (let i = 0; i < words.length; i++) {
        if (words[i] === '-o' || words[i] === '-C')
          i++; // the option's argument is not a goal
        else if (defined.has(words[i])) run.add(words[i]);
      }
    }
  }
  return run;
}

function listed() {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const named = [...new Set([...readme.matchAll(/\bmake ([a-z][a-z0-9-]*)/g)].map((m) => m[1]))]
    .filter((t) => defined.has(t))
    .sort();
  const run = runTargets(fs.readFileSync(path.join(root, 'scripts/test-all.sh'), 'utf8'));
  const missing = named.filter((t) => !run.has(t) && !(t in NOT_RUN));
  for (const t of named)
    console.log(
      `${missing.includes(t) ? '✗' : '✓'} make ${t}${t in NOT_RUN ? ` (not run: ${NOT_RUN[t]})` : ''}`,
    );
  if (missing.length)
    throw new Error(
      `the README offers ${missing.map((t) => `make ${t}`).join(', ')}, which scripts/test-all.sh does not run`,
    );
}

/**
 * Stops a run as a terminal would: Ctrl-C to its process group (the program then stops its
 * PostgreSQL, which is in a group of its own), SIGKILL to the group if it is still there 15 s later.
 */
async function stopRun(run) {
  const signalGroup = (signal) => {
    try {
      process.kill(-run.child.pid, signal);
    } catch {
      // gone already
    }
  };
  signalGroup('SIGINT');
  await Promise.race([run.exited, new Promise((r) => setTimeout(r, 15_000))]);
  signalGroup('SIGKILL');
}

/** The runs started here, stopped when this script is (test-all.sh's bound). */
const runs = new Set();
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, async () => {
    await Promise.all([...runs].map(stopRun));
    process.exit(1);
  });

/** `make <args>` in a process group of its own, as a terminal starts it. */
function startMake(args, env) {
  let output = '';
  const child = spawn('make', ['--no-print-directory', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  child.stdout.on('data', (d) => ((stdout += d), (output += d)));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const run = { child, exited, output: () => output, stdout: () => stdout };
  runs.add(run);
  return run;
}

async function bounded(what, seconds, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`"${what}" did not happen within ${seconds} s`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function dataDir(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shelfscan-make-${name}-`));
  fs.chmodSync(dir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user
  return dir;
}

const { freePort } = require(path.join(root, 'libs/db/dist/index.js'));
const { printed } = require(path.join(root, 'libs/testing/dist/index.js'));

/** `make up` / `make demo`: up, answering, then a Ctrl-C stops the program and its PostgreSQL quietly. */
async function serve(target, upLine, answer) {
  const port = await freePort();
  const dir = dataDir(target);
  const run = startMake(['-o', 'build', target], {
    PORT: String(port),
    DATA_DIR: dir,
    SIM_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await printed(run.child, run.output, upLine, 110_000);
    if (!(await fetch(`${base}/readyz`)).ok) throw new Error(`make ${target}: /readyz did not answer 200`);
    const spa = await fetch(`${base}/`);
    if (!spa.ok || !(spa.headers.get('content-type') ?? '').includes('text/html'))
      throw new Error(
        `make ${target}: / answered ${spa.status} ${spa.headers.get('content-type')}, not the SPA`,
      );
    await answer?.(base);
  } catch (err) {
    await stopRun(run);
    throw err;
  } finally {
    if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid, 'SIGINT');
  }
  await bounded(`make ${target} stops after Ctrl-C`, 45, run.exited);
  const output = run.output();
  const problems = [
    !output.includes('PostgreSQL stopped') && 'it did not say "PostgreSQL stopped"',
    /Postgres pool raised an error|terminating connection/.test(output) &&
      'it printed PostgreSQL connection errors while stopping',
    /stop failed/.test(output) && 'its stop failed',
    fs.existsSync(path.join(dir, 'postgres/postmaster.pid')) && 'its PostgreSQL is still up',
  ].filter(Boolean);
  if (problems.length)
    throw new Error(`make ${target}, after Ctrl-C: ${problems.join('; ')}; output:\n${output.slice(-4000)}`);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`✓ make ${target}: ready on a free port, answered, stopped cleanly by Ctrl-C`);
}

async function demoSellerLogsIn(base) {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'seller@shelfscan.local', password: 'demo-seller' }),
  });
  if (res.status !== 200) throw new Error(`make demo: the demo seller's login answered ${res.status}`);
}

/** `make scan` of a 200-ASIN simulator store: a Standard scan prints what one query shows, 7 × 16. */
async function scan() {
  const { startSimulator } = require(path.join(root, 'tools/simulator/dist/index.js'));
  const sim = await startSimulator({ stores: [{ seed: 'make-scan-smoke', size: 200 }] });
  const dir = dataDir('scan');
  let run;
  try {
    const store = sim.stores[0];
    run = startMake(
      ['-o', 'scan-build', 'scan', `URL=https://www.amazon.ca/s?me=${store.sellerId}`, 'TYPE=standard'],
      { MARKETPLACE_ORIGIN: sim.url, SCRAPER_REQUESTS_PER_SECOND: '50', DATA_DIR: dir, DATABASE_URL: '' },
    );
    const { code } = await bounded('make scan ends', 120, run.exited);
    const asins = run.stdout().split('\n').filter(Boolean);
    const foreign = asins.filter((a) => !store.asinSet.has(a));
    if (code !== 0 || asins.length !== 7 * 16 || new Set(asins).size !== asins.length || foreign.length)
      throw new Error(
        `make scan: exit ${code}, ${asins.length} lines (${new Set(asins).size} distinct, ${foreign.length} not of the store), expected 112 of the store's ASINs; output:\n${run.output().slice(-4000)}`,
      );
    console.log(`✓ make scan: 112 ASINs of the simulator store on stdout, exit 0`);
  } finally {
    if (run && run.child.exitCode === null && run.child.signalCode === null) await stopRun(run);
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const commands = {
  listed: async () => listed(),
  up: () => serve('up', 'ShelfScan is up'),
  demo: () => serve('demo', 'ShelfScan demo is up', demoSellerLogsIn),
  scan,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = commands[process.argv[2]];
  if (!command) {
    console.error(`usage: node scripts/readme-targets.mjs ${Object.keys(commands).join('|')}`);
    process.exit(2);
  }
  command().then(
    () => process.exit(0),
    (err) => {
      console.error(`✗ ${err.message}`);
      process.exit(1);
    },
  );
}
