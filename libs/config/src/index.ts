export * from './load-config.js';
export * from './fields.js';
export * from './base-env.js';
