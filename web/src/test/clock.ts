import { act } from '@testing-library/react';
import { vi } from 'vitest';

// Taken before any spec fakes them: `until` waits on these, so waiting never moves the fake clock.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/**
 * Puts the page's clock (Date, and the timers of RTK Query's polling, debounces, countdowns and
 * delays: setTimeout and setInterval) on a clock that only the spec moves, with `pass`. The page
 * still loads and renders in real time (chunks, fetch answers, React's scheduler and frames are not
 * faked); wait for it with `until`, not with Testing Library's `waitFor`/`findBy*`, whose own timers
 * would then never fire.
 */
export function holdTimers() {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  // jsdom runs animation frames on the global setInterval: keep them on real time (the store
  // batches its notifications to the next frame). restoreMocks puts jsdom's back after the test.
  for (const target of new Set([window, globalThis])) {
    vi.spyOn(target, 'requestAnimationFrame').mockImplementation(
      (callback) => realSetTimeout(() => callback(performance.now()), 16) as unknown as number,
    );
    vi.spyOn(target, 'cancelAnimationFrame').mockImplementation((id) => realClearTimeout(id));
  }
}

/** Moves the held clock by `ms`, running the timers due (a poll, a countdown's tick) and what they cause. */
export async function pass(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Retries `check` until it returns without throwing, waiting in real time between tries (inside
 * `act`, so the page's updates are applied) without moving the held clock; gives up, rethrowing the
 * last failure, after `timeoutMs` of real time.
 */
export async function until<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  const every = 20;
  for (let waited = 0; ; waited += every) {
    try {
      return check();
    } catch (error) {
      if (waited >= timeoutMs) throw error;
    }
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, every)));
  }
}
