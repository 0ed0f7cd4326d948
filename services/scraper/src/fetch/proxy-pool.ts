import type { Dispatcher } from 'undici';

export interface Proxy {
  /** The proxy without its credentials, safe for logs and metrics (http://host:port). */
  readonly label: string;
  readonly url: URL;
  readonly dispatcher: Dispatcher;
  benchedUntil: number;
}

/** Safe for logs and metrics: no credentials. (SCRAPER_PROXIES is validated by the env schema.) */
export function proxyLabel(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** Round-robin over the configured proxies; a proxy that gets blocked sits out for `benchMs`. */
export class ProxyPool {
  private readonly proxies: Proxy[];
  private cursor = 0;

  constructor(
    urls: readonly URL[],
    private readonly benchMs: number,
    makeDispatcher: (url: URL) => Dispatcher,
  ) {
    this.proxies = urls.map((url) => ({
      label: proxyLabel(url),
      url,
      dispatcher: makeDispatcher(url),
      benchedUntil: 0,
    }));
  }

  get size(): number {
    return this.proxies.length;
  }

  /** The next proxy not on the bench; or, when all are benched, when the first one comes back. */
  pick(now: number): { proxy: Proxy } | { benchedUntil: number } {
    for (let i = 0; i < this.proxies.length; i++) {
      const proxy = this.proxies[(this.cursor + i) % this.proxies.length];
      if (proxy.benchedUntil <= now) {
        this.cursor = (this.cursor + i + 1) % this.proxies.length;
        return { proxy };
      }
    }
    return { benchedUntil: Math.min(...this.proxies.map((p) => p.benchedUntil)) };
  }

  bench(proxy: Proxy, now: number): void {
    proxy.benchedUntil = now + this.benchMs;
  }

  async close(): Promise<void> {
    await Promise.all(this.proxies.map((p) => p.dispatcher.close()));
  }
}
