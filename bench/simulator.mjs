// The simulator benchmark: how fast the marketplace simulator serves result pages of a
// 100,000-ASIN store once it is built, for the queries a scan sends (the storefront, a deep page,
// another sort order, a department + seller + price-window query, a keyword). Imports the BUILT
// simulator (run `make bench`, which builds first).
//
// Per query: the median and slowest of RUNS requests after one unmeasured warm-up. Target: every
// median under SIMULATOR_BUDGET_MS, so that the scan benchmark and the browser tests measure the
// scan engine, not the simulator (a scan waits a second per page in production).
import { fromRoot, machine, timing, writeReport } from './report.mjs';

const { createStore, startSimulator } = fromRoot('tools/simulator/dist/index.js');

const STORE_SIZE = 100_000;
const RUNS = 15;
export const SIMULATOR_BUDGET_MS = 150;

export async function runSimulatorBench({ log = console.log, outFile } = {}) {
  const builtAt = performance.now();
  const store = createStore({ seed: 'perf', size: STORE_SIZE });
  const buildMs = performance.now() - builtAt;
  const sim = await startSimulator({ stores: [store] });
  const rows = [];
  try {
    const node = store.nodes[store.roots[0]];
    const queries = [
      ['storefront', `/s?me=${store.sellerId}`],
      ['storefront, page 5', `/s?me=${store.sellerId}&page=5`],
      ['price ascending, page 3', `/s?me=${store.sellerId}&s=price-asc-rank&page=3`],
      [
        'department + price window, by reviews',
        `/s?rh=${encodeURIComponent(`n:${node.id},p_6:${store.sellerId},p_36:1000-2999`)}&s=review-rank`,
      ],
      ['keyword, page 2', `/s?me=${store.sellerId}&k=premium&page=2`],
    ];
    for (const [name, query] of queries) {
      await fetch(sim.url + query).then((r) => r.text()); // warm-up: the first query builds its index
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const res = await fetch(sim.url + query);
        const body = await res.text();
        times.push(performance.now() - started);
        if (res.status !== 200 || !body.includes('data-component-type="s-search-result"'))
          throw new Error(`simulator: ${query} answered ${res.status} without results`);
      }
      const { medianMs, slowestMs } = timing(times);
      rows.push({ query: name, medianMs, slowestMs, pass: medianMs < SIMULATOR_BUDGET_MS });
    }
  } finally {
    await sim.close();
  }

  const pad = (s, n) => String(s).padStart(n);
  log(`store of ${STORE_SIZE.toLocaleString('en')} ASINs built in ${(buildMs / 1000).toFixed(1)} s`);
  log(`${'query'.padEnd(40)} ${pad('median ms', 9)} ${pad('slowest ms', 10)} target`);
  for (const r of rows)
    log(
      `${r.query.padEnd(40)} ${pad(r.medianMs.toFixed(1), 9)} ${pad(r.slowestMs.toFixed(1), 10)} ${r.pass ? 'PASS' : 'FAIL'}`,
    );
  const pass = rows.length > 0 && rows.every((r) => r.pass);
  log(
    `\n${pass ? 'PASS' : 'FAIL'}  every query is served in under ${SIMULATOR_BUDGET_MS} ms (median of ${RUNS})`,
  );

  const report = {
    machine: machine(),
    storeSize: STORE_SIZE,
    storeBuildMs: Math.round(buildMs),
    runs: RUNS,
    budgetMs: SIMULATOR_BUDGET_MS,
    rows,
    pass,
  };
  return writeReport(outFile, report, log);
}
