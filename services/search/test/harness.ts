import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { BusTransports, codec, type BusTransportClient, type MemoryBroker } from '@shelfscan/bus';
import { billingEventsV1, eventTopic, scraperV1, searchV1 } from '@shelfscan/contracts';
import {
  MarketplaceBlockedError,
  ScanBlockedError,
  ScanEngines,
  scraperService,
  scriptedAsinCheck,
  type JobEngine,
  type JobSpec,
  type RunOptions,
  type ScanItem,
  type ScanResult,
  type ScriptedProduct,
  type StoreScanSpec,
} from '@shelfscan/scraper-service';
import { ManualClock, type PortOverride, type RunningService } from '@shelfscan/service';
import { eventually, startTestBed, startTestService, type TestBed } from '@shelfscan/testing';
import { DataSource } from 'typeorm';
import { searchService } from '../src/index.js';

/** Stores of the scripted engine, by seller id: what a scan of each one does. */
export const STORES = {
  /** 40 ASINs, in three pages. */
  ok: 'AOKSTORE0001',
  /** One page of 16 ASINs, then waits until cancelled. */
  hold: 'AHOLDSTORE01',
  /** Fails with an internal error (not the user's fault: refunded). */
  internal: 'AFAILINTERN1',
  /** Blocked by the marketplace (refunded; no retries in these tests). */
  blocked: 'ABLOCKED0001',
  /** "No such store" (the user's link: not refunded). */
  missing: 'ANOTFOUND001',
  /** Estimates only: shows "over 1,000", counted by price ranges to at least 4,200. */
  over: 'AOVERSTORE01',
} as const;

export const asinsOf = (n: number, prefix = 'B0') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`);

export const OK_ASINS = asinsOf(40);

/**
 * Stores whose listings a test sets between runs (tracking), by seller id: the ASINs the store
 * lists now; `outcome` partial ends the scan `completed_partial`; `blockAfter` n: the marketplace
 * blocks the scan after its first n ASINs; `listLimit` n: the store is above a list limit of n (the
 * scan stops there).
 */
export const programmedStores = new Map<
  string,
  {
    asins: string[];
    outcome?: 'complete' | 'partial';
    blockAfter?: number;
    listLimit?: number;
    /** What Amazon counts, when more than the listings served (a Standard query's page cap). */
    reported?: number;
    /** SCAN_COVERAGE_THRESHOLD (1 when absent). */
    threshold?: number;
    /** Listings whose tile shows no price (when set, every page reports its tiles' facts). */
    unpriced?: string[];
  }
>();

/** The specs the scraper ran, by the time they started (tests read the categories sent). */
export const ranSpecs: JobSpec[] = [];

/**
 * ASIN checks of the scripted engine: an ASIN starting with `B0NOT` is not found on the market,
 * one starting with `B0OFF` is currently unavailable, any other is sold there, with a title,
 * price, stars and badges made from its place in the list.
 */
const scriptedProduct: ScriptedProduct = (asin, seq) => {
  const state = asin.startsWith('B0NOT') ? 'not-found' : asin.startsWith('B0OFF') ? 'unavailable' : 'sold';
  return {
    state,
    title: state === 'not-found' ? null : `Ürün ${asin} "çift", tırnak`,
    priceText: state === 'sold' ? `$${seq + 1}.99` : null,
    price: state === 'sold' ? seq + 1.99 : null,
    currency: state === 'sold' ? 'CAD' : null,
    stars: state === 'sold' ? 4.5 : null,
    reviewCount: state === 'sold' ? 1000 + seq : null,
    amazonsChoice: seq % 2 === 0,
    bestSeller: seq % 3 === 0,
  };
};

/** A store tile as the scripted engine shows it: a title, and a price unless `priced` is false. */
function scriptedTile(asin: string, page: number, priced: boolean): ScanItem {
  return {
    asin,
    title: `Ürün ${asin}`,
    price: priced ? 9.99 : null,
    currency: priced ? 'CAD' : null,
    listPrice: null,
    stars: null,
    reviewCount: null,
    amazonsChoice: false,
    bestSeller: false,
    prime: false,
    category: null,
    page,
    query: `https://www.amazon.ca/s?me=${asin}&page=${page}`,
  };
}

