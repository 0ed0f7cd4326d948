import type { MarketplaceFetcher } from '../fetch/marketplace-client.js';
import type { Market } from '@shelfscan/markets';
import type { PageSource } from './types.js';

/**
 * The engine's page source in production: every engine-built URL goes through the polite
 * marketplace client (rate limit, retries, breaker, delivery pin, MARKETPLACE_ORIGIN). Block pages
 * the client recognises after its retries surface as MarketplaceBlockedError; the engine's own
 * classifier catches the rest.
 */
export function marketplacePageSource(fetcher: MarketplaceFetcher, market: Market): PageSource {
  return {
    async fetchSearchPage(url: string, signal?: AbortSignal) {
      const res = await fetcher.get(market, url, { signal });
      return { status: res.status, html: res.body };
    },
  };
}
