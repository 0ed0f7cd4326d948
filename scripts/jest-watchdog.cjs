// A jest reporter that bounds the whole run: when it lasts longer than JEST_RUN_BOUND_SECONDS
// (default 1170 s), it prints every test still running (file › test, and for how long), writes
// the results so far to jest's --outputFile (the stuck tests counted as failed, so
// scripts/summarize-tests.mjs still prints its "N passed, N failed" line), stops the test
// PostgreSQL and exits 1. jest's own testTimeout fails a single slow test; this catches what
// that cannot (a hook or teardown that never ends, a worker whose event loop is blocked).
// With one worker (`-w 1`; make test runs two, scripts/test-workers.cjs) tests run in this process, so a test that blocks the
// event loop blocks this reporter too: for that case it keeps <outputFile>-running.json up to date
// (tests running, counts so far), and when scripts/test-all.sh's outer `timeout` ends jest,
// scripts/summarize-tests.mjs reads it and names the stuck tests.
const fs = require('node:fs');
const path = require('node:path');
const { killChildren } = require('./kill-children.cjs');

class JestWatchdog {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
    this.boundSeconds = Number(process.env.JEST_RUN_BOUND_SECONDS || 1170);
    this.running = new Map(); // key -> { file, name, startedAt }
    this.files = new Map(); // test file -> startedAt
    this.aggregated = undefined;
    this.casesOfRunningFiles = new Map(); // test file -> { passed, failed } before its file result
    this.timer = setTimeout(() => this.fire(), this.boundSeconds * 1000);
    this.timer.unref();
  }

  onTestFileStart(test) {
    this.files.set(test.path, Date.now());
    this.writeRunning();
  }

  onTestCaseStart(test, info) {
    this.running.set(`${test.path}\0${info.fullName}`, {
      file: test.path,
      name: info.fullName,
      startedAt: info.startedAt ?? Date.now(),
    });
    this.writeRunning();
  }

  onTestCaseResult(test, result) {
    this.running.delete(`${test.path}\0${result.fullName}`);
    const c = this.casesOfRunningFiles.get(test.path) ?? { passed: 0, failed: 0 };
    if (result.status === 'passed') c.passed++;
    else if (result.status === 'failed') c.failed++;
    this.casesOfRunningFiles.set(test.path, c);
    this.writeRunning();
  }

  onTestFileResult(test, _result, aggregated) {
    this.files.delete(test.path);
    this.casesOfRunningFiles.delete(test.path);
    for (const key of this.running.keys()) if (key.startsWith(`${test.path}\0`)) this.running.delete(key);
    this.aggregated = aggregated;
    this.writeRunning();
  }

  onRunComplete() {
    clearTimeout(this.timer);
    if (this.runningFile) fs.rmSync(this.runningFile, { force: true });
  }

  get runningFile() {
    const out = this.globalConfig.outputFile;
    return out ? out.replace(/\.json$/, '') + '-running.json' : undefined;
  }

  /** Counts so far and the tests running now, for the outer bound (see the top of this file). */
  writeRunning() {
    if (!this.runningFile) return;
    const a = this.aggregated;
    const unfinished = [...this.casesOfRunningFiles.values()];
    const rel = (f) => path.relative(this.globalConfig.rootDir, f);
    const state = {
      passed: (a?.numPassedTests ?? 0) + unfinished.reduce((n, c) => n + c.passed, 0),
      failed: (a?.numFailedTests ?? 0) + unfinished.reduce((n, c) => n + c.failed, 0),
      running: [...this.running.values()].map((r) => `${rel(r.file)} › ${r.name}`),
      files: [...this.files.keys()].map(rel),
    };
    try {
      fs.writeFileSync(this.runningFile, JSON.stringify(state));
    } catch {
      // best effort
    }
  }

  fire() {
    const now = Date.now();
    const rel = (f) => path.relative(this.globalConfig.rootDir, f);
    const stuck = [...this.running.values()].map(
      (r) => `${rel(r.file)} › ${r.name} (running for ${Math.round((now - r.startedAt) / 1000)} s)`,
    );
    // A file with no test running is stuck in a hook, its module code or its teardown.
    const busyFiles = new Set([...this.running.values()].map((r) => r.file));
    for (const [file, startedAt] of this.files)
      if (!busyFiles.has(file))
        stuck.push(
          `${rel(file)} › (outside any test: a hook, module code or teardown; file running for ${Math.round((now - startedAt) / 1000)} s)`,
        );
    const lines = stuck.length ? stuck : ['(no test was running: jest itself or its global setup/teardown)'];
    process.stderr.write(
      `\n✗ jest: the run exceeded its bound of ${this.boundSeconds} s (JEST_RUN_BOUND_SECONDS); stuck:\n` +
        lines.map((l) => `  ✗ ${l}\n`).join(''),
    );
    const a = this.aggregated;
    const unfinished = [...this.casesOfRunningFiles.values()];
    const result = {
      numPassedTests: (a?.numPassedTests ?? 0) + unfinished.reduce((n, c) => n + c.passed, 0),
      numFailedTests:
        (a?.numFailedTests ?? 0) + unfinished.reduce((n, c) => n + c.failed, 0) + Math.max(1, lines.length),
      numPendingTests: a?.numPendingTests ?? 0,
      numTodoTests: a?.numTodoTests ?? 0,
      numRuntimeErrorTestSuites: a?.numRuntimeErrorTestSuites ?? 0,
      success: false,
      stuck: lines,
    };
    if (this.globalConfig.outputFile) {
      try {
        fs.writeFileSync(this.globalConfig.outputFile, JSON.stringify(result, null, 2));
        if (this.runningFile) fs.rmSync(this.runningFile, { force: true });
      } catch {
        // the summary then reports jest as "no result"
      }
    }
    // Stop the test PostgreSQL (started by the global setup in this process), then the jest workers
    // still alive (a worker whose event loop is blocked would not notice that we exit).
    const pg = globalThis.__SHELFSCAN_TEST_PG__;
    const stop = pg?.pg?.stop ? pg.pg.stop().catch(() => undefined) : Promise.resolve();
    Promise.race([stop, new Promise((r) => setTimeout(r, 10_000))]).finally(() => {
      killChildren();
      process.exit(1);
    });
  }
}

module.exports = JestWatchdog;
