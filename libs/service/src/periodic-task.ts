import { Inject, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Clock, type Timer } from '@shelfscan/clock';

/**
 * Work a service does every so often while it runs (a scheduler's check, a retry sweep): started
 * when the application has booted, never more than one run at a time in this process, and stopped
 * on shutdown after the run in progress has finished. What the work does when, and whether a run
 * is due, stays with the work and its Clock; this only keeps the rhythm and the lifecycle.
 */
export class PeriodicTask<T> {
  private timer?: Timer;
  private running?: Promise<T>;
  /** The run asked for while another was in progress: it starts when that one ends. */
  private next?: Promise<T>;

  /** `work` must not reject: it logs its own failures and answers what a failed run means. */
  constructor(
    private readonly clock: Clock,
    private readonly everyMs: number,
    private readonly work: () => Promise<T>,
  ) {}

  /** Runs the work every `everyMs` on the clock (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = this.clock.setInterval(() => void this.run(), this.everyMs, { unref: true });
  }

  /** No more runs; resolves when the run in progress, if any, has finished. */
  async stop(): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    await (this.next ?? this.running);
  }

  /**
   * Runs the work and answers its result: at once when no run is in progress, else right after
   * the run in progress (asks made meanwhile, by the clock or a caller, share that one next run).
   * Either way the answer comes from a run that started after the ask.
   */
  run(): Promise<T> {
    if (!this.running) return this.startRun();
    const start = () => {
      this.next = undefined;
      return this.startRun();
    };
    this.next ??= this.running.then(start, start);
    return this.next;
  }

  private startRun(): Promise<T> {
    const run: Promise<T> = this.work().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }
}

/**
 * A provider whose `work` is a PeriodicTask from the application's bootstrap to its shutdown (a
 * scheduler, a retry sweep, a poller). `tick()` runs it now, or right after the run in progress
 * (tests, and a caller that just queued work). A subclass that may stay idle (nothing configured)
 * answers `enabled()` false. The service's Clock is injected into `clock` (a property, so a
 * subclass's constructor takes only its own collaborators and passes its period: `super(MINUTE)`);
 * the subclass reads its time from it too.
 */
export abstract class PeriodicWork<T> implements OnApplicationBootstrap, OnModuleDestroy {
  @Inject(Clock) protected readonly clock!: Clock;
  private task?: PeriodicTask<T>;

  protected constructor(private readonly everyMs: number) {}

  /** One run; it must not reject (it logs its own failures and answers what a failed run means). */
  protected abstract work(): Promise<T>;

  protected enabled(): boolean {
    return true;
  }

  /** The task, made on first use: the clock is injected after the constructor has run. */
  private periodic(): PeriodicTask<T> {
    return (this.task ??= new PeriodicTask(this.clock, this.everyMs, () => this.work()));
  }

  onApplicationBootstrap(): void {
    if (this.enabled()) this.periodic().start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task?.stop();
  }

  tick(): Promise<T> {
    return this.periodic().run();
  }
}
