export * from './config.js';
export * from './search.service-host.js';
