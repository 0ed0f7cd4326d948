export * from './asin-check-record.js';
