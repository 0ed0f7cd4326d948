export * from './parser/index.js';
export * from './markets/index.js';
