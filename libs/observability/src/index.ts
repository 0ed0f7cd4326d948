export * from './request-context.js';
export * from './logger.js';
export * from './metrics.js';
export * from './health.js';
export * from './tracing.js';
export * from './shutdown.js';
