/**
 * Large results over Kafka (issue 12, "Large payloads"): a scan's result never travels in one
 * message. The scraper and the search service run as they would in two pods (each its own Kafka
 * connection, on librdkafka's mock cluster); a result at the list limit (2,720) and an unlimited
 * one of 50,000 ASINs go from the scraper's tables to the search service's by paged requests and
 * come out whole through DownloadPage, and every message on the bus stays under the size limit.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  BusTransports,
  KafkaConnection,
  codec,
  inProcessKeyPair,
  startKafkaMockCluster,
  type KafkaMockCluster,
} from '@shelfscan/bus';
import { loadConfig } from '@shelfscan/config';
import { adminEventsV1, billingEventsV1, eventTopic, searchV1 } from '@shelfscan/contracts';
import { createTestDatabase } from '@shelfscan/db';
import {
  ScanEngines,
  scraperService,
  type RunOptions,
  type ScanEngine,
  type ScanResult,
  type ScanSpec,
} from '@shelfscan/scraper-service';
import { SystemParameters, startService, type RunningService } from '@shelfscan/service';
import { GaveUp, PayloadCallerBusClient, eventually } from '@shelfscan/testing';
import { searchService } from '../src/index.js';
import { asinsOf } from './harness.js';

const LIMITED = { seller: 'ALIMITSTORE1', size: 3_000 };
const HUGE = { seller: 'AHUGESTORE01', size: 50_000 };
const storeAsins = (seller: string) =>
  asinsOf(seller === HUGE.seller ? HUGE.size : LIMITED.size, seller === HUGE.seller ? 'B1' : 'B2');

/** A stand-in engine: the store's ASINs up to the list limit, reported 500 a page. */
class BigStoreEngine implements ScanEngine {
  async run(spec: ScanSpec, opts: RunOptions = {}): Promise<ScanResult> {
    const store = storeAsins(spec.sellerId);
    const asins = store.slice(0, spec.listLimit);
    const progress = (found: number) => ({
      pagesFetched: Math.ceil(found / 500),
      asinsFound: found,
      partitionsLeft: found < asins.length ? 1 : 0,
      reportedTotal: store.length,
      reportedTotalIsLowerBound: false,
      etaSeconds: 0,
    });
    for (let i = 0; i < asins.length; i += 500) {
      const found = Math.min(i + 500, asins.length);
      await opts.onPage?.({
        newAsins: asins.slice(i, found),
        checkpoint: { version: 1, page: i / 500 + 1 },
        progress: progress(found),
      });
    }
    return {
      asins,
      progress: progress(asins.length),
      coverageLine: `Found ${asins.length} ASINs.`,
      stopReason: asins.length < store.length ? 'list-limit' : 'exhausted',
      outcome: 'complete',
    };
  }
}

