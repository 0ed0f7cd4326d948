// Sums every suite's JSON result in test-results/ into one line "N passed, N failed[, N skipped]".
// Formats: jest and vitest (--json), Playwright (json reporter), and {passed, failed} of checks.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
// <suite>-running.json is what a suite's watchdog reporter left when the suite was ended from
// outside (scripts/test-all.sh's `timeout`): counts so far, and the tests that were running.
const stuckLines = [];
// Every failed test by name, with the first line of its error: CI logs are often read from the tail.
const failedLines = [];
// Playwright retries a failed test once in CI: one that passed on its retry counts as passed, by name here.
const flakyLines = [];
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('-running.json'))
  .sort()) {
  const suite = file.replace(/-running\.json$/, '');
  let r;
  try {
    r = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    continue;
  }
  const stuck = r.running?.length ? r.running : (r.files ?? []).map((f) => `${f} › (outside any test)`);
  if (fs.existsSync(path.join(dir, `${suite}.json`))) continue;
  const result = { passed: r.passed ?? 0, failed: (r.failed ?? 0) + Math.max(1, stuck.length), stuck };
  fs.writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify(result));
  stuckLines.push(
    `  ${suite}: ended by its time bound while running:`,
    ...(stuck.length ? stuck : ['(no test was running)']).map((t) => `    ✗ ${t}`),
  );
}
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('-running.json'))
  .sort()) {
  let r;
  try {
    r = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    lines.push(`${file}: unreadable`);
    failed++;
    continue;
  }
  let p = 0,
    f = 0,
    s = 0;
  if ('numPassedTests' in r) {
    p = r.numPassedTests;
    f = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    failedLines.push(...jestFailures(r).map((t) => `  ${suiteName(file)}: ✗ ${t}`));
    s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats && 'expected' in r.stats) {
    // Playwright: a test cut short by the run's globalTimeout is "interrupted" (counted as skipped
    // in stats): count it as failed and name it.
    const interrupted = playwrightInterrupted(r);
    p = r.stats.expected + (r.stats.flaky ?? 0);
    f = r.stats.unexpected + (r.errors?.length ?? 0) + interrupted.length;
    s = Math.max(0, (r.stats.skipped ?? 0) - interrupted.length);
    failedLines.push(...playwrightFailures(r).map((t) => `  ${suiteName(file)}: ✗ ${t}`));
    flakyLines.push(...playwrightFailures(r, 'flaky').map((t) => `  ${suiteName(file)}: ${t}`));
    if (interrupted.length)
      stuckLines.push(
        `  ${suiteName(file)}: interrupted by its time bound while running:`,
        ...interrupted.map((t) => `    ✗ ${t}`),
      );
  } else if ('passed' in r) {
    p = r.passed;
    f = r.failed;
    s = r.skipped ?? 0;
    if (f && !r.stuck) failedLines.push(`  ${suiteName(file)}: ✗ (its output above says why)`);
  }
  passed += p;
  failed += f;
  skipped += s;
  lines.push(`  ${suiteName(file).padEnd(28)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
}
function suiteName(file) {
  return file.replace(/\.json$/, '');
}
/** First line of an error message, without colour codes, at most 200 characters. */
function firstLine(message) {
  const line = stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return line ? ` — ${line.slice(0, 200)}` : '';
}
/** Failed tests of a jest or vitest JSON report, and files that failed outside any test. */
function jestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${rel} › ${a.fullName}${firstLine(a.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed')
      out.push(`${rel} › (outside any test)${firstLine(file.message)}`);
  }
  return out;
}
/** Failed tests of a Playwright JSON report (nested suites of specs). */
function playwrightFailures(report, status = 'unexpected') {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === status) {
          // A flaky test's error is the one of the attempt that failed; a failed test's, its last.
          const failed = (test.results ?? []).filter((r) => r.error);
          out.push(`${[...titles, spec.title].join(' › ')}${firstLine(failed.at(-1)?.error?.message)}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title].filter(Boolean));
  if (status === 'unexpected')
    for (const error of report.errors ?? []) out.push(`(outside any test)${firstLine(error.message)}`);
  return out;
}
/** Tests cut short by Playwright's globalTimeout (added by tests/e2e/interrupted-reporter.mjs). */
function playwrightInterrupted(report) {
  return Array.isArray(report.interrupted) ? report.interrupted : [];
}

const expected = ['jest.json', 'web.json', 'chart.json', 'e2e.json', 'cluster.json'];
for (const name of expected) {
  if (!fs.existsSync(path.join(dir, name))) {
    lines.push(`  ${name.replace(/\.json$/, '').padEnd(28)} no result: the suite did not run`);
    failed++;
  }
}
if (stuckLines.length) console.log(`\nStuck:\n${stuckLines.join('\n')}`);
if (flakyLines.length) console.log(`\nPassed on a retry (flaky):\n${flakyLines.join('\n')}`);
if (failedLines.length) console.log(`\nFailed:\n${failedLines.join('\n')}`);
console.log('\nSuites:');
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
