import { inspect } from 'node:util';

export interface EventuallyOptions {
  /** What is awaited, for the failure message; default the probe's own source text. */
  what?: string;
  /** Give up after this long (real time: events cross the bus and the database asynchronously). */
  timeoutMs?: number;
  /** Between two probes. */
  everyMs?: number;
}

/**
 * Polls `probe` until it answers something truthy, and returns that answer. A probe that throws
 * is asked again (the thing may not exist yet). After `timeoutMs` it fails naming what it awaited,
 * how long, and the last answer or error, so a slow or broken flow reads as what it is.
 * Polling is for what happens on its own (a bus delivery, a worker's commit); time rules move a
 * ManualClock instead.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false | 0 | ''> | T | undefined | null | false | 0 | '',
  options: EventuallyOptions | number = {},
): Promise<T> {
  const {
    what,
    timeoutMs = 15_000,
    everyMs = 20,
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const until = Date.now() + timeoutMs;
  let last: { answer: unknown } | { error: unknown };
  for (;;) {
    try {
      const answer = await probe();
      if (answer) return answer;
      last = { answer };
    } catch (error) {
      last = { error };
    }
    if (Date.now() >= until) {
      const awaited = what ?? probe.toString().replace(/\s+/g, ' ');
      const lastly =
        'error' in last ? `it last threw ${inspect(last.error)}` : `it last answered ${inspect(last.answer)}`;
      throw new Error(`eventually: not true within ${timeoutMs} ms: ${awaited} (${lastly})`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
