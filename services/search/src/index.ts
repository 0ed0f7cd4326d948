export * from './config.js';
export * from './search.service-host.js';
export { categories, soldMarket } from './catalog/catalog.js';
