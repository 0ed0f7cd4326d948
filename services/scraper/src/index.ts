export * from './parser/index.js';
export * from './markets/index.js';
export * from './fetch/index.js';
