import { parseCookie } from 'undici';
import type { Clock } from '@shelfscan/service';

export interface StoredCookie {
  name: string;
  value: string;
  /** Lower-case, without a leading dot. */
  domain: string;
  /** True when the cookie had no Domain attribute: sent back to exactly that host only. */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  /** Epoch ms; undefined for a session cookie. */
  expiresAt?: number;
}

/**
 * A small in-memory cookie jar (RFC 6265 domain, path, expiry and Secure rules), one per
 * marketplace session. Amazon keeps the session and the delivery location in cookies.
 */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /**
   * @param scope when given (the market's domain, e.g. `amazon.co.uk`), cookies for any wider
   *   domain (`co.uk`) are refused: a stand-in for the public-suffix check a browser makes.
   */
  constructor(
    private readonly clock: Clock,
    private readonly scope?: string,
  ) {}

  /** Stores the Set-Cookie headers of a response to `url` (the real marketplace URL). */
  storeSetCookies(url: URL, setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const parsed = parseCookie(header);
      if (!parsed || !parsed.name) continue;
      const host = url.hostname.toLowerCase();
      let domain = host;
      let hostOnly = true;
      if (parsed.domain) {
        const attr = parsed.domain.toLowerCase().replace(/^\./, '');
        // A cookie for a foreign domain is ignored, as a browser would.
        if (!domainMatches(host, attr) || !attr.includes('.')) continue;
        if (this.scope && !domainMatches(attr, this.scope)) continue;
        domain = attr;
        hostOnly = false;
      }
      const path = parsed.path?.startsWith('/') ? parsed.path : defaultPath(url.pathname);
      let expiresAt: number | undefined;
      if (parsed.maxAge !== undefined) expiresAt = this.clock.nowMs() + parsed.maxAge * 1000;
      else if (parsed.expires !== undefined) expiresAt = new Date(parsed.expires).getTime();
      const key = `${domain};${path};${parsed.name}`;
      if (expiresAt !== undefined && expiresAt <= this.clock.nowMs()) {
        this.cookies.delete(key);
        continue;
      }
      this.cookies.set(key, {
        name: parsed.name,
        value: parsed.value,
        domain,
        hostOnly,
        path,
        secure: parsed.secure === true,
        expiresAt,
      });
    }
  }

  /** Sets a cookie directly (as a page's script would), for the whole domain. */
  set(domain: string, name: string, value: string): void {
    const d = domain.toLowerCase().replace(/^\./, '');
    this.cookies.set(`${d};/;${name}`, { name, value, domain: d, hostOnly: false, path: '/', secure: false });
  }

  /** The Cookie header to send with a request to `url`, or undefined when none applies. */
  cookieHeader(url: URL): string | undefined {
    const now = this.clock.nowMs();
    const host = url.hostname.toLowerCase();
    const matching: StoredCookie[] = [];
    for (const [key, c] of this.cookies) {
      if (c.expiresAt !== undefined && c.expiresAt <= now) {
        this.cookies.delete(key);
        continue;
      }
      if (c.hostOnly ? host !== c.domain : !domainMatches(host, c.domain)) continue;
      if (!pathMatches(url.pathname || '/', c.path)) continue;
      if (c.secure && url.protocol !== 'https:') continue;
      matching.push(c);
    }
    if (matching.length === 0) return undefined;
    // Longer paths first, as RFC 6265 section 5.4 asks.
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  get(name: string): StoredCookie | undefined {
    for (const c of this.cookies.values()) if (c.name === name) return c;
    return undefined;
  }

  all(): StoredCookie[] {
    return [...this.cookies.values()];
  }

  clear(): void {
    this.cookies.clear();
  }
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function defaultPath(requestPath: string): string {
  if (!requestPath.startsWith('/')) return '/';
  const slash = requestPath.lastIndexOf('/');
  return slash <= 0 ? '/' : requestPath.slice(0, slash);
}
