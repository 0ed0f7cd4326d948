/**
 * The simulator's HTTP server (node:http only): fault injection in front of the marketplace's
 * routes (site.ts) and the `/__sim` admin routes (admin.ts).
 */
import http from 'node:http';
import { adminReply } from './admin.js';
import { DEFAULT_FAULTS, FaultInjector, mergeFaults } from './faults.js';
import type { FaultSettings } from './faults.js';
import { listen } from './listen.js';
import { marketForHost } from './markets.js';
import { render503Page, renderCaptchaPage } from './render/pages.js';
import { hashSeed, randomAlnum, createRng } from './rng.js';
import { emptyStats, requestMarket, Site, type Reply, type SimulatorStats } from './site.js';
import { createStore } from './store.js';
import type { Store, StoreOptions } from './store.js';

export interface SimulatorOptions {
  /** 0 (default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** store specs, or stores already built with createStore() */
  stores: (StoreOptions | Store)[];
  /** organic results per page, default 16 */
  pageSize?: number;
  /** pages one query serves, default 7 (amazon.ca / .co.uk); 20 on amazon.com */
  pageCap?: number;
  faults?: Partial<FaultSettings>;
  /** called once per marketplace request with a short line (method, url, outcome, ms) */
  log?: (line: string) => void;
}

export interface Simulator {
  url: string;
  port: number;
  stores: Store[];
  pageSize: number;
  pageCap: number;
  stats(): SimulatorStats;
  resetStats(): void;
  faults(): FaultSettings;
  setFaults(patch: Partial<FaultSettings>): FaultSettings;
  close(): Promise<void>;
}

const isStore = (s: StoreOptions | Store): s is Store => 'asins' in s && 'orders' in s;

/** The client's address: the first X-Forwarded-For hop, else the socket's. */
function clientIp(req: http.IncomingMessage): string {
  const fwd = req.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

/** Writes a reply with Amazon's headers (the request id seeded by the requests served). */
function send(res: http.ServerResponse, reply: Reply, site: Site): void {
  if (res.destroyed) return;
  res.writeHead(reply.status, {
    'content-type': `${reply.type ?? 'text/html'};charset=UTF-8`,
    'cache-control': 'no-cache',
    'x-amz-rid': randomAlnum(createRng(`x:${site.requestCounter}`), 20),
    ...reply.headers,
  });
  res.end(reply.body);
}

/** What the simulator answers when making a reply throws: 500 with the error. */
function failed(e: unknown): Reply {
  return { status: 500, body: e instanceof Error ? (e.stack ?? e.message) : String(e), type: 'text/plain' };
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const pageSize = options.pageSize ?? 16;
  const pageCap = options.pageCap ?? 7;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`pageSize must be a positive integer`);
  if (!Number.isInteger(pageCap) || pageCap < 1) throw new Error(`pageCap must be a positive integer`);
  const stores = options.stores.map((s) => (isStore(s) ? s : createStore(s)));
  const site = new Site(stores, pageSize, pageCap);
  const injector = new FaultInjector(mergeFaults(DEFAULT_FAULTS, options.faults ?? {}));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = performance.now();
      const url = new URL(req.url ?? '/', 'http://simulator.local');
      try {
        if (url.pathname.startsWith('/__sim')) {
          send(res, adminReply(site, injector, req, url, Buffer.concat(chunks).toString('utf8')), site);
          return;
        }
        site.stats.requests++;
        // The captcha form's target is never blocked itself (it only redirects back).
        const decision =
          url.pathname === '/errors/validateCaptcha'
            ? { kind: 'none' as const, delayMs: 0 }
            : injector.decide(clientIp(req));
        const market =
          requestMarket(req) ??
          site.bySeller.values().next().value?.store.market ??
          marketForHost('amazon.ca')!;
        // The page is made when it is sent, after the delay: made first, it would be held through the
        // delay (hundreds of kB a results page), long enough for a collection in the process that
        // runs the simulator (`make demo`) to move it to the old generation.
        const build = (): Reply => {
          if (decision.kind === 'captcha' || decision.kind === 'rate-limited') {
            site.stats.captchas++;
            if (decision.kind === 'rate-limited') site.stats.rateLimited++;
            const token = Buffer.from(String(hashSeed(`${site.requestCounter}:${url.search}`))).toString(
              'base64',
            );
            return {
              status: 200,
              body: renderCaptchaPage(market, url.pathname + url.search, site.requestId(), token),
            };
          }
          if (decision.kind === 'error') {
            site.stats.errors503++;
            return { status: 503, body: render503Page(market) };
          }
          return site.reply(req, url);
        };
        const finish = (): void => {
          let reply: Reply;
          try {
            reply = build();
          } catch (e) {
            reply = failed(e);
          }
          send(res, reply, site);
          options.log?.(
            `${req.method} ${url.pathname}${url.search} -> ${reply.status} ${decision.kind} ${(performance.now() - started).toFixed(1)}ms`,
          );
        };
        if (decision.delayMs > 0) setTimeout(finish, decision.delayMs);
        else finish();
      } catch (e) {
        send(res, failed(e), site);
      }
    });
  });

  const { port, close } = await listen(server, options.port, options.host);
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${host}:${port}`,
    port,
    stores,
    pageSize,
    pageCap,
    stats: () => structuredClone(site.stats),
    resetStats: () => {
      site.stats = emptyStats();
    },
    faults: () => injector.current,
    setFaults: (patch) => {
      injector.update(mergeFaults(injector.current, patch as Record<string, unknown>));
      return injector.current;
    },
    close,
  };
}
