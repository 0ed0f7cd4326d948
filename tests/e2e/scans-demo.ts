/**
 * The scan journeys' own server: `make demo` as built (`node apps/all-in-one/dist/demo.js`) — the
 * embedded mode with the marketplace simulator standing in for Amazon and the seeded demo seller
 * who holds every plan — on its own port, data folder and simulator port, started by the journeys
 * that need it and stopped after them. Mails go to the shared SMTP catcher (outbox.ts reads them).
 * Scans run fast here: 50 requests a second to the simulator; a blocked scan is not retried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import type { Listing } from '@shelfscan/simulator';

const root = path.resolve(__dirname, '../..');
const base = Number(process.env.E2E_PORT ?? 8181);
/** Beside the shared server's port (E2E_PORT) and its SMTP catcher (E2E_PORT + 1000). */
const port = base + 5;
const simPort = base + 6;

export const demoURL = `http://localhost:${port}`;
export const simURL = `http://127.0.0.1:${simPort}`;
export const DEMO_SELLER = { email: 'seller@shelfscan.local', password: 'demo-seller' };
export const DEMO_ADMIN = { email: 'admin@shelfscan.local', password: 'demo-admin' };

export interface SimStore {
  sellerId: string;
  seed: string;
  size: number;
  storefrontPath: string;
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the demo server and waits until it is ready (PostgreSQL, services, gateway, simulator). */
export async function startDemo(): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-e2e-scans-'));
  fs.chmodSync(dataDir, 0o755);
  const smtp = process.env.E2E_SMTP_PORT;
  child = spawn(process.execPath, [path.join(root, 'apps/all-in-one/dist/demo.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: demoURL,
      SIM_PORT: String(simPort),
      SCRAPER_REQUESTS_PER_SECOND: '50',
      // A scan the simulator blocks fails at once (the Turkish pages show a failed scan).
      SCAN_BLOCKED_RETRIES: '0',
      LOG_LEVEL: 'warn',
      ...(smtp
        ? { SMTP_URL: `smtp://127.0.0.1:${smtp}`, MAIL_FROM: 'ShelfScan <no-reply@shelfscan.test>' }
        : {}),
    },
  });
  const exited = new Promise<never>((_, reject) =>
    child!.once('exit', (code) => reject(new Error(`the demo server exited (${code}) before it was ready`))),
  );
  const ready = expect
    .poll(
      async () => {
        try {
          return (await fetch(`${demoURL}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000, intervals: [250, 500, 1000], message: `${demoURL}/readyz` },
    )
    .toBe(200);
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
}

/** Stops it as Ctrl-C would (gateway, services, PostgreSQL) and removes its data folder. */
export async function stopDemo(): Promise<void> {
  const running = child;
  child = undefined;
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (running.exitCode === null) running.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The simulator's stores (seller ids, sizes) and a store's true ASIN list. */
export async function simStores(): Promise<SimStore[]> {
  return (await (await fetch(`${simURL}/__sim/stores`)).json()) as SimStore[];
}

export async function trueAsins(sellerId: string): Promise<string[]> {
  return (await (await fetch(`${simURL}/__sim/stores/${sellerId}/asins`)).text()).trim().split('\n');
}

/** What each listing of a store shows on its tile (the simulator's truth for the rich exports). */
export async function simListings(sellerId: string): Promise<Listing[]> {
  return (await (await fetch(`${simURL}/__sim/stores/${sellerId}/listings`)).json()) as Listing[];
}

/** Merges fault settings of the simulator (latency to watch a scan run); returns the ones before. */
export async function setSimFaults(patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const before = (await (await fetch(`${simURL}/__sim/faults`)).json()) as Record<string, unknown>;
  const res = await fetch(`${simURL}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  expect(res.status).toBe(200);
  return before;
}

/** Logs in through the API and puts the token where the SPA reads it (the auth cookie). */
export async function logIn(
  request: APIRequestContext,
  context: BrowserContext,
  who: { email: string; password: string },
): Promise<string> {
  const res = await request.post(`${demoURL}/api/authenticate`, { data: who });
  expect(res.status()).toBe(200);
  const token = (await res.json()).data.token as string;
  await context.addCookies([{ name: 'frontend-nuxt-auth-key', value: token, url: demoURL }]);
  return token;
}
