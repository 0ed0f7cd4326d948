export * from './types.js';
export { createScanEngine, tileMatches, CHECKPOINT_VERSION, DEFAULT_COVERAGE_THRESHOLD } from './engine.js';
export { marketplacePageSource } from './page-source.js';
export { ScanBlockedError, ScanCheckpointError, type ScanBlockKind } from './errors.js';
export { coverageLine, coveragePercent, scanOutcome } from './progress.js';