describe('large scan results over Kafka (paged, never one message)', () => {
  jest.setTimeout(120_000);
  const LIMIT = 900_000;
  let cluster: KafkaMockCluster;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const services: RunningService[] = [];
  const transports: BusTransports[] = [];
  let bus: PayloadCallerBusClient;
  let search: RunningService;
  /** Every message sent on Kafka by any of the "pods": topic, envelope type and size. */
  const sent: { topic: string; bytes: number }[] = [];
  const S = searchV1.SearchService.method;

  // the gateway's identity key pair: every pod verifies with the public half (required with Kafka)
  const identity = inProcessKeyPair();

  function pod(clientId: string): BusTransports {
    const t = new BusTransports(
      {
        BUS: 'kafka',
        KAFKA_BROKERS: cluster.brokers,
        KAFKA_CLIENT_ID: clientId,
        BUS_IDENTITY_PUBLIC_KEY: identity.publicKeyPem,
        ...(clientId === 'gateway' ? { BUS_IDENTITY_PRIVATE_KEY: identity.privateKeyPem } : {}),
      },
      { sessionTimeoutMs: 6_000, requestTimeoutMs: 20_000 },
    );
    transports.push(t);
    return t;
  }

  beforeAll(async () => {
    const send = KafkaConnection.prototype.send;
    jest.spyOn(KafkaConnection.prototype, 'send').mockImplementation(function (
      this: KafkaConnection,
      topic,
      value,
      opts,
    ) {
      sent.push({ topic, bytes: value.byteLength });
      return send.call(this, topic, value, opts);
    });
    [cluster, db] = await Promise.all([startKafkaMockCluster(), createTestDatabase()]);
    const env = { LOG_LEVEL: 'silent', SCAN_LIST_LIMIT: '100000', SCRAPER_WORKERS: '2' };
    services.push(
      await startService(scraperService, {
        config: loadConfig(scraperService.envSchema, env),
        databaseUrl: db.url,
        transports: pod('scraper'),
        runMigrations: true,
        overrides: [{ provide: ScanEngines, useValue: { engineFor: () => new BigStoreEngine() } }],
      }),
    );
    search = await startService(searchService, {
      config: loadConfig(searchService.envSchema, env),
      databaseUrl: db.url,
      transports: pod('search'),
      runMigrations: true,
    });
    services.push(search);
    // asks for the user each request names, as the gateway does for a verified token
    bus = new PayloadCallerBusClient(pod('gateway').client());
  });

  afterAll(async () => {
    for (const s of services.reverse()) await s.stop();
    for (const t of transports) await t.close();
    await cluster?.stop();
    await db?.drop();
    jest.restoreAllMocks();
  });

  const publish = (schema: Parameters<typeof eventTopic>[0], data: unknown) =>
    transports[2]
      .client()
      .publishEncoded(eventTopic(schema), codec.event(eventTopic(schema), data, randomUUID()));

  /** Polls on the Kafka bus, whose round trips are slower than the in-process one's. */
  const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
    eventually(probe, { what, timeoutMs: 60_000, everyMs: 100 });

  async function scanAndDownload(userEmail: string, seller: string): Promise<string[]> {
    const { todo } = await bus.request(S.createScan, {
      userEmail,
      searchType: 'deep',
      fileName: seller,
      storeUrl: `https://www.amazon.ca/s?me=${seller}`,
      market: 'CA',
    });
    const done = await until(`the scan of ${seller} to complete`, async () => {
      const t = (await bus.request(S.getTodo, { userEmail, id: todo!.id })).todo!;
      if (t.status === 'FAILED') throw new GaveUp(`the scan of ${seller} failed: ${t.failureReason}`);
      return t.status === 'COMPLETED' ? t : undefined;
    });
    const all: string[] = [];
    for (;;) {
      const page = await bus.request(S.downloadPage, {
        userEmail,
        id: todo!.id,
        offset: all.length,
        limit: 10_000,
      });
      all.push(...page.asins);
      if (page.done) break;
    }
    expect(done.asinCount).toBe(all.length);
    return all;
  }

  it('a result at the list limit (2,720) and an unlimited one of 50,000 ASINs come out whole; no message nears 1 MB', async () => {
    const userEmail = 'big@example.com';
    const start = Date.now() - 60_000;
    await publish(billingEventsV1.PlanActivatedSchema, {
      subscriptionId: randomUUID(),
      userEmail,
      features: ['standard', 'deep'],
      trial: false,
      periodStart: new Date(start).toISOString(),
      periodEnd: new Date(start + 30 * 86_400_000).toISOString(),
    });
    await until('the plan in the search service', async () => {
      const q = await bus.request(S.getQuota, { userEmail });
      return q.plans?.deep;
    });

    const limited = await scanAndDownload(userEmail, LIMITED.seller);
    expect(limited).toEqual(storeAsins(LIMITED.seller).slice(0, 2_720));

    // No list limit to speak of: the admin raises it (SystemParametersChanged), as far as the scraper allows.
    await publish(adminEventsV1.SystemParametersChangedSchema, {
      parameters: [{ key: 'search.listLimit', value1: '100000' }],
      changedBy: 'admin@example.com',
    });
    await until(
      'the new list limit in the search service',
      async () => search.app.get(SystemParameters).number('search.listLimit') === 100_000,
    );
    const huge = await scanAndDownload(userEmail, HUGE.seller);
    expect(huge).toHaveLength(50_000);
    expect(huge).toEqual(storeAsins(HUGE.seller));

    // The largest message of all, and the completion events: counts, not lists.
    const largest = Math.max(...sent.map((m) => m.bytes));
    expect(largest).toBeLessThan(LIMIT);
    expect(largest).toBeGreaterThan(50_000); // the pages themselves are not tiny: the check has teeth
    const completed = sent.filter((m) => m.topic === 'shelfscan.scraper.v1.ScanCompleted');
    expect(completed).toHaveLength(2);
    for (const m of completed) expect(m.bytes).toBeLessThan(1_000);
    // the result crossed as pages: 50,000 ASINs at 5,000 a page is at least 10 ListScanAsins replies
    const pages = sent.filter((m) => m.topic.startsWith('search.reply.'));
    expect(pages.length).toBeGreaterThanOrEqual(11);
    const types = new Set(
      sent.filter((m) => m.bytes > 50_000).map((m) => (m.topic.includes('.reply.') ? 'reply' : m.topic)),
    );
    expect([...types]).toEqual(['reply']); // only request replies (pages) are large
  });
});
