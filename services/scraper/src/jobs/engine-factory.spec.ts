import { marketByCode, type Market } from '@shelfscan/markets';
import { ManualClock } from '@shelfscan/service';
import { MarketplaceBlockedError } from '../fetch/errors.js';
import { MarketplaceClient } from '../fetch/marketplace-client.js';
import { FetchCounters } from '../fetch/metrics.js';
import { startServer, type LocalServer } from '../fetch/testing/local-servers.js';
import { readAmazonPage } from '../parser/__fixtures__/paths.js';
import { MarketplaceScanEngines } from './engine-factory.js';
import type { StoreScanSpec } from './job-spec.js';

const CA = marketByCode('CA') as Market;
const spec: StoreScanSpec = { market: 'CA', sellerId: 'A1B2C3D4E5F6G7', type: 'standard', listLimit: 2720 };

/**
 * Issue 20: estimates probe through a polite client of their own. A probe never goes through the
 * scans' per-domain gate, blocks it meets never slow or pause the scans' domain, and a domain the
 * scans' breaker pauses is not probed at all.
 */
describe('MarketplaceScanEngines: the probes have their own budget and breaker', () => {
  let server: LocalServer;
  let page: () => string;
  const clients: MarketplaceClient[] = [];

  beforeEach(async () => {
    page = () => readAmazonPage('ca_search_1.html');
    server = await startServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page());
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server.close();
  });

  function engines() {
    const clock = new ManualClock();
    const client = (metrics: FetchCounters) => {
      const c = new MarketplaceClient(
        {
          originOverride: server.origin,
          requestsPerSecond: 1000,
          jitterRatio: 0,
          pinDeliveryLocation: false,
          maxAttempts: 1,
          breaker: { openAfterBlocks: 1 },
        },
        { clock, metrics, random: () => 0.5 },
      );
      clients.push(c);
      return c;
    };
    const counted = { scans: new FetchCounters(), probes: new FetchCounters() };
    const scans = client(counted.scans);
    const probes = client(counted.probes);
    return { engines: new MarketplaceScanEngines({ scans, probes }, clock), scans, probes, counted };
  }

  it('an estimate reads through the probes’ client only: the scans’ gate sees none of its requests', async () => {
    const { engines: e, counted } = engines();
    const estimate = await e.estimate(spec);
    expect(estimate.reportedTotal).toBeGreaterThan(0);
    expect(counted.probes.requests).toBeGreaterThan(0);
    expect(counted.scans.requests).toBe(0);
  });

  it('a probe that meets a block trips the probes’ breaker, never the scans’: scans go on', async () => {
    const { engines: e, scans, probes, counted } = engines();
    page = () => readAmazonPage('com_captcha_1.html');
    await expect(e.estimate(spec)).rejects.toBeInstanceOf(MarketplaceBlockedError);
    expect(probes.breakerState(CA).state).toBe('open');
    expect(scans.breakerState(CA)).toMatchObject({ state: 'closed', slowdown: 1, consecutiveBlocks: 0 });
    page = () => readAmazonPage('ca_search_1.html');
    expect((await scans.get(CA, '/s?me=A1B2C3D4E5F6G7')).status).toBe(200);
    expect(counted.scans.requests).toBe(1);
  });

  it('a domain the scans’ breaker pauses is not probed at all', async () => {
    const { engines: e, scans } = engines();
    page = () => readAmazonPage('com_captcha_1.html');
    await expect(scans.get(CA, '/s?me=A1B2C3D4E5F6G7')).rejects.toBeInstanceOf(MarketplaceBlockedError);
    expect(scans.breakerState(CA).state).toBe('open');
    const before = server.requests.length;
    page = () => readAmazonPage('ca_search_1.html');
    await expect(e.estimate(spec)).rejects.toMatchObject({ reason: 'cooling-down' });
    expect(server.requests.length).toBe(before);
  });
});
