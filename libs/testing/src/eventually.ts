import { inspect } from 'node:util';

export interface EventuallyOptions {
  /** What is awaited, for the failure message (a function: read when it fails); default the probe's source. */
  what?: string | (() => string);
  /** Give up after this long (real time: events cross the bus and the database asynchronously). */
  timeoutMs?: number;
  /** Between two probes. */
  everyMs?: number;
}

/** Thrown by a probe when what it awaits can no longer happen: `eventually` fails with it at once. */
export class GaveUp extends Error {}

/**
 * Polls `probe` until it answers something truthy, and returns that answer. A probe that throws
 * is asked again (the thing may not exist yet), unless it throws `GaveUp`. After `timeoutMs` it fails naming what it awaited,
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
      if (error instanceof GaveUp) throw error;
      last = { error };
    }
    if (Date.now() >= until) {
      const awaited = (typeof what === 'function' ? what() : what) ?? probe.toString().replace(/\s+/g, ' ');
      const lastly =
        'error' in last ? `it last threw ${inspect(last.error)}` : `it last answered ${inspect(last.answer)}`;
      throw new Error(`eventually: not true within ${timeoutMs} ms: ${awaited} (${lastly})`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Waits until a child process has printed `text` (its `output()` so far), failing at once when it
 * exits first and, either way, with the end of what it printed.
 */
export function printed(
  child: { exitCode: number | null; signalCode: NodeJS.Signals | null },
  output: () => string,
  text: string,
  timeoutMs = 60_000,
): Promise<true> {
  const tail = () => output().slice(-3000);
  return eventually(
    () => {
      if (output().includes(text)) return true as const;
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new GaveUp(
          `the process exited (${child.exitCode ?? child.signalCode}) before printing "${text}":\n${tail()}`,
        );
      }
      return false;
    },
    { what: () => `the process to print "${text}"; it printed:\n${tail()}`, timeoutMs, everyMs: 100 },
  );
}
