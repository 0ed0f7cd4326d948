// Lighthouse (issue 23): the landing page, login and the dashboard of the built app, in Turkish, on
// Lighthouse's mobile profile (its default: a mid-range phone, simulated slow 4G and a 4× slower CPU),
// in Debian's Chromium. The app is `make demo`'s (the built all-in-one with its simulator and seeded
// seller, in this process); the dashboard is loaded with the seller's session cookie.
//
// Lighthouse is run with `npx lighthouse@<pinned>`, not installed with the tree: it is ~190 MB that
// `make test` never needs. Without the npm registry (or without Chromium) the row says why and is
// skipped, not failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, machine, startDemoApp, writeReport } from './report.mjs';

export const LIGHTHOUSE_VERSION = '12.8.2';
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--lang=tr-TR',
  // A tab Lighthouse opens is not in front: without these Chromium defers its painting (NO_FCP),
  // as chrome-launcher's defaults say when Lighthouse starts Chromium itself.
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--mute-audio',
];

/** The targets of issue 23, per page (scores 0–100). */
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/auth/login' },
  { name: 'dashboard', path: '/dashboard', session: true },
];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];

/**
 * One Lighthouse run against the Chromium on `port`. Asynchronous on purpose: the app it measures
 * answers from this very process.
 */
async function lighthouse(url, port, outFile) {
  const args = [
    '--yes',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    `--port=${port}`,
    // The session cookie set in the browser stays (Lighthouse would clear the origin's storage).
    '--disable-storage-reset',
    '--only-categories=performance,accessibility,best-practices,seo',
  ];
  const child = spawn('npx', args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill(), 240_000);
  const status = await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (status !== 0 || !existsSync(outFile)) {
    throw new Error(
      `lighthouse ${url}: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit ${status}`}`,
    );
  }
  return JSON.parse(readFileSync(outFile, 'utf8'));
}

/** The web app's session cookie (web/src/lib/cookies.ts), which it reads in the page. */
const AUTH_COOKIE = 'frontend-nuxt-auth-key';

/** One call of the DevTools protocol on the browser's own endpoint (Node's WebSocket). */
function devtools(wsUrl, method, params) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, method, params }));
    ws.onmessage = (event) => {
      const answer = JSON.parse(String(event.data));
      if (answer.id !== 1) return;
      ws.close();
      if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
      else resolve(answer.result);
    };
    ws.onerror = () => reject(new Error(`${method}: no DevTools connection`));
  });
}

/**
 * Headless Chromium with a DevTools port for Lighthouse. `logIn` puts the seller's session cookie in
 * its profile: the pages after it are measured logged in.
 */
async function browserForLighthouse() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'shelfscan-lighthouse-profile-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  let wsUrl;
  for (let i = 0; i < 100 && !wsUrl; i++) {
    wsUrl = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.json())
      .then((v) => v.webSocketDebuggerUrl)
      .catch(() => new Promise((resolve) => setTimeout(resolve, 100)));
  }
  if (!wsUrl) throw new Error('Chromium did not open its DevTools port');
  return {
    port,
    logIn: (base, token) =>
      devtools(wsUrl, 'Storage.setCookies', {
        cookies: [{ name: AUTH_COOKIE, value: token, url: base, sameSite: 'Lax' }],
      }),
    close: async () => {
      chromium.kill();
      await new Promise((resolve) => chromium.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One row per page: the four category scores, the paint and blocking figures, PASS/FAIL against TARGETS. */
export async function runLighthouseBench({ outFile, log = console.log } = {}) {
  if (!existsSync(CHROMIUM)) {
    log(`lighthouse: skipped, no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return { pass: true, skipped: true };
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shelfscan-lighthouse-out-'));
  const app = await startDemoApp();
  const rows = [];
  let closeBrowser = async () => {};
  try {
    const { base } = app;
    const browser = await browserForLighthouse();
    closeBrowser = browser.close;
    log('page        perf  a11y  best  seo   FCP      LCP      TBT       CLS    verdict');
    for (const page of PAGES) {
      if (page.session) await browser.logIn(base, await app.sellerToken());
      let report;
      try {
        report = await lighthouse(`${base}${page.path}`, browser.port, path.join(tmp, `${page.name}.json`));
      } catch (err) {
        log(`${page.name.padEnd(11)} skipped: ${err.message}`);
        rows.push({ page: page.name, skipped: String(err.message) });
        continue;
      }
      const score = (c) => Math.round((report.categories[c]?.score ?? 0) * 100);
      const scores = Object.fromEntries(
        ['performance', 'accessibility', 'best-practices', 'seo'].map((c) => [c, score(c)]),
      );
      const metrics = Object.fromEntries(METRICS.map((m) => [m, report.audits[m]?.displayValue ?? '']));
      const missed = Object.entries(TARGETS)
        .filter(([c, min]) => scores[c] < min)
        .map(([c, min]) => `${c} < ${min}`);
      const finalUrl = report.finalDisplayedUrl ?? report.finalUrl;
      // A dashboard that fell back to the login page measures the wrong page.
      if (page.session && /\/auth\/login/.test(finalUrl)) missed.push('ended on the login page');
      rows.push({
        page: page.name,
        url: page.path,
        finalUrl,
        scores,
        metrics,
        missed,
        pass: missed.length === 0,
      });
      log(
        `${page.name.padEnd(11)} ${String(scores.performance).padEnd(5)} ${String(scores.accessibility).padEnd(5)} ` +
          `${String(scores['best-practices']).padEnd(5)} ${String(scores.seo).padEnd(5)} ` +
          `${metrics['first-contentful-paint'].padEnd(8)} ${metrics['largest-contentful-paint'].padEnd(8)} ` +
          `${metrics['total-blocking-time'].padEnd(9)} ${metrics['cumulative-layout-shift'].padEnd(6)} ` +
          `${missed.length ? `FAIL (${missed.join(', ')})` : 'PASS'}`,
      );
    }
  } finally {
    await closeBrowser();
    await app.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  const measured = rows.filter((r) => !r.skipped);
  const pass = measured.every((r) => r.pass);
  log(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, ` +
      `best practices ≥ ${TARGETS['best-practices']} on every page (mobile profile, Turkish)`,
  );
  writeReport(
    outFile,
    { machine: machine(), lighthouse: LIGHTHOUSE_VERSION, targets: TARGETS, rows, pass },
    log,
  );
  return { pass: measured.length === 0 ? true : pass, skipped: measured.length === 0, rows };
}
