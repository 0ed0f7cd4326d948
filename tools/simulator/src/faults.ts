/** Fault injection: random captchas and 503s, latency with jitter, and a captcha when a client goes too fast. */
import { createRng } from './rng.js';
import type { Rng } from './rng.js';

export interface RateLimitSettings {
  /** allowed marketplace requests per second (averaged over windowMs); 0 = no limit */
  perSecond: number;
  /** sliding window length, default 1000 ms */
  windowMs?: number;
  /** count per client IP (X-Forwarded-For first hop, else the socket address) or across all clients */
  scope?: 'ip' | 'global';
  /** once triggered, keep serving captchas to that client for this long (default 0: only while over the rate) */
  blockMs?: number;
}

export interface FaultSettings {
  /** probability 0..1 that a marketplace page is a captcha */
  captchaRate: number;
  /** probability 0..1 that a marketplace page is the 503 dogs page */
  errorRate: number;
  /** added delay before every marketplace response, in ms */
  latencyMs: number;
  /** ± uniform jitter around latencyMs, in ms */
  jitterMs: number;
  rateLimit: RateLimitSettings;
  /** seed of the fault decisions: the same request sequence gets the same faults */
  seed: number | string;
}

export const DEFAULT_FAULTS: FaultSettings = {
  captchaRate: 0,
  errorRate: 0,
  latencyMs: 0,
  jitterMs: 0,
  rateLimit: { perSecond: 0, windowMs: 1000, scope: 'ip', blockMs: 0 },
  seed: 1,
};

export type FaultDecision = { kind: 'none' | 'captcha' | 'error' | 'rate-limited'; delayMs: number };

function rate(name: string, v: unknown): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`${name} must be a number between 0 and 1, got ${v}`);
  return n;
}

function nonNegative(name: string, v: unknown): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${v}`);
  return n;
}

/** Validates and merges a partial fault update (from the CLI, env or `POST /__sim/faults`). */
export function mergeFaults(
  base: FaultSettings,
  patch: Partial<FaultSettings> & Record<string, unknown>,
): FaultSettings {
  const known = new Set(['captchaRate', 'errorRate', 'latencyMs', 'jitterMs', 'rateLimit', 'seed']);
  for (const k of Object.keys(patch)) if (!known.has(k)) throw new Error(`unknown fault setting "${k}"`);
  const out: FaultSettings = { ...base, rateLimit: { ...base.rateLimit } };
  if (patch.captchaRate !== undefined) out.captchaRate = rate('captchaRate', patch.captchaRate);
  if (patch.errorRate !== undefined) out.errorRate = rate('errorRate', patch.errorRate);
  if (patch.latencyMs !== undefined) out.latencyMs = nonNegative('latencyMs', patch.latencyMs);
  if (patch.jitterMs !== undefined) out.jitterMs = nonNegative('jitterMs', patch.jitterMs);
  if (patch.seed !== undefined) out.seed = patch.seed;
  if (patch.rateLimit !== undefined) {
    const r = patch.rateLimit as Partial<RateLimitSettings>;
    if (typeof r !== 'object' || r === null) throw new Error('rateLimit must be an object');
    if (r.perSecond !== undefined) out.rateLimit.perSecond = nonNegative('rateLimit.perSecond', r.perSecond);
    if (r.windowMs !== undefined)
      out.rateLimit.windowMs = nonNegative('rateLimit.windowMs', r.windowMs) || 1000;
    if (r.blockMs !== undefined) out.rateLimit.blockMs = nonNegative('rateLimit.blockMs', r.blockMs);
    if (r.scope !== undefined) {
      if (r.scope !== 'ip' && r.scope !== 'global')
        throw new Error(`rateLimit.scope must be "ip" or "global"`);
      out.rateLimit.scope = r.scope;
    }
  }
  return out;
}

/** Decides, per marketplace request, whether to inject a fault. Deterministic for a given request sequence. */
export class FaultInjector {
  private settings: FaultSettings;
  private rng: Rng;
  private readonly windows = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    settings: FaultSettings = DEFAULT_FAULTS,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.settings = settings;
    this.rng = createRng(`faults:${settings.seed}`);
  }

  get current(): FaultSettings {
    return this.settings;
  }

  /** Replaces the settings and restarts the decision sequence and the rate windows. */
  update(settings: FaultSettings): void {
    this.settings = settings;
    this.rng = createRng(`faults:${settings.seed}`);
    this.windows.clear();
    this.blockedUntil.clear();
  }

  decide(clientIp: string): FaultDecision {
    const s = this.settings;
    // Draw every random number in a fixed order so decisions do not depend on which branch fires.
    const captchaDraw = this.rng.next();
    const errorDraw = this.rng.next();
    const jitterDraw = this.rng.next();
    const delayMs = Math.max(0, Math.round(s.latencyMs + (jitterDraw * 2 - 1) * s.jitterMs));
    if (this.overRate(clientIp)) return { kind: 'rate-limited', delayMs };
    if (captchaDraw < s.captchaRate) return { kind: 'captcha', delayMs };
    if (errorDraw < s.errorRate) return { kind: 'error', delayMs };
    return { kind: 'none', delayMs };
  }

  private overRate(clientIp: string): boolean {
    const r = this.settings.rateLimit;
    if (!r.perSecond) return false;
    const key = r.scope === 'global' ? '*' : clientIp;
    const now = this.now();
    const windowMs = r.windowMs ?? 1000;
    let times = this.windows.get(key);
    if (!times) this.windows.set(key, (times = []));
    while (times.length > 0 && times[0] <= now - windowMs) times.shift();
    times.push(now);
    const blocked = (this.blockedUntil.get(key) ?? 0) > now;
    const allowed = (r.perSecond * windowMs) / 1000;
    if (times.length > allowed) {
      if (r.blockMs) this.blockedUntil.set(key, now + r.blockMs);
      return true;
    }
    return blocked;
  }
}
