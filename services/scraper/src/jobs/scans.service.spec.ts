import { ManualClock } from '@shelfscan/service';
import type { ScraperConfig } from '../config.js';
import { ScanEngines } from './engine-factory.js';
import type { ScanEstimate } from './estimate.js';
import type { StoreScanSpec } from './job-spec.js';
import { ScansService } from './scans.service.js';

/** A probe's answer: the store's pages as the engine would count them. */
const answer = (pages: number): ScanEstimate => ({
  etaSeconds: pages * 2,
  pages,
  reportedTotal: pages * 16,
  reportedTotalIsLowerBound: false,
  counted: null,
  max: null,
  msPerPage: 2000,
});

/**
 * Issue 20: estimates are kept per store (and scan type), so a new keyword or another choice of
 * departments on the same store is served from the cache instead of probing Amazon again.
 */
describe('ScansService.estimate: the cache is per store', () => {
  const probes: StoreScanSpec[] = [];
  const engines: ScanEngines = {
    engineFor: () => {
      throw new Error('no scans here');
    },
    estimate: (spec) => {
      probes.push(spec);
      return Promise.resolve(answer(10 + probes.length));
    },
  };
  const clock = new ManualClock();
  const unused = undefined as never;
  const service = new ScansService(unused, unused, unused, unused, engines, clock, {
    SCAN_LIST_LIMIT: 2720,
  } as ScraperConfig);
  const ask = (
    input: Partial<{ sellerId: string; type: string; keyword: string; categoryNodeIds: string[] }>,
  ) =>
    service.estimate({
      market: 'CA',
      sellerId: 'A1STORE00001',
      type: 'deep',
      keyword: '',
      categoryNodeIds: [],
      ...input,
    });

  it('a keyword or department change on the same store is served from the cache; another store is probed', async () => {
    expect(await ask({ keyword: 'kettle' })).toMatchObject({ pages: 11 });
    expect(await ask({ keyword: 'teapot' })).toMatchObject({ pages: 11 });
    expect(await ask({ keyword: 'mug', categoryNodeIds: ['667823011'] })).toMatchObject({ pages: 11 });
    expect(await ask({})).toMatchObject({ pages: 11 });
    expect(probes).toHaveLength(1);
    expect(await ask({ sellerId: 'A2OTHERSTORE' })).toMatchObject({ pages: 12 });
    expect(probes).toHaveLength(2);
  });

  it('a store is probed again once its estimate is ten minutes old (on the Clock port)', async () => {
    probes.length = 0;
    expect(await ask({ sellerId: 'A3AGEDSTORE1', keyword: 'a' })).toMatchObject({ pages: 11 });
    clock.advance(10 * 60_000);
    expect(await ask({ sellerId: 'A3AGEDSTORE1', keyword: 'b' })).toMatchObject({ pages: 11 });
    expect(probes).toHaveLength(1);
    clock.advance(1);
    expect(await ask({ sellerId: 'A3AGEDSTORE1', keyword: 'c' })).toMatchObject({ pages: 12 });
    expect(probes.map((p) => p.keyword)).toEqual(['a', 'c']);
  });
});
