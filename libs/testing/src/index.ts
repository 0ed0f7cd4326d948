export * from './eventually.js';
export * from './failure.js';
export * from './test-service.js';
