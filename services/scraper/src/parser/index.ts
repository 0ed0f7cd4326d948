export * from './types.js';
export { parseResultsPage, parseResultsDocument, isSponsoredTile } from './results-page.js';
export { classifyPage, classifyDocument } from './classify.js';
export { loadHtml } from './dom.js';
export {
  parsePrice,
  parseResultCount,
  parseStars,
  parseCount,
  parseInteger,
  integersIn,
  normalizeDigits,
  amazonDomainOf,
  currencyOfDomain,
} from './numbers.js';
export {
  parseProductPage,
  type ProductPage,
  type ProductPageKind,
  type ProductState,
} from './product-page.js';
