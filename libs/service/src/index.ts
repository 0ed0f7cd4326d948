export * from '@shelfscan/clock';
export * from './caller.js';
export * from './env-merge.js';
export * from './periodic-task.js';
export * from './service.js';
export * from './service-main.js';
export * from './system-parameters.js';
export * from './istanbul.js';
