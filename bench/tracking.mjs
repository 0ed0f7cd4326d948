// The tracking benchmark (issue 18): a tracked store's diff must be exact, and never claim a removal
// that did not happen. A 2,000-ASIN simulator store that drifts (15 % of listings sorted by another
// price than the one shown) and has 3 % of its listings without a price is scanned Deep, changed by
// +1 % / −1 % (`POST /__sim/stores/…/changes`), and scanned Deep again, through the real engine and
// MarketplaceClient; the search service's own diff (services/search tracking: `diffRun`, on the
// coverage facts the scraper stores: `wholeStore`, `unpricedUnproven`, and whether each ASIN's tile
// showed a price) of the two runs is compared with the ASINs the simulator added and removed. The
// main store's diff must be exact; on every other seed of the same kind no removal may be false (a
// listing the run could not prove gone is "not seen", which the row counts). Imports the BUILT packages.
import { fromRoot, fullSpeedEngine, machine, writeReport } from './report.mjs';

const { startSimulator } = fromRoot('tools/simulator/dist/index.js');
const { diffRun } = fromRoot('services/search/dist/tracking/tracker-diff.js');
const { coverageFacts } = fromRoot('services/scraper/dist/engine/index.js');

const PAGE_SIZE = 16;
const PAGE_CAP = 7;
const LIST_LIMIT = 2720;
const SIZE = 2_000;
const BEHAVIOUR = { sortDrift: 0.15, unpriced: 0.03 };
const CHANGE = { add: SIZE / 100, remove: SIZE / 100 };
/** The store whose diff must be exact, then other seeds of the same kind (no false removal). */
const SEEDS = ['tracking-2000', 's1', 's2', 's3', 's5', 's6'];

const sorted = (list) => [...list].sort();
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

export async function runTrackingBench({ log = console.log, outFile, seeds = SEEDS } = {}) {
  const rows = [];
  for (const seed of seeds) rows.push(await trackOneStore(seed, seed === seeds[0], log));
  return writeReport(outFile, { machine: machine(), rows, pass: rows.every((r) => r.pass) }, log);
}

async function trackOneStore(seed, exact, log) {
  const sim = await startSimulator({
    port: 0,
    stores: [{ seed, size: SIZE, behaviour: BEHAVIOUR }],
    pageCap: PAGE_CAP,
    pageSize: PAGE_SIZE,
  });
  const { engine, close: closeClient } = fullSpeedEngine(sim.url);
  const sellerId = sim.stores[0].sellerId;
  const scan = async () => {
    const unpriced = new Set();
    const spec = { market: 'CA', sellerId, type: 'deep', listLimit: LIST_LIMIT };
    const onPage = async (r) => {
      for (const item of r.items ?? []) if (item.price === null) unpriced.add(item.asin);
    };
    const result = await engine.run(spec, { onPage });
    return { ...result, unpriced, facts: coverageFacts(result.coverage, result.outcome) };
  };
  try {
    const first = await scan();
    const res = await fetch(`${sim.url}/__sim/stores/${sellerId}/changes`, {
      method: 'POST',
      body: JSON.stringify(CHANGE),
    });
    const change = await res.json();
    const second = await scan();
    // The baseline: every ASIN of the first run present, with whether its tile showed a price.
    const known = new Map(first.asins.map((a) => [a, { present: true, unpriced: first.unpriced.has(a) }]));
    const diff = diffRun(known, {
      seen: second.asins,
      baseline: false,
      complete: second.outcome === 'complete' && second.facts.wholeStore,
      unpricedUnproven: second.facts.unpricedUnproven,
      aboveLimit: Boolean(first.coverage?.stoppedAtListLimit || second.coverage?.stoppedAtListLimit),
    });
    const falseAdded = diff.added.filter((a) => !change.added.includes(a));
    const falseRemoved = diff.removed.filter((a) => !change.removed.includes(a));
    const missedAdded = change.added.filter((a) => !diff.added.includes(a));
    const missedRemoved = change.removed.filter((a) => !diff.removed.includes(a));
    const row = {
      scenario: 'tracking',
      seed,
      must: exact ? 'exact diff' : 'no false removal',
      behaviour: BEHAVIOUR,
      storeSize: SIZE,
      change: CHANGE,
      runs: [first, second].map((r) => ({
        found: r.asins.length,
        pages: r.progress.pagesFetched,
        outcome: r.outcome,
        unpricedUnproven: r.facts.unpricedUnproven,
      })),
      added: diff.added.length,
      removed: diff.removed.length,
      notSeen: diff.notSeen,
      falseAdded,
      falseRemoved,
      missedAdded,
      missedRemoved,
      pass: exact
        ? same(diff.added, change.added) && same(diff.removed, change.removed)
        : falseRemoved.length === 0,
    };
    log(
      `tracking  ${seed}: ${SIZE.toLocaleString('en-US')} ASINs, +${CHANGE.add} / −${CHANGE.remove}: ` +
        `runs ${row.runs.map((r) => `${r.found} in ${r.pages} pages (${r.outcome}, ${r.unpricedUnproven} unpriced unproven)`).join(', ')}; ` +
        `diff +${row.added} / −${row.removed}, ${row.notSeen} not seen (${falseAdded.length} false added, ${falseRemoved.length} false removed, ` +
        `${missedAdded.length + missedRemoved.length} missed) [${row.must}] ${row.pass ? 'PASS' : 'FAIL'}`,
    );
    return row;
  } finally {
    await closeClient();
    await sim.close();
  }
}
