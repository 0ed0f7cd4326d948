/**
 * Work a service does every so often while it runs (a scheduler's check, a retry sweep): started
 * when the application has booted, never more than one run at a time in this process, and stopped
 * on shutdown after the run in progress has finished. What the work does when, and whether a run
 * is due, stays with the work and its Clock; this only keeps the rhythm and the lifecycle.
 */
export class PeriodicTask<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  /** `work` must not reject: it logs its own failures and answers what a failed run means. */
  constructor(
    private readonly everyMs: number,
    private readonly work: () => Promise<T>,
  ) {}

  /** Runs the work every `everyMs` (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
  }

  /** No more runs; resolves when the run in progress, if any, has finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs the work now; `undefined` without running it while another run is in progress. */
  async run(): Promise<T | undefined> {
    if (this.running) return undefined;
    this.running = this.work();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }
}
