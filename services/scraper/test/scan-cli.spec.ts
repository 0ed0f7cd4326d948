/**
 * Process-level tests of `make scan` (node services/scraper/dist/cli/scan.js): a deep scan killed with
 * SIGKILL in the middle and run again on the same DATA_DIR, and runs against tiny local servers that
 * answer with real saved Amazon pages. They need the build (`make test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@shelfscan/db';
import { createStore, startSimulator, type Simulator, type Store } from '@shelfscan/simulator';
import { EXPECTED_RESULTS } from '../src/parser/__fixtures__/expected.js';
import { readAmazonPage } from '../src/parser/__fixtures__/paths.js';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(REPO_ROOT, 'services/scraper/dist/cli/scan.js');
// The suite builds what it runs (incremental `tsc -b`): never skipped, never testing a stale dist.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureBuilt } = require('../../../scripts/ensure-built.cjs') as {
  ensureBuilt(project: string): void;
};
beforeAll(() => ensureBuilt('services/scraper'), 300_000);

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function startCli(args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<Run> } {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: '', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started })),
  );
  // Let late output arrive after 'exit'.
  const settled = done.then(
    (r) => new Promise<Run>((res) => setTimeout(() => res({ ...r, stdout, stderr }), 50)),
  );
  return { child, done: settled };
}

const lines = (s: string) => s.split('\n').filter(Boolean);

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-scan-'));
  fs.chmodSync(dir, 0o777); // the embedded PostgreSQL runs as the postgres user when we are root
  return dir;
}

/** A stand-in marketplace that answers every request (any path) with the same page. */
async function pageServer(
  body: string,
  status = 200,
): Promise<{ origin: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** SIGKILL the run once its progress lines say it has stored enough ASINs. */
function killWhen(run: ReturnType<typeof startCli>, enough: (found: number) => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let seen = '';
    run.child.stderr!.on('data', (d: Buffer) => {
      seen += d.toString();
      const counts = [...seen.matchAll(/ASINs (\d+)/g)].map((x) => Number(x[1]));
      if (counts.length && enough(counts[counts.length - 1]) && run.child.exitCode === null) {
        run.child.kill('SIGKILL');
        resolve();
      }
    });
    void run.done.then((r) => {
      if (r.signal !== 'SIGKILL') reject(new Error(`the scan ended before it could be killed: ${r.stderr}`));
    });
  });
}

/** Every title the same (titles that cannot split the store); the keyword index follows. */
function alikeTitles(store: Store): void {
  store.titles.fill('Gift Box Bundle');
  const all = Int32Array.from({ length: store.size }, (_, i) => i);
  store.words.clear();
  for (const w of ['gift', 'box', 'bundle']) store.words.set(w, all);
}

