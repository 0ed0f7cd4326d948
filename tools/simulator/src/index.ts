export { startSimulator } from './server.js';
export type { Simulator, SimulatorOptions } from './server.js';
export type { SimulatorStats } from './site.js';
export {
  createStore,
  describeStore,
  sellerIdForSeed,
  MAX_STORE_SIZE,
  NO_PRICE,
  UNRATED,
  BADGE_CHOICE,
  BADGE_BEST_SELLER,
  listingOf,
} from './store.js';
export type { Store, StoreOptions, StoreBehaviour, CategoryNode, Listing } from './store.js';
export { DEFAULT_FAULTS, FaultInjector, mergeFaults } from './faults.js';
export type { FaultSettings, RateLimitSettings } from './faults.js';
export { MARKETS, marketForHost, getMarket, formatPrice } from './markets.js';
export type { Market } from './markets.js';
export { parseSearchQuery, evaluate } from './query.js';
export type { SearchQuery, QueryResult, SortKey } from './query.js';
export { parseStoreList, parseCliArgs } from './cli-args.js';
export { startCentralBank, simulatedBulletin, SIMULATED_USD_SELLING } from './central-bank.js';
export type { CentralBank, CentralBankOptions } from './central-bank.js';
export { startTelegramBot, SIMULATED_BOT_TOKEN } from './telegram-bot.js';
export type { TelegramBot, TelegramBotOptions, SentMessage } from './telegram-bot.js';
