export * from './markets.js';
export {
  parseStoreUrl,
  buildSearchUrl,
  StoreUrlError,
  SELLER_ID_PATTERN,
  type StoreRef,
  type StoreUrlErrorCode,
  type ParseStoreUrlOptions,
  type SearchQuery,
  type SearchSort,
} from './store-url.js';
