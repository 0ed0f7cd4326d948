// The check harness of `make test-chart`: named checks grouped in sections, one line per failure
// (every check with --verbose), a bound on the whole run, and the result file read by
// scripts/summarize-tests.mjs (test-results/chart.json: {passed, failed}).
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const resultsDir = path.join(root, 'test-results');
const runningFile = path.join(resultsDir, 'chart-running.json');
const verbose = process.argv.includes('--verbose');

const state = { passed: 0, failed: 0, skipped: 0, section: '' };

function noteRunning(name) {
  try {
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      runningFile,
      JSON.stringify({ passed: state.passed, failed: state.failed, running: [name] }),
    );
  } catch {
    // best effort: only read when the run is stopped by its bound
  }
}

export function section(title) {
  state.section = title;
  noteRunning(title);
  console.log(`- ${title}`);
}

function record(name, err) {
  if (!err) {
    state.passed += 1;
    if (verbose) console.log(`  ok   ${name}`);
    return;
  }
  state.failed += 1;
  const message = String(err?.message ?? err)
    .split('\n')
    .join('\n       ');
  console.log(`  FAIL ${name}\n       ${message}`);
}

/** One named check: passes unless fn throws. Returns fn's result (undefined on failure). */
export function check(name, fn) {
  noteRunning(`${state.section} › ${name}`);
  try {
    const value = fn();
    record(name, null);
    return value;
  } catch (err) {
    record(name, err);
    return undefined;
  }
}

/** The same for async work. */
export async function checkAsync(name, fn) {
  noteRunning(`${state.section} › ${name}`);
  try {
    const value = await fn();
    record(name, null);
    return value;
  } catch (err) {
    record(name, err);
    return undefined;
  }
}

/** A check that cannot run here, with the reason printed (not counted as passed or failed). */
export function skip(name, reason) {
  state.skipped += 1;
  console.log(`  skip ${name}: ${reason}`);
}

function writeResults(extra = {}) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'chart.json'),
    JSON.stringify({ passed: state.passed, failed: state.failed, ...extra }) + '\n',
  );
  fs.rmSync(runningFile, { force: true });
}

/** Stops the run after `seconds`, naming the check in progress (scripts/test-all.sh has an outer bound too). */
export function boundRun(seconds) {
  setTimeout(() => {
    let running = [state.section];
    try {
      running = JSON.parse(fs.readFileSync(runningFile, 'utf8')).running;
    } catch {
      // keep the section
    }
    console.log(
      `  FAIL the chart check exceeded its bound of ${seconds} s (CHART_RUN_BOUND_SECONDS) in: ${running.join(', ')}`,
    );
    state.failed += 1;
    writeResults({ stuck: running });
    console.log(`chart: ${state.passed} passed, ${state.failed} failed`);
    process.exit(1);
  }, seconds * 1000).unref();
}

/** Prints the closing line, writes test-results/chart.json, and gives the exit code. */
export function finish() {
  writeResults();
  const skipped = state.skipped ? `, ${state.skipped} skipped` : '';
  console.log(`chart: ${state.passed} passed, ${state.failed} failed${skipped}`);
  return state.failed === 0 ? 0 : 1;
}

export function crashed(err) {
  state.failed += 1;
  console.log(`  FAIL chart check crashed: ${err?.stack ?? err}`);
}
