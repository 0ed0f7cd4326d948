import type { AsinCheckSpec } from '../asin-check/asin-check.js';
import type { RunOptions, ScanResult, ScanSpec } from '../engine/types.js';

/**
 * A store scan as a job: the engine's spec plus the departments the user chose. A scan of several
 * departments is one engine run per department (their union); none = the whole store.
 */
export interface StoreScanSpec extends ScanSpec {
  /** Top-level browse node ids; absent or empty = the whole store. */
  categories?: string[];
}

/** What a scan job runs: a store scan (standard, deep, functional) or an ASIN check. */
export type JobSpec = StoreScanSpec | AsinCheckSpec;

export const isAsinCheck = (spec: JobSpec): spec is AsinCheckSpec => spec.type === 'asin-check';

/** What the job runner runs for one job: the scan engine, the per-department runner or the ASIN checker. */
export interface JobEngine {
  run(spec: JobSpec, options?: RunOptions): Promise<ScanResult>;
}
