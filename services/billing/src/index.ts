export * from './config.js';
export * from './billing.service-host.js';
export * from './provider/index.js';
