import type { BlockKind, PageKind } from './classify.js';
import type { BreakerState } from './circuit-breaker.js';

export interface RequestEvent {
  domain: string;
  method: string;
  /** Path and query (never the origin override). */
  path: string;
  attempt: number;
  /** Undefined when no answer came (network error). */
  status?: number;
  kind?: PageKind;
  /** Time from sending to the whole body read, real milliseconds. */
  latencyMs: number;
  /** Bytes on the wire (still compressed) and once decoded. */
  wireBytes: number;
  bodyBytes: number;
  proxy?: string;
  error?: string;
}

export interface RetryEvent {
  domain: string;
  path: string;
  /** The attempt that failed. */
  attempt: number;
  delayMs: number;
  cause: string;
}

export interface BlockEvent {
  domain: string;
  kind: BlockKind;
  /** The breaker state the block left the domain in. */
  breaker: BreakerState;
  slowdown: number;
  proxy?: string;
}

/**
 * Plain callbacks the fetcher calls; every one optional. The observability lib turns them into
 * Prometheus counters and histograms.
 */
export interface FetchMetrics {
  request?(e: RequestEvent): void;
  retry?(e: RetryEvent): void;
  block?(e: BlockEvent): void;
  breakerStateChanged?(e: { domain: string; from: BreakerState; to: BreakerState }): void;
  deliveryPinned?(e: { domain: string; pinned: boolean; confirmed: boolean; reason?: string }): void;
}

/** In-process counters over the same callbacks (handy for tests, logs and a status endpoint). */
export class FetchCounters implements FetchMetrics {
  requests = 0;
  networkErrors = 0;
  retries = 0;
  blocks = 0;
  wireBytes = 0;
  bodyBytes = 0;
  latencyMsTotal = 0;
  readonly statuses = new Map<number, number>();
  readonly breakerTransitions: { domain: string; from: BreakerState; to: BreakerState }[] = [];

  request(e: RequestEvent): void {
    this.requests++;
    if (e.status === undefined) this.networkErrors++;
    else this.statuses.set(e.status, (this.statuses.get(e.status) ?? 0) + 1);
    this.wireBytes += e.wireBytes;
    this.bodyBytes += e.bodyBytes;
    this.latencyMsTotal += e.latencyMs;
  }

  retry(): void {
    this.retries++;
  }

  block(): void {
    this.blocks++;
  }

  breakerStateChanged(e: { domain: string; from: BreakerState; to: BreakerState }): void {
    this.breakerTransitions.push(e);
  }
}
