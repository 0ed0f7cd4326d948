export * from './eventually.js';
export * from './failure.js';
export * from './images.js';
export * from './test-service.js';