/** A stand-in for the scan engine, scripted by seller id; pages are reported as the real one does. */
class ScriptedEngine implements JobEngine {
  async run(job: JobSpec, opts: RunOptions = {}): Promise<ScanResult> {
    ranSpecs.push(job);
    if (job.type === 'asin-check') return scriptedAsinCheck(job, opts, scriptedProduct);
    const spec: StoreScanSpec = job;
    const page = async (asins: string[], fetched: number, total: number) => {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const unpriced = programmedStores.get(spec.sellerId)?.unpriced;
      await opts.onPage?.({
        newAsins: asins,
        items: unpriced && asins.map((asin) => scriptedTile(asin, fetched, !unpriced.includes(asin))),
        checkpoint: { version: 1, page: fetched },
        progress: {
          pagesFetched: fetched,
          asinsFound: fetched * 16 > total ? total : fetched * 16,
          partitionsLeft: 1,
          reportedTotal: total,
          reportedTotalIsLowerBound: false,
          etaSeconds: 30,
        },
      });
    };
    switch (spec.sellerId) {
      case STORES.hold: {
        await page(asinsOf(16), 1, 100);
        await new Promise((_, reject) => {
          const stop = () => reject(opts.signal?.reason ?? new Error('aborted'));
          if (opts.signal?.aborted) stop();
          opts.signal?.addEventListener('abort', stop, { once: true });
        });
        throw new Error('unreachable');
      }
      case STORES.internal:
        throw new Error('the engine broke');
      case STORES.blocked:
        throw new MarketplaceBlockedError('amazon.ca', 'captcha');
      case STORES.missing:
        throw new ScanBlockedError('amazon.ca', 'soft-404', 'https://www.amazon.ca/s?me=X', 404);
      default: {
        const programmed = programmedStores.get(spec.sellerId);
        if (programmed?.blockAfter !== undefined) {
          await page(programmed.asins.slice(0, programmed.blockAfter), 1, programmed.asins.length);
          throw new MarketplaceBlockedError('amazon.ca', 'captcha');
        }
        const limit = programmed?.listLimit ?? spec.listLimit;
        const all = (programmed?.asins ?? OK_ASINS).slice(0, limit);
        const reported = programmed?.reported ?? programmed?.asins.length ?? all.length;
        for (let i = 0; i * 16 < all.length; i++)
          await page(all.slice(i * 16, i * 16 + 16), i + 1, all.length);
        return {
          asins: all,
          progress: {
            pagesFetched: Math.ceil(all.length / 16),
            asinsFound: all.length,
            partitionsLeft: 0,
            reportedTotal: reported,
            reportedTotalIsLowerBound: false,
            etaSeconds: 0,
          },
          coverageLine: `Found ${all.length} ASINs of the ${reported} Amazon reports (${Math.round((all.length / reported) * 100)}%).`,
          coverage: {
            found: all.length,
            reported,
            reportedIsLowerBound: false,
            listLimit: limit,
            stoppedAtListLimit: reported > limit,
            threshold: programmed?.threshold,
            filtered: false,
          },
          stopReason: reported > limit ? 'list-limit' : 'exhausted',
          outcome: programmed?.outcome ?? 'complete',
        };
      }
    }
  }
}

export const scriptedEngines: ScanEngines = {
  engineFor: () => new ScriptedEngine(),
  /** The blocked store cannot be probed; any other: 40 reported listings a department, 3 pages, 2 s a page. */
  async estimate(spec) {
    if (spec.sellerId === STORES.blocked) throw new MarketplaceBlockedError('amazon.ca', 'captcha');
    const departments = Math.max(1, spec.categories?.length ?? 0);
    if (spec.sellerId === STORES.over)
      return {
        etaSeconds: 500,
        pages: 250,
        reportedTotal: 1000,
        reportedTotalIsLowerBound: true,
        counted: { total: 4200, lowerBound: true },
        max: { pages: 170, etaSeconds: 340 },
        msPerPage: 2000,
      };
    return {
      etaSeconds: 6 * departments,
      pages: 3 * departments,
      reportedTotal: 40 * departments,
      reportedTotalIsLowerBound: false,
      counted: null,
      max: null,
      msPerPage: 2000,
    };
  },
};

/** A transport whose client publishes every event twice (the same message): consumers must not care. */
class DoublingTransports extends BusTransports {
  override client(): BusTransportClient {
    const client = super.client();
    const publish = client.publishEncoded.bind(client);
    client.publishEncoded = async (topic, bytes) => {
      await publish(topic, bytes);
      await publish(topic, bytes);
    };
    return client;
  }
}

