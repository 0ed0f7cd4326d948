import type { Market } from '@shelfscan/markets';

/** Where the delivery-location modal posts a postal code. */
export const ADDRESS_CHANGE_PATH = '/portal-migration/hz/glow/address-change?actionSource=glow';

/** The outcome of pinning a domain session's delivery location. Never thrown: a scan goes on without it. */
export interface DeliveryPin {
  domain: string;
  /** True when the marketplace accepted the address-change request (2xx). */
  pinned: boolean;
  /** True when its answer said the address is valid (`"isValidAddress":1`). */
  confirmed: boolean;
  countryCode: string;
  postalCode: string;
  /** Whether an anti-csrf token was found on the home page (the POST is tried without one otherwise). */
  csrfTokenFound: boolean;
  /** Why the pin failed or is unconfirmed, readable in a log line ("delivery location not pinned: …"). */
  reason?: string;
}

export function addressChangeBody(market: Market): string {
  return JSON.stringify({
    locationType: 'LOCATION_INPUT',
    zipCode: market.deliveryPostalCode,
    deviceType: 'web',
    storeContext: 'generic',
    pageType: 'Search',
    actionSource: 'glow',
  });
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|quot|amp|apos|lt|gt);/gi, (_, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10),
      );
    return ENTITIES[e.toLowerCase()] ?? _;
  });
}

/**
 * The anti-csrf token of the delivery-location ("glow") modal on a marketplace page: the
 * `ajaxHeaders` of the modal's `data-a-modal` attribute, else the page's
 * `<meta name="anti-csrftoken-a2z">`. Undefined when the page has neither.
 */
export function extractGlowCsrfToken(html: string): string | undefined {
  // The modal config is an HTML-escaped JSON attribute: ..."ajaxHeaders":{"anti-csrftoken-a2z":"TOKEN"}, "name":"glow-modal"...
  const modal = /anti-csrftoken-a2z(?:&quot;|")\s*:\s*(?:&quot;|")(.*?)(?:&quot;|")/.exec(html);
  if (modal?.[1]) return decodeEntities(modal[1]);
  const meta =
    /<meta[^>]*name=["']anti-csrftoken-a2z["'][^>]*content=["']([^"']+)["']/i.exec(html) ??
    /<meta[^>]*content=["']([^"']+)["'][^>]*name=["']anti-csrftoken-a2z["']/i.exec(html);
  return meta?.[1] ? decodeEntities(meta[1]) : undefined;
}

/** Whether the address-change answer says the address is valid. */
export function addressAccepted(body: string): boolean {
  try {
    const json = JSON.parse(body) as { isValidAddress?: unknown };
    return json.isValidAddress === 1 || json.isValidAddress === true;
  } catch {
    return /"isValidAddress"\s*:\s*(1|true)/.test(body);
  }
}
