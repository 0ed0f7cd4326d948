export * from './embedded-postgres.js';
export * from './advisory-lock.js';
export * from './data-source.js';
export * from './testing.js';
export * from './rows.js';
export * from './migration.js';
