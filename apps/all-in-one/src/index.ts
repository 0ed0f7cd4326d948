export * from './config.js';
export * from './launcher.js';
