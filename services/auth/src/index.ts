export * from './config.js';
export * from './auth.service-host.js';
