// The real-store benchmark (issue 13): Deep scans of simulated stores that behave like real Amazon
// storefronts — a price sort that is not exact (15 % of listings sorted by a price other than the one
// shown), listings without a price (3 %), variation price ranges, a store that ignores the sort
// parameter, featured order that changes between two loads — through the real engine and the real
// MarketplaceClient, with Amazon's 7-page × 16-result cap. Imports the BUILT packages.
//
// Per row: coverage of the true store (or of the list limit), pages ÷ ⌈expected ÷ 16⌉, the outcome
// the engine reported, and whether it was honest (`complete` exactly when the true coverage reaches
// the coverage threshold: never complete below it, never partial above it).
import { fromRoot, fullSpeedEngine, machine, writeReport } from './report.mjs';

const { DEFAULT_COVERAGE_THRESHOLD } = fromRoot('services/scraper/dist/engine/index.js');
const { startSimulator } = fromRoot('tools/simulator/dist/index.js');

const PAGE_SIZE = 16;
const PAGE_CAP = 7;
export const LIST_LIMIT = 2720;
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** The behaviours of the issue, each with its target. */
export const SCENARIOS = [
  {
    name: 'drift15+unpriced3',
    behaviour: { sortDrift: 0.15, unpriced: 0.03 },
    sizes: [1_000, 10_000, 50_000],
    limits: [LIST_LIMIT, UNLIMITED],
    target: { coverage: 0.99, ratio: 1.5 },
  },
  {
    name: 'sort-ignored',
    behaviour: { ignoreSort: true },
    sizes: [1_000, 10_000, 50_000],
    limits: [LIST_LIMIT, UNLIMITED],
    target: { coverage: 0.97, ratio: 2.5 },
  },
  {
    name: 'variations10',
    behaviour: { variations: 0.1 },
    sizes: [1_000, 10_000],
    limits: [LIST_LIMIT, UNLIMITED],
    target: { coverage: 0.99, ratio: 1.5 },
  },
  {
    // Issue 18's held-out case: Amazon counts it only "over 1,000", ignores the price sort, and 3 %
    // of its listings show no price (a scan that read its keyword queries where the titles put the
    // unpriced listings ended "complete" at 97.9 % here, every listing it missed an unpriced one).
    // Small enough for the smoke (`always`).
    name: 'ignored+unpriced3',
    behaviour: { ignoreSort: true, unpriced: 0.03 },
    sizes: [2_000],
    limits: [LIST_LIMIT],
    target: { coverage: 0.99, ratio: 2.5 },
    always: true,
  },
  {
    name: 'featured-unstable',
    behaviour: { ignoreSort: true, unstableFeatured: true },
    sizes: [1_000, 10_000],
    limits: [LIST_LIMIT, UNLIMITED],
    target: { coverage: 0.97, ratio: 2.5 },
  },
];

const fmt = (n, d = 0) =>
  n === null || n === undefined
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

/**
 * `maxSize` leaves out bigger stores (BENCH_MAX_SIZE while iterating); `unlimitedMaxSize` the
 * unlimited runs above it (the 50,000-ASIN unlimited run takes minutes).
 */
export async function runRealStoresBench({ log = console.log, outFile, maxSize = Infinity } = {}) {
  const plan = SCENARIOS.flatMap((sc) =>
    sc.sizes.filter((n) => n <= maxSize || sc.always).map((size) => ({ sc, size })),
  );
  const sim = await startSimulator({
    port: 0,
    stores: plan.map(({ sc, size }) => ({ seed: `real-${sc.name}-${size}`, size, behaviour: sc.behaviour })),
    pageCap: PAGE_CAP,
    pageSize: PAGE_SIZE,
  });
  const { engine, close: closeClient } = fullSpeedEngine(sim.url);
  const rows = [];
  try {
    for (const [i, { sc, size }] of plan.entries()) {
      const store = sim.stores[i];
      for (const listLimit of sc.limits) {
        const t0 = performance.now();
        const result = await engine.run({ market: 'CA', sellerId: store.sellerId, type: 'deep', listLimit });
        const wallS = (performance.now() - t0) / 1000;
        const expected = Math.min(store.size, listLimit);
        const valid = result.asins.filter((a) => store.asinSet.has(a)).length;
        const duplicates = result.asins.length - new Set(result.asins).size;
        const pages = result.progress.pagesFetched;
        const lowerBound = Math.ceil(expected / PAGE_SIZE);
        const coverage = valid / expected;
        const ratio = pages / lowerBound;
        // Honest: `complete` exactly when the true coverage reaches the threshold.
        const honest = (result.outcome === 'complete') === coverage >= DEFAULT_COVERAGE_THRESHOLD;
        rows.push({
          scenario: sc.name,
          behaviour: sc.behaviour,
          storeSize: size,
          listLimit: listLimit === UNLIMITED ? null : listLimit,
          found: result.asins.length,
          expected,
          coverage,
          pages,
          lowerBound,
          pagesRatio: ratio,
          outcome: result.outcome,
          orderChecked: result.coverage?.orderChecked,
          honest,
          duplicates,
          wrong: result.asins.length - valid,
          wallSecondsFullSpeed: Math.round(wallS * 100) / 100,
          coverageLine: result.coverageLine,
          target: sc.target,
          pass:
            coverage >= sc.target.coverage &&
            ratio <= sc.target.ratio &&
            honest &&
            !duplicates &&
            result.asins.length === valid,
        });
        const r = rows[rows.length - 1];
        log(
          [
            r.scenario.padEnd(18),
            fmt(size).padStart(7),
            (r.listLimit ? fmt(r.listLimit) : 'none').padStart(6),
            fmt(r.found).padStart(7),
            fmt(r.expected).padStart(7),
            `${fmt(coverage * 100, 1)}%`.padStart(7),
            fmt(pages).padStart(6),
            fmt(lowerBound).padStart(6),
            fmt(ratio, 2).padStart(5),
            r.outcome.padStart(8),
            (honest ? 'yes' : 'NO').padStart(6),
            `≥${sc.target.coverage * 100}% ≤${sc.target.ratio}×`.padStart(12),
            r.pass ? 'PASS' : 'FAIL',
          ].join(' '),
        );
      }
    }
  } finally {
    await closeClient();
    await sim.close();
  }
  const report = {
    machine: machine(),
    simulator: { pageCap: PAGE_CAP, pageSize: PAGE_SIZE },
    coverageThreshold: DEFAULT_COVERAGE_THRESHOLD,
    rows,
    pass: rows.every((r) => r.pass),
  };
  return writeReport(outFile, report, log);
}

export const HEADER =
  'scenario             store  limit   found  expect     cov  pages  lower ratio  outcome honest       target';