describe('make scan (the built CLI)', () => {
  jest.setTimeout(180_000);

  describe('against real saved pages', () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db.drop());
    const env = (origin: string) => ({
      DATABASE_URL: db.url,
      MARKETPLACE_ORIGIN: origin,
      SCRAPER_REQUESTS_PER_SECOND: '50',
    });

    it('prints exactly the organic ASINs of the page the marketplace answers with', async () => {
      const expected = EXPECTED_RESULTS.find((p) => p.file === 'ca_search_1.html')!;
      const server = await pageServer(readAmazonPage('ca_search_1.html'));
      try {
        const run = await startCli(
          ['--url', 'https://www.amazon.ca/s?me=A1B2C3D4E5F6G7', '--type', 'standard'],
          env(server.origin),
        ).done;
        expect(run.stderr).not.toMatch(/blocked/i);
        expect(run.code).toBe(0);
        expect(lines(run.stdout)).toEqual(expected.organic);
        expect(run.stderr).toMatch(/Found 48 ASINs/);
        expect(run.stderr).toMatch(/pages \d+ · ASINs \d+/);
        expect(server.hits()).toBeGreaterThan(0);
      } finally {
        await server.close();
      }
    });

    it.each([
      ['captcha', 'com_captcha_1.html', 200, /captcha/],
      ['503', 'com_503_1.html', 503, /service unavailable|503/],
    ])(
      'exits non-zero saying it was blocked when the marketplace only answers %s pages',
      async (_kind, file, status, detail) => {
        const server = await pageServer(readAmazonPage(file), status);
        try {
          const run = await startCli(
            ['--url', 'https://www.amazon.ca/s?me=A1B2C3D4E5F6G7', '--type', 'standard'],
            env(server.origin),
          ).done;
          expect(run.code).toBe(3);
          expect(run.stdout).toBe('');
          expect(run.stderr).toMatch(/blocked by the marketplace: amazon\.ca/);
          expect(run.stderr).toMatch(detail);
          expect(run.ms).toBeLessThan(60_000);
        } finally {
          await server.close();
        }
      },
    );

    it.each([
      ['https://www.ebay.com/str/somestore', /not a store URL ShelfScan can scan/],
      ['https://www.amazon.de/s?me=A1B2C3D4E5F6G7', /not a store URL ShelfScan can scan/],
      ['', /no store URL given/],
    ])('refuses %j with a readable reason and exit code 2', async (url, reason) => {
      const run = await startCli(['--url', url, '--type', 'standard'], env('http://127.0.0.1:9')).done;
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(reason);
    });
  });

  describe('against the simulator', () => {
    let sim: Simulator;
    /** Prices shared by more listings than a query serves: 4 results a page. */
    let crowdedSim: Simulator;
    beforeAll(async () => {
      // A store whose titles are all alike, a fifth of it without a price: nothing splits it.
      const partial = createStore({ seed: 'cli-partial', size: 600, behaviour: { unpriced: 0.2 } });
      alikeTitles(partial);
      sim = await startSimulator({
        stores: [
          { seed: 'cli-kill', size: 3_000 },
          { seed: 'cli-kill-real', size: 3_000, behaviour: { sortDrift: 0.15, unpriced: 0.03 } },
          partial,
        ],
      });
      crowdedSim = await startSimulator({
        stores: [{ seed: 'cli-kill-crowded', size: 1_500, behaviour: { sortDrift: 0.15, unpriced: 0.03 } }],
        pageSize: 4,
      });
    });
    afterAll(async () => {
      await sim.close();
      await crowdedSim.close();
    });

    it.each([
      ['the default threshold (0.99)', 4, undefined],
      ['SCAN_COVERAGE_THRESHOLD=0.5', 0, '0.5'],
    ])(
      'a deep scan that cannot reach every listing, with %s, exits %d and says what is missing',
      async (_label, code, threshold) => {
        const store = sim.stores[2];
        const db = await createTestDatabase();
        const run = await startCli(
          ['--url', `https://www.amazon.ca/s?me=${store.sellerId}`, '--type', 'deep'],
          {
            MARKETPLACE_ORIGIN: sim.url,
            SCRAPER_REQUESTS_PER_SECOND: '50',
            DATABASE_URL: db.url,
            ...(threshold ? { SCAN_COVERAGE_THRESHOLD: threshold } : {}),
          },
        ).done;
        await db.drop();
        expect(run.code).toBe(code);
        const output = lines(run.stdout);
        expect(new Set(output).size).toBe(output.length);
        expect(output.length).toBeLessThan(600 * 0.99);
        expect(output.length).toBeGreaterThan(600 * 0.5);
        if (code === 4) {
          expect(run.stderr).toContain(
            `Incomplete: ${600 - output.length} listings have no price and could not be reached.`,
          );
          expect(run.stderr).toMatch(/completed_partial/);
        } else expect(run.stderr).not.toMatch(/completed_partial|Incomplete/);
      },
    );

    it('a deep scan of a whole store (zones, keyword tails) killed with SIGKILL mid-way resumes: none twice, none lost', async () => {
      const store = crowdedSim.stores[0];
      const args = ['--url', `https://www.amazon.ca/s?me=${store.sellerId}`, '--type', 'deep'];
      const env = {
        MARKETPLACE_ORIGIN: crowdedSim.url,
        SCRAPER_REQUESTS_PER_SECOND: '100',
        SCAN_LIST_LIMIT: '100000',
        DATABASE_URL: '',
      };
      const refDb = await createTestDatabase();
      const reference = await startCli(args, { ...env, DATABASE_URL: refDb.url }).done;
      await refDb.drop();
      const expected = lines(reference.stdout);

      const dir = tempDataDir();
      const first = startCli(args, { ...env, DATA_DIR: dir });
      await killWhen(first, (found) => found >= store.size * 0.6);
      const killed = await first.done;
      expect(killed.signal).toBe('SIGKILL');

      const second = await startCli(args, { ...env, DATA_DIR: dir }).done;
      const before = Number(/\((\d+) ASINs found before/.exec(second.stderr)![1]);
      expect(before).toBeGreaterThanOrEqual(store.size * 0.6);
      const output = lines(second.stdout);
      expect(new Set(output).size).toBe(output.length);
      for (const asin of output) expect(store.asinSet.has(asin)).toBe(true);
      expect(output.length).toBeGreaterThanOrEqual(expected.length - store.size * 0.01);
      // Honest: exit 0 (completed) only at the threshold of the store, else 4 (completed_partial).
      expect([0, 4]).toContain(second.code);
      if (output.length < store.size * 0.99) expect(second.code).toBe(4);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      ['an exact store (price sweep)', 0],
      ['a store whose price sort drifts, with unpriced listings (counted windows)', 1],
    ])(
      'a deep scan of %s killed with SIGKILL mid-way resumes on the same DATA_DIR: same ASINs, none twice, none lost',
      async (_label, index) => {
        const store = sim.stores[index];
        const args = ['--url', `https://www.amazon.ca/s?me=${store.sellerId}`, '--type', 'deep'];
        const env = {
          MARKETPLACE_ORIGIN: sim.url,
          SCRAPER_REQUESTS_PER_SECOND: '30',
          SCAN_LEASE_SECONDS: '60', // the rerun must not wait for the lease: it sees the holder is dead
          DATABASE_URL: '',
        };
        const truth = new Set(store.asins);

        // Reference: one uninterrupted run (on the test server's PostgreSQL, to save an initdb).
        const refDb = await createTestDatabase();
        const reference = await startCli(args, { ...env, DATABASE_URL: refDb.url }).done;
        await refDb.drop();
        expect(reference.code).toBe(0);
        const expected = lines(reference.stdout);
        expect(expected).toHaveLength(2720);

        const dir = tempDataDir();
        const first = startCli(args, { ...env, DATA_DIR: dir });
        // Kill it once it has stored a good part of the list.
        await killWhen(first, (found) => found >= 800);
        const killed = await first.done;
        expect(killed.signal).toBe('SIGKILL');
        expect(killed.stdout).toBe('');

        const second = await startCli(args, { ...env, DATA_DIR: dir }).done;
        expect(second.stderr).toMatch(/resuming scan [0-9a-f-]+ \((\d+) ASINs found before it stopped\)/);
        const before = Number(/\((\d+) ASINs found before/.exec(second.stderr)![1]);
        expect(before).toBeGreaterThanOrEqual(800);
        expect(before).toBeLessThan(2720);
        expect(second.code).toBe(0);
        const output = lines(second.stdout);
        expect(new Set(output).size).toBe(output.length); // no duplicates
        expect(output).toHaveLength(2720);
        for (const asin of output) expect(truth.has(asin)).toBe(true);
        expect(new Set(output)).toEqual(new Set(expected));

        fs.rmSync(dir, { recursive: true, force: true });
      },
    );
  });
});
