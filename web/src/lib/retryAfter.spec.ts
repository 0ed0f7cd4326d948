import { describe, expect, it } from 'vitest';
import { keepRetryAfter, parseRetryAfter, retryAfterOf } from './retryAfter';
import { secondsLeft } from './useCountdown';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('42')).toBe(42);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 10:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });

  it('copies the header onto the error and reads it back', () => {
    const error = { status: 429, data: { success: false, code: 'tooManyRequests' } } as const;
    const response = new Response('{}', { status: 429, headers: { 'Retry-After': '17' } });
    const kept = keepRetryAfter(error, { request: new Request('http://x/'), response });
    expect(retryAfterOf(kept)).toBe(17);
    expect(kept.status).toBe(429);
    const without = keepRetryAfter(error, {
      request: new Request('http://x/'),
      response: new Response('{}'),
    });
    expect(retryAfterOf(without)).toBeUndefined();
    expect(retryAfterOf(undefined)).toBeUndefined();
    expect(retryAfterOf({ retryAfter: 'x' })).toBeUndefined();
  });

  it('counts whole seconds down, never below zero', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(61_000, 1000)).toBe(60);
    expect(secondsLeft(61_000, 1001)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 99_000)).toBe(0);
  });
});
