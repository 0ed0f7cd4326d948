// Names the tests that the run's globalTimeout cut short: Playwright's json report counts them as
// "skipped", so this reporter (listed after the json one) adds `interrupted: [names]` to that report,
// which scripts/summarize-tests.mjs counts as failed and prints by name. Local to tests/e2e.
import fs from 'node:fs';

export default class InterruptedReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile;
    this.interrupted = [];
  }

  onTestEnd(test, result) {
    if (result.status !== 'interrupted') return;
    this.interrupted.push(test.titlePath().filter(Boolean).join(' › '));
    // After a globalTimeout, Playwright reports the interrupted tests after onEnd and even onExit.
    if (this.ended) this.annotate();
  }

  onEnd(result) {
    if (result.status === 'timedout')
      console.log(
        `✗ e2e: the run exceeded its bound (E2E_RUN_BOUND_SECONDS)` +
          (this.interrupted.length ? `; interrupted: ${this.interrupted.join('; ')}` : ''),
      );
  }

  onExit() {
    this.ended = true;
    this.annotate();
  }

  annotate() {
    if (!this.interrupted.length || !this.outputFile || !fs.existsSync(this.outputFile)) return;
    const report = JSON.parse(fs.readFileSync(this.outputFile, 'utf8'));
    report.interrupted = this.interrupted;
    fs.writeFileSync(this.outputFile, JSON.stringify(report, null, 2));
  }

  printsToStdio() {
    return false;
  }
}
