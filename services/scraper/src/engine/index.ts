export * from './types.js';
export { createScanEngine, DEFAULT_COVERAGE_THRESHOLD } from './engine.js';
export { CHECKPOINT_VERSION } from './checkpoint.js';
export { tileMatches } from './filters.js';
export { marketplacePageSource } from './page-source.js';
export { ScanBlockedError, ScanCheckpointError, type ScanBlockKind } from './errors.js';
export { coverageFacts, coverageLine, coveragePercent, scanOutcome } from './progress.js';
