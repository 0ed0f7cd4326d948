import type { Market } from '@shelfscan/markets';

/** A current desktop Chrome on Windows (Chrome 156, as the Debian chromium of this stack). */
export const CHROME_MAJOR = 156;
export const DESKTOP_CHROME_USER_AGENT = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME_MAJOR}.0.0.0 Safari/537.36`;

/** The browser language a shopper of each market sends. */
const ACCEPT_LANGUAGE: Record<string, string> = {
  CA: 'en-CA,en;q=0.9,fr-CA;q=0.8',
  MX: 'es-MX,es;q=0.9,en;q=0.8',
  AE: 'en-AE,en;q=0.9,ar;q=0.8',
  AU: 'en-AU,en;q=0.9',
  SG: 'en-SG,en;q=0.9',
  UK: 'en-GB,en;q=0.9',
  US: 'en-US,en;q=0.9',
};

export function acceptLanguage(market: Market): string {
  return ACCEPT_LANGUAGE[market.code] ?? 'en-US,en;q=0.9';
}

/** The headers Chrome sends on a top-level page navigation, in Chrome's order. */
export function navigationHeaders(market: Market, acceptEncoding: string): Record<string, string> {
  return {
    'sec-ch-ua': `"Chromium";v="${CHROME_MAJOR}", "Google Chrome";v="${CHROME_MAJOR}", "Not.A/Brand";v="99"`,
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Windows"',
    'upgrade-insecure-requests': '1',
    'user-agent': DESKTOP_CHROME_USER_AGENT,
    accept:
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-user': '?1',
    'sec-fetch-dest': 'document',
    'accept-encoding': acceptEncoding,
    'accept-language': acceptLanguage(market),
  };
}

/** The headers of the page's own XHR (the delivery-location modal posts this way). */
export function xhrHeaders(market: Market, acceptEncoding: string, referer: string): Record<string, string> {
  return {
    'sec-ch-ua': `"Chromium";v="${CHROME_MAJOR}", "Google Chrome";v="${CHROME_MAJOR}", "Not.A/Brand";v="99"`,
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Windows"',
    'user-agent': DESKTOP_CHROME_USER_AGENT,
    accept: 'text/html,*/*',
    'x-requested-with': 'XMLHttpRequest',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    referer,
    'accept-encoding': acceptEncoding,
    'accept-language': acceptLanguage(market),
  };
}
