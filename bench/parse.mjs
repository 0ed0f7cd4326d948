// The parser benchmark: parseResultsPage on every saved Amazon results page in
// ../shared/fixtures/amazon-pages (real pages of 0.3–2.5 MB). Imports the BUILT scraper (run
// `make bench`, which builds first).
//
// Per page: size, results found, median and slowest of RUNS parses after WARM_UP unmeasured ones.
// Target: every page's median under PARSE_BUDGET_MS. At the production rate of one page per second a
// parse has to stay well under that second, or parsing becomes the scan's pace instead of politeness.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot, machine, timing, writeReport } from './report.mjs';

const { parseResultsPage } = fromRoot('services/scraper/dist/parser/index.js');
const { sharedDir, sharedDirProblem } = fromRoot('scripts/shared-dir.cjs');

const WARM_UP = 3;
const RUNS = 15;
/** A quarter of the one second a page gets at the production politeness rate. */
export const PARSE_BUDGET_MS = 250;

export async function runParseBench({ log = console.log, outFile } = {}) {
  const problem = sharedDirProblem();
  if (problem) throw new Error(problem);
  const dir = path.join(sharedDir(), 'fixtures', 'amazon-pages');
  const files = readdirSync(dir)
    .filter((f) => /_(search|storefront)_\d+\.html$/.test(f))
    .sort();

  const rows = [];
  for (const file of files) {
    const html = readFileSync(path.join(dir, file), 'utf8');
    let results = 0;
    for (let i = 0; i < WARM_UP; i++) results = parseResultsPage(html).asins.length;
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      parseResultsPage(html);
      times.push(performance.now() - started);
    }
    const { medianMs, slowestMs } = timing(times);
    rows.push({
      page: file,
      megabytes: Math.round((Buffer.byteLength(html) / 1e6) * 100) / 100,
      results,
      medianMs,
      slowestMs,
      pass: medianMs < PARSE_BUDGET_MS,
    });
  }

  const pad = (s, n) => String(s).padStart(n);
  log(
    `${'page'.padEnd(24)} ${pad('MB', 5)} ${pad('results', 7)} ${pad('median ms', 9)} ${pad('slowest ms', 10)} target`,
  );
  for (const r of rows)
    log(
      `${r.page.padEnd(24)} ${pad(r.megabytes.toFixed(2), 5)} ${pad(r.results, 7)} ${pad(r.medianMs.toFixed(1), 9)} ${pad(r.slowestMs.toFixed(1), 10)} ${r.pass ? 'PASS' : 'FAIL'}`,
    );
  const pass = rows.length > 0 && rows.every((r) => r.pass);
  log(
    `\n${pass ? 'PASS' : 'FAIL'}  every saved results page parses in under ${PARSE_BUDGET_MS} ms (median of ${RUNS})`,
  );

  const report = {
    machine: machine(),
    runs: RUNS,
    warmUp: WARM_UP,
    budgetMs: PARSE_BUDGET_MS,
    rows,
    pass,
  };
  return writeReport(outFile, report, log);
}
