// A vitest reporter that bounds the web tests' run (scripts/test-all.sh passes it): when the run
// lasts longer than VITEST_RUN_BOUND_SECONDS (default 270 s, as make test sets it) it prints every test still running,
// writes the results so far to the json --outputFile (the stuck tests counted as failed, so
// scripts/summarize-tests.mjs still prints its "N passed, N failed" line), ends the test workers
// and exits 1. vitest's testTimeout/hookTimeout fail a single slow test or hook; this catches a
// worker whose event loop is blocked. It also keeps <outputFile>-running.json up to date, read by
// the summary when the outer `timeout` had to end vitest itself.
import fs from 'node:fs';
import path from 'node:path';
import killChildrenModule from './kill-children.cjs';

const { killChildren } = killChildrenModule;

export default class VitestWatchdog {
  boundSeconds = Number(process.env.VITEST_RUN_BOUND_SECONDS || 270);
  running = new Map(); // id -> { name, startedAt }
  modules = new Map(); // moduleId -> TestModule, while it runs
  passed = 0;
  failed = 0;
  outputFile = undefined;
  root = process.cwd();

  onInit(ctx) {
    const out = ctx.config.outputFile;
    const file = typeof out === 'string' ? out : out?.json;
    this.root = ctx.config.root;
    this.outputFile = file ? path.resolve(ctx.config.root, file) : undefined;
    this.timer = setTimeout(() => this.fire(), this.boundSeconds * 1000);
    this.timer.unref();
  }

  onTestModuleStart(testModule) {
    this.modules.set(testModule.moduleId, testModule);
  }

  onTestModuleEnd(testModule) {
    this.modules.delete(testModule.moduleId);
  }

  onTestCaseReady(testCase) {
    this.running.set(testCase.id, {
      name: `${path.relative(this.root, testCase.module.moduleId)} › ${testCase.fullName}`,
      startedAt: Date.now(),
    });
    this.writeRunning();
  }

  onTestCaseResult(testCase) {
    this.running.delete(testCase.id);
    const state = testCase.result().state;
    if (state === 'passed') this.passed++;
    else if (state === 'failed') this.failed++;
    this.writeRunning();
  }

  onTestRunEnd() {
    clearTimeout(this.timer);
    if (this.runningFile) fs.rmSync(this.runningFile, { force: true });
  }

  get runningFile() {
    return this.outputFile ? this.outputFile.replace(/\.json$/, '') + '-running.json' : undefined;
  }

  writeRunning() {
    if (!this.runningFile) return;
    const running = [...this.running.values()].map((r) => r.name);
    try {
      fs.writeFileSync(
        this.runningFile,
        JSON.stringify({ passed: this.passed, failed: this.failed, running }),
      );
    } catch {
      // best effort
    }
  }

  fire() {
    const now = Date.now();
    const stuck = [...this.running.values()].map(
      (r) => `${r.name} (running for ${Math.round((now - r.startedAt) / 1000)} s)`,
    );
    // A worker whose event loop is blocked reports nothing more: name its file's unfinished tests.
    const named = new Set([...this.running.values()].map((r) => r.name.split(' › ')[0]));
    for (const [moduleId, testModule] of this.modules) {
      const file = path.relative(this.root, moduleId);
      if (named.has(file)) continue;
      const unfinished = [...testModule.children.allTests()].filter((t) => t.result().state === 'pending');
      stuck.push(
        ...(unfinished.length
          ? unfinished.map((t) => `${file} › ${t.fullName} (not finished; its worker stopped reporting)`)
          : [`${file} › (outside any test: module code or a hook)`]),
      );
    }
    const lines = stuck.length ? stuck : ['(no test was running: vitest itself)'];
    process.stderr.write(
      `\n✗ vitest: the run exceeded its bound of ${this.boundSeconds} s (VITEST_RUN_BOUND_SECONDS); stuck:\n` +
        lines.map((l) => `  ✗ ${l}\n`).join(''),
    );
    if (this.outputFile) {
      fs.writeFileSync(
        this.outputFile,
        JSON.stringify({ passed: this.passed, failed: this.failed + lines.length, stuck: lines }),
      );
      fs.rmSync(this.runningFile, { force: true });
    }
    killChildren();
    process.exit(1);
  }
}