/**
 * The search service and the real scraper (scripted engine) on one fresh PostgreSQL database and
 * the in-process bus; every event either service publishes is delivered twice. The search
 * service runs on a ManualClock.
 */
export async function startSearchHarness(
  opts: { env?: Record<string, string>; overrides?: PortOverride[] } = {},
) {
  const bed = await startTestBed({
    transports: new DoublingTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' }),
  });
  const clock = new ManualClock('2030-01-15T09:00:00Z');
  const env = { SCAN_BLOCKED_RETRIES: '0', SCRAPER_WORKERS: '4', ...opts.env };
  await startTestService(scraperService, bed, {
    env,
    overrides: [{ provide: ScanEngines, useValue: scriptedEngines }],
  });
  const search = await startTestService(searchService, bed, { env, clock, overrides: opts.overrides });
  return harnessOf({ bed, clock, search, env });
}

function harnessOf(deps: {
  bed: TestBed;
  clock: ManualClock;
  search: RunningService;
  env: Record<string, string>;
}) {
  const { clock, bed } = deps;
  const { bus } = bed;
  const client = bed.transports.client();
  const S = searchV1.SearchService.method;
  const searchDb = deps.search.app.get(DataSource);

  const h = {
    clock,
    bus,
    /** The test database (each service has its own schema in it). */
    dbUrl: bed.db.url,
    S,
    searchDb,
    searchApp: () => deps.search.app,
    /** A second replica of the search service on the same database and bus (and clock). */
    startReplica: () => startTestService(searchService, bed, { env: deps.env, clock }),
    /** Publishes an event once (a given message id makes a redelivery). */
    async publish(schema: Parameters<typeof eventTopic>[0], data: unknown, messageId = randomUUID()) {
      await client.publishEncoded(eventTopic(schema), codec.event(eventTopic(schema), data, messageId));
    },
    /** Waits until every message on the in-process bus has been handled (a published event included). */
    drained: () => client.unwrap<MemoryBroker>().drain(),
    /** PlanActivated for these features, usable for a year from the clock's now (published twice). */
    async grant(userEmail: string, features: string[], opts: { days?: number; start?: Date } = {}) {
      const subscriptionId = randomUUID();
      const start = opts.start ?? new Date(clock.nowMs() - 60_000);
      const data = {
        subscriptionId,
        userEmail,
        features,
        trial: false,
        periodStart: start.toISOString(),
        periodEnd: new Date(start.getTime() + (opts.days ?? 365) * 86_400_000).toISOString(),
      };
      const id = randomUUID();
      await h.publish(billingEventsV1.PlanActivatedSchema, data, id);
      await h.publish(billingEventsV1.PlanActivatedSchema, data, id);
      await eventually(async () => {
        const q = await bus.request(S.getQuota, { userEmail });
        return features.every((f) => (q.plans as unknown as Record<string, boolean>)[f]);
      });
      return subscriptionId;
    },
    create(userEmail: string, input: Partial<searchV1.CreateScanRequest> & { seller?: string } = {}) {
      const { seller, ...rest } = input;
      return bus.request(S.createScan, {
        userEmail,
        searchType: 'standard',
        fileName: 'Mağaza listesi',
        storeUrl: `https://www.amazon.ca/s?me=${seller ?? STORES.ok}`,
        market: 'CA',
        ...rest,
      });
    },
    get: (userEmail: string, id: string) => bus.request(S.getTodo, { userEmail, id }).then((r) => r.todo!),
    /** Waits until the todo satisfies `ok`, and returns it. */
    async todoWhen(userEmail: string, id: string, ok: (t: searchV1.Todo) => boolean) {
      return eventually(async () => {
        const t = await h.get(userEmail, id);
        return ok(t) ? t : undefined;
      });
    },
    /** Every ASIN of a todo through DownloadPage, in pages of `limit`. */
    async download(userEmail: string, id: string, limit = 7) {
      const all: string[] = [];
      for (;;) {
        const page = await bus.request(S.downloadPage, { userEmail, id, offset: all.length, limit });
        all.push(...page.asins);
        if (page.done) return all;
      }
    },
    scanStatus: (scanId: string) =>
      bus.request(scraperV1.ScraperService.method.getScan, { scanId }).then((s) => s.status),
    stop: () => bed.stop(),
  };
  return h;
}

export type SearchHarness = Awaited<ReturnType<typeof startSearchHarness>>;
