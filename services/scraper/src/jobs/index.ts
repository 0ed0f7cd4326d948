export * from './scan-job.repository.js';
export * from './scan-worker.js';
export * from './failures.js';
export * from './scan-requests.js';
export * from './scans.service.js';
export * from './engine-factory.js';
export * from './job-spec.js';
export type { ScanEstimate } from './estimate.js';
