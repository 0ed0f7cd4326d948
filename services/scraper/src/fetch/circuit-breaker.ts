import type { BlockKind } from './classify.js';

export interface CircuitBreakerOptions {
  /** Each block multiplies the request spacing by this. */
  slowdownMultiplier: number;
  /** The spacing is never stretched beyond this factor. */
  maxSlowdown: number;
  /** Each good answer brings the factor back towards 1 by this ratio (0.8 = 20 % faster). */
  recoveryRatio: number;
  /** Consecutive blocks after which the domain is paused. */
  openAfterBlocks: number;
  /** The first pause; each failed half-open probe doubles it, up to maxCoolDownMs. */
  coolDownMs: number;
  maxCoolDownMs: number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

export type Admission =
  | { kind: 'proceed'; probe: boolean }
  | { kind: 'open'; retryAt: number; lastBlock?: BlockKind }
  /** Another request is probing the domain after a cool-down: wait for its verdict, then ask again. */
  | { kind: 'wait-probe'; settled: Promise<void> };

export interface BreakerSnapshot {
  state: BreakerState;
  slowdown: number;
  consecutiveBlocks: number;
  openUntil?: number;
  lastBlock?: BlockKind;
}

/**
 * One marketplace domain's circuit breaker. A block first stretches the spacing of requests
 * (slow-down); after `openAfterBlocks` consecutive blocks the domain opens (nothing is sent) for a
 * cool-down; after it one probe request is let through (half-open): a good answer closes the
 * breaker, a block opens it again for twice as long.
 */
export class CircuitBreaker {
  private state: BreakerState = 'closed';
  private slowdown = 1;
  private consecutiveBlocks = 0;
  private openUntil = 0;
  private coolDown: number;
  private lastBlock?: BlockKind;
  private probe?: { settled: Promise<void>; settle: () => void };

  constructor(
    private readonly options: CircuitBreakerOptions,
    private readonly onStateChange: (from: BreakerState, to: BreakerState) => void = () => {},
  ) {
    this.coolDown = options.coolDownMs;
  }

  get slowdownFactor(): number {
    return this.slowdown;
  }

  snapshot(): BreakerSnapshot {
    return {
      state: this.state,
      slowdown: this.slowdown,
      consecutiveBlocks: this.consecutiveBlocks,
      openUntil: this.state === 'open' ? this.openUntil : undefined,
      lastBlock: this.lastBlock,
    };
  }

  admit(now: number): Admission {
    if (this.state === 'open') {
      if (now < this.openUntil) return { kind: 'open', retryAt: this.openUntil, lastBlock: this.lastBlock };
      this.transition('half-open');
    }
    if (this.state === 'half-open') {
      if (this.probe) return { kind: 'wait-probe', settled: this.probe.settled };
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => (settle = resolve));
      this.probe = { settled, settle };
      return { kind: 'proceed', probe: true };
    }
    return { kind: 'proceed', probe: false };
  }

  /** A good (non-block) answer. */
  recordSuccess(): void {
    this.consecutiveBlocks = 0;
    this.slowdown = Math.max(1, this.slowdown * this.options.recoveryRatio);
    if (this.state !== 'closed') {
      this.coolDown = this.options.coolDownMs;
      this.transition('closed');
    }
    this.settleProbe();
  }

  /** A block page; returns the state it leaves the breaker in. */
  recordBlock(kind: BlockKind, now: number): BreakerState {
    this.lastBlock = kind;
    this.consecutiveBlocks++;
    this.slowdown = Math.min(this.options.maxSlowdown, this.slowdown * this.options.slowdownMultiplier);
    if (this.state === 'half-open') {
      this.coolDown = Math.min(this.options.maxCoolDownMs, this.coolDown * 2);
      this.open(now);
    } else if (this.state === 'closed' && this.consecutiveBlocks >= this.options.openAfterBlocks) {
      this.open(now);
    }
    this.settleProbe();
    return this.state;
  }

  /** A probe that ended without a verdict (network error, abort): let another request probe. */
  releaseProbe(): void {
    this.settleProbe();
  }

  private open(now: number): void {
    this.openUntil = now + this.coolDown;
    this.transition('open');
  }

  private settleProbe(): void {
    const probe = this.probe;
    this.probe = undefined;
    probe?.settle();
  }

  private transition(to: BreakerState): void {
    const from = this.state;
    if (from === to) return;
    this.state = to;
    this.onStateChange(from, to);
  }
}
