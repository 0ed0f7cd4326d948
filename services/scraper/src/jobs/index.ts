export * from './scan-job.repository.js';
export * from './scan-worker.js';
export * from './failures.js';
