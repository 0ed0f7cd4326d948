export * from './types.js';
export { createScanEngine, tileMatches, CHECKPOINT_VERSION } from './engine.js';
export { marketplacePageSource } from './page-source.js';
export { ScanBlockedError, ScanCheckpointError, type ScanBlockKind } from './errors.js';
export { coverageLine, coveragePercent } from './progress.js';
