// The tracking benchmark (issue 18): a tracked store's diff must be exact. A 2,000-ASIN simulator
// store that drifts (15 % of listings sorted by another price than the one shown) and has 3 % of its
// listings without a price is scanned Deep, changed by +1 % / −1 % (`POST /__sim/stores/…/changes`),
// and scanned Deep again, through the real engine and MarketplaceClient; the search service's own
// diff (services/search tracking: `diffRun`, the rules a tracker's run is stored with) of the two
// runs must be exactly the ASINs the simulator added and removed. Imports the BUILT packages.
import { fromRoot, fullSpeedEngine, machine, writeReport } from './report.mjs';

const { startSimulator } = fromRoot('tools/simulator/dist/index.js');
const { diffRun } = fromRoot('services/search/dist/tracking/tracker-diff.js');

const PAGE_SIZE = 16;
const PAGE_CAP = 7;
const LIST_LIMIT = 2720;
const SIZE = 2_000;
const BEHAVIOUR = { sortDrift: 0.15, unpriced: 0.03 };
const CHANGE = { add: SIZE / 100, remove: SIZE / 100 };

const sorted = (list) => [...list].sort();
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

export async function runTrackingBench({ log = console.log, outFile } = {}) {
  const sim = await startSimulator({
    port: 0,
    stores: [{ seed: 'tracking-2000', size: SIZE, behaviour: BEHAVIOUR }],
    pageCap: PAGE_CAP,
    pageSize: PAGE_SIZE,
  });
  const { engine, close: closeClient } = fullSpeedEngine(sim.url);
  const sellerId = sim.stores[0].sellerId;
  const scan = () => engine.run({ market: 'CA', sellerId, type: 'deep', listLimit: LIST_LIMIT });
  try {
    const first = await scan();
    const res = await fetch(`${sim.url}/__sim/stores/${sellerId}/changes`, {
      method: 'POST',
      body: JSON.stringify(CHANGE),
    });
    const change = await res.json();
    const second = await scan();
    // The baseline: every ASIN of the first run present.
    const known = new Map(first.asins.map((a) => [a, { present: true }]));
    const diff = diffRun(known, {
      seen: second.asins,
      baseline: false,
      complete: second.outcome === 'complete',
      aboveLimit: Boolean(first.coverage?.stoppedAtListLimit || second.coverage?.stoppedAtListLimit),
    });
    const falseAdded = diff.added.filter((a) => !change.added.includes(a));
    const falseRemoved = diff.removed.filter((a) => !change.removed.includes(a));
    const row = {
      scenario: 'tracking',
      behaviour: BEHAVIOUR,
      storeSize: SIZE,
      change: CHANGE,
      runs: [first, second].map((r) => ({
        found: r.asins.length,
        pages: r.progress.pagesFetched,
        outcome: r.outcome,
      })),
      added: diff.added.length,
      removed: diff.removed.length,
      notSeen: diff.notSeen,
      falseAdded,
      falseRemoved,
      missedAdded: change.added.filter((a) => !diff.added.includes(a)),
      missedRemoved: change.removed.filter((a) => !diff.removed.includes(a)),
      pass: same(diff.added, change.added) && same(diff.removed, change.removed),
    };
    log(
      `tracking  ${SIZE.toLocaleString('en-US')} ASINs, +${CHANGE.add} / −${CHANGE.remove}: ` +
        `runs ${row.runs.map((r) => `${r.found} in ${r.pages} pages (${r.outcome})`).join(', ')}; ` +
        `diff +${row.added} / −${row.removed} (${falseAdded.length} false added, ${falseRemoved.length} false removed, ` +
        `${row.missedAdded.length + row.missedRemoved.length} missed) ${row.pass ? 'PASS' : 'FAIL'}`,
    );
    return writeReport(outFile, { machine: machine(), rows: [row], pass: row.pass }, log);
  } finally {
    await closeClient();
    await sim.close();
  }
}
