export * from './parser/index.js';
export * from './fetch/index.js';
// parser and fetch both name a PageKind; the package's is the parser's (results, no-results, captcha, ...).
export type { PageKind } from './parser/index.js';
export * from './jobs/index.js';
export * from './db/index.js';
export * from './config.js';
export * from './scraper.service-host.js';
export * from './engine/index.js';
export * from './asin-check/asin-check.js';
export * from './asin-check/scripted-check.js';
