import { performance } from 'node:perf_hooks';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { marketOfHost, type Market } from '@shelfscan/markets';
import { navigationHeaders, xhrHeaders } from './browser-headers.js';
import { CircuitBreaker, type BreakerSnapshot } from './circuit-breaker.js';
import {
  defaultClassifier,
  isBlock,
  type BlockKind,
  type PageClassifier,
  type PageKind,
} from './classify.js';
import { SystemClock, type Clock } from '@shelfscan/service';
import { abortReason, throwIfAborted } from './abort.js';
import { CookieJar } from './cookie-jar.js';
import { ACCEPT_ENCODING, BodyDecodeError, bodyText, decodeBody } from './decode.js';
import {
  addressAccepted,
  addressChangeBody,
  ADDRESS_CHANGE_PATH,
  extractGlowCsrfToken,
  type DeliveryPin,
} from './delivery-location.js';
import { DomainGate } from './domain-gate.js';
import { MarketplaceBlockedError, MarketplaceFetchError } from './errors.js';
import type { FetchMetrics } from './metrics.js';
import { resolveOptions, type MarketplaceClientConfig, type MarketplaceClientOptions } from './options.js';
import { ProxyPool, type Proxy } from './proxy-pool.js';
import { backoffDelay, parseRetryAfter } from './retry-timing.js';

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface MarketplaceRequestOptions {
  method?: 'GET' | 'POST';
  /** Extra headers (lower-case names); they win over the browser defaults. */
  headers?: Record<string, string>;
  body?: string;
  /** Cancels waiting and the request in flight; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Tells a block page from a good one; the client's classifier by default. */
  classify?: PageClassifier;
  /** Pin the delivery location first if this domain session has not yet (client default: yes). */
  pinDeliveryLocation?: boolean;
  /** Follow redirects within the market's domain (default true). */
  followRedirects?: boolean;
  /** Send as the page's own XHR instead of a top-level navigation. */
  xhr?: boolean;
  referer?: string;
}

export interface MarketplaceResponse {
  status: number;
  headers: ResponseHeaders;
  /** The decoded body text. */
  body: string;
  /** The real marketplace URL of this answer (after redirects), never the origin override. */
  url: string;
  kind: PageKind;
  /** Attempts made, over all redirect hops. */
  attempts: number;
  redirects: number;
  /** The proxy of the final attempt (without credentials), when proxies are used. */
  proxy?: string;
  bytes: { wire: number; body: number };
  /** Real milliseconds: waiting for the domain's gate (last attempt), the last exchange, and the whole call. */
  timings: { queuedMs: number; responseMs: number; totalMs: number };
}

/**
 * The port the scan engine depends on (a DI token too): fetch a marketplace page politely.
 * Tests of the engine pass a fake; production wires MarketplaceClient.
 */
export abstract class MarketplaceFetcher {
  abstract request(
    market: Market,
    target: string,
    options?: MarketplaceRequestOptions,
  ): Promise<MarketplaceResponse>;
  abstract pinDeliveryLocation(market: Market, signal?: AbortSignal): Promise<DeliveryPin>;
  abstract deliveryPin(market: Market): DeliveryPin | undefined;
  get(market: Market, target: string, options?: Omit<MarketplaceRequestOptions, 'method' | 'body'>) {
    return this.request(market, target, { ...options, method: 'GET' });
  }
}

export interface MarketplaceClientDeps {
  clock?: Clock;
  metrics?: FetchMetrics;
  /** The default page classifier (the parser's, once wired). */
  classify?: PageClassifier;
  /** Source of jitter, [0, 1). */
  random?: () => number;
}

interface DomainSession {
  domain: string;
  jar: CookieJar;
  gate: DomainGate;
  breaker: CircuitBreaker;
  /** Keep-alive connections to this domain (at most `concurrency` of them), when not using a proxy. */
  direct: Agent;
  pinning?: Promise<DeliveryPin>;
  pin?: DeliveryPin;
}

interface Hop {
  url: URL;
  method: 'GET' | 'POST';
  body?: string;
}

interface HopResult {
  status: number;
  headers: ResponseHeaders;
  body: string;
  kind: PageKind;
  attempts: number;
  proxy?: string;
  wireBytes: number;
  bodyBytes: number;
  queuedMs: number;
  responseMs: number;
}

type Exchange =
  | { ok: true; status: number; headers: ResponseHeaders; body: string; wireBytes: number; bodyBytes: number }
  | { ok: false; error: unknown };

interface Sent {
  proxy?: Proxy;
  exchange: Exchange;
  queuedMs: number;
  responseMs: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The polite marketplace HTTP client: keep-alive connections, per-domain rate limit with jitter and
 * concurrency cap, retries with exponential backoff (honouring Retry-After), a per-domain circuit
 * breaker on block pages, optional proxy rotation, a per-domain cookie jar with the delivery
 * location pinned to the market's country, and MARKETPLACE_ORIGIN redirection for the simulator.
 */
export class MarketplaceClient extends MarketplaceFetcher {
  readonly options: MarketplaceClientOptions;
  private readonly clock: Clock;
  private readonly metrics: FetchMetrics;
  private readonly classify: PageClassifier;
  private readonly random: () => number;
  private readonly poolOptions: Agent.Options;
  private readonly proxies: ProxyPool;
  private readonly sessions = new Map<string, DomainSession>();
  /** Aborted by close(): every request in flight (or waiting for a gate or a backoff) ends at once. */
  private readonly lifetime = new AbortController();
  private closing?: Promise<void>;

  constructor(config: MarketplaceClientConfig = {}, deps: MarketplaceClientDeps = {}) {
    super();
    this.options = resolveOptions(config);
    this.clock = deps.clock ?? new SystemClock();
    this.metrics = safeMetrics(deps.metrics ?? {});
    this.classify = deps.classify ?? defaultClassifier;
    this.random = deps.random ?? Math.random;
    this.poolOptions = {
      keepAliveTimeout: this.options.keepAliveTimeoutMs,
      headersTimeout: this.options.requestTimeoutMs,
      bodyTimeout: this.options.requestTimeoutMs,
    };
    this.proxies = new ProxyPool(
      this.options.proxies,
      this.options.proxyBenchMs,
      (url) => new ProxyAgent({ ...this.poolOptions, uri: url.href }),
    );
  }

  /** Sends a request to the market (`target` is a path with query, or a URL on the market's domain). */
  async request(
    market: Market,
    target: string,
    options: MarketplaceRequestOptions = {},
  ): Promise<MarketplaceResponse> {
    const started = performance.now();
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.lifetime.signal])
      : this.lifetime.signal;
    options = { ...options, signal };
    throwIfAborted(signal);
    let hop: Hop = { url: this.realUrl(market, target), method: options.method ?? 'GET', body: options.body };
    const session = this.session(market);
    if (options.pinDeliveryLocation ?? this.options.pinDeliveryLocation)
      await this.ensurePinned(market, signal);

    let attempts = 0;
    for (let redirects = 0; ; redirects++) {
      const r = await this.sendHop(market, session, hop, options);
      attempts += r.attempts;
      const location = first(r.headers.location);
      const next =
        options.followRedirects !== false &&
        REDIRECTS.has(r.status) &&
        location &&
        redirects < this.options.maxRedirects
          ? this.redirectTarget(market, hop.url, location)
          : undefined;
      if (next) {
        const toGet = r.status === 303 || ((r.status === 301 || r.status === 302) && hop.method === 'POST');
        hop = toGet ? { url: next, method: 'GET' } : { ...hop, url: next };
        continue;
      }
      return {
        status: r.status,
        headers: r.headers,
        body: r.body,
        url: hop.url.href,
        kind: r.kind,
        attempts,
        redirects,
        proxy: r.proxy,
        bytes: { wire: r.wireBytes, body: r.bodyBytes },
        timings: { queuedMs: r.queuedMs, responseMs: r.responseMs, totalMs: performance.now() - started },
      };
    }
  }

  /**
   * Pins the market's delivery location in this domain's session: GET the home page (collecting
   * the session cookies and the glow modal's anti-csrf token), then POST the market's postal code
   * to the address-change endpoint. Never throws except on abort: the outcome is recorded.
   */
  async pinDeliveryLocation(market: Market, signal?: AbortSignal): Promise<DeliveryPin> {
    const session = this.session(market);
    const base: DeliveryPin = {
      domain: market.domain,
      pinned: false,
      confirmed: false,
      countryCode: market.countryCode,
      postalCode: market.deliveryPostalCode,
      csrfTokenFound: false,
    };
    let pin: DeliveryPin;
    try {
      const home = await this.request(market, '/', { signal, pinDeliveryLocation: false });
      const token = home.kind === 'ok' && home.status < 400 ? extractGlowCsrfToken(home.body) : undefined;
      if (home.status >= 400 || home.kind !== 'ok') {
        pin = { ...base, reason: `home page answered HTTP ${home.status} (${home.kind})` };
      } else if (!token) {
        pin = { ...base, reason: 'no anti-csrf token on the home page; carrying the session cookies only' };
      } else {
        const origin = `https://www.${market.domain}`;
        const post = await this.request(market, ADDRESS_CHANGE_PATH, {
          method: 'POST',
          body: addressChangeBody(market),
          xhr: true,
          referer: home.url,
          headers: { 'content-type': 'application/json', 'anti-csrftoken-a2z': token, origin },
          followRedirects: false,
          pinDeliveryLocation: false,
          signal,
        });
        const pinned = post.status >= 200 && post.status < 300;
        const confirmed = pinned && addressAccepted(post.body);
        pin = {
          ...base,
          csrfTokenFound: true,
          pinned,
          confirmed,
          reason: !pinned
            ? `address change answered HTTP ${post.status}`
            : confirmed
              ? undefined
              : 'address change accepted but not confirmed valid',
        };
      }
    } catch (err) {
      if (signal?.aborted) throw abortReason(signal);
      pin = { ...base, reason: err instanceof Error ? err.message : String(err) };
    }
    session.pin = pin;
    this.metrics.deliveryPinned?.({
      domain: market.domain,
      pinned: pin.pinned,
      confirmed: pin.confirmed,
      reason: pin.reason,
    });
    return pin;
  }

  /** The recorded delivery-location outcome of this domain's session, once pinning has run. */
  deliveryPin(market: Market): DeliveryPin | undefined {
    return this.sessions.get(market.domain)?.pin;
  }

  /** The domain's breaker state (for status pages and tests). */
  breakerState(market: Market): BreakerSnapshot {
    return this.session(market).breaker.snapshot();
  }

  /** When the domain's breaker is open (nothing is sent to it until then); undefined when it is not. */
  pausedUntil(market: Market): Date | undefined {
    const { state, openUntil } = this.session(market).breaker.snapshot();
    return state === 'open' && openUntil !== undefined && openUntil > this.clock.nowMs()
      ? new Date(openUntil)
      : undefined;
  }

  /** The domain's cookie jar (read-only use: status pages and tests). */
  cookies(market: Market): CookieJar {
    return this.session(market).jar;
  }

  /** Forgets the domain's cookies and delivery pin: the next request starts a new session. */
  resetSession(market: Market): void {
    const s = this.sessions.get(market.domain);
    if (!s) return;
    s.jar.clear();
    s.jar.set(market.domain, 'i18n-prefs', market.currency);
    s.pin = undefined;
    s.pinning = undefined;
  }

  /**
   * Ends every request in flight with an AbortError ("marketplace client closed"), then closes the
   * connection pools. Never waits for a marketplace (or a test server) that does not answer.
   */
  close(): Promise<void> {
    if (!this.closing) {
      this.lifetime.abort(new DOMException('marketplace client closed', 'AbortError'));
      this.closing = Promise.all([
        ...[...this.sessions.values()].map((s) => s.direct.close()),
        this.proxies.close(),
      ]).then(() => undefined);
    }
    return this.closing;
  }

  // ---- steps ----

  private session(market: Market): DomainSession {
    let s = this.sessions.get(market.domain);
    if (!s) {
      const jar = new CookieJar(this.clock, market.domain);
      jar.set(market.domain, 'i18n-prefs', market.currency);
      const domain = market.domain;
      s = {
        domain,
        jar,
        gate: new DomainGate(
          {
            requestsPerSecond: this.options.requestsPerSecond,
            concurrency: this.options.concurrency,
            jitterRatio: this.options.jitterRatio,
          },
          this.clock,
          this.random,
        ),
        // One pool per domain capped at the concurrency: requests queue for an idle kept-alive
        // connection instead of opening new ones (with MARKETPLACE_ORIGIN all domains share an origin).
        direct: new Agent({ ...this.poolOptions, connections: this.options.concurrency }),
        breaker: new CircuitBreaker(this.options.breaker, (from, to) =>
          this.metrics.breakerStateChanged?.({ domain, from, to }),
        ),
      };
      this.sessions.set(domain, s);
    }
    return s;
  }

  private async ensurePinned(market: Market, signal?: AbortSignal): Promise<void> {
    const s = this.session(market);
    // Concurrent first requests share one pin; if the caller that started it aborts, the next one pins.
    for (let tries = 0; !s.pin && tries < 3; tries++) {
      if (!s.pinning) s.pinning = this.pinDeliveryLocation(market, signal);
      const pinning = s.pinning;
      try {
        await abortable(pinning, signal);
        return;
      } catch (err) {
        throwIfAborted(signal);
        if (s.pinning === pinning) s.pinning = undefined;
        if (tries === 2) throw err;
      }
    }
  }

  /**
   * One request (one redirect hop) with its retries: each attempt is admitted by the domain's
   * breaker, sent, reported, and then either answers or — a network error, a block page, a server
   * error — is retried after a backoff (or throws once out of attempts).
   */
  private async sendHop(
    market: Market,
    s: DomainSession,
    hop: Hop,
    options: MarketplaceRequestOptions,
  ): Promise<HopResult> {
    const signal = options.signal;
    const path = hop.url.pathname + hop.url.search;
    for (let attempt = 1; ; attempt++) {
      const probe = await this.admit(s, signal);
      let sent: Sent;
      try {
        sent = await this.sendOnce(market, s, hop, options);
      } catch (err) {
        // Waiting was aborted, or every proxy is benched.
        if (probe) s.breaker.releaseProbe();
        throw err;
      }
      const { proxy, exchange, queuedMs, responseMs } = sent;
      const report = {
        domain: s.domain,
        method: hop.method,
        path,
        attempt,
        latencyMs: responseMs,
        proxy: proxy?.label,
      };

      if (!exchange.ok) {
        if (probe) s.breaker.releaseProbe();
        this.metrics.request?.({
          ...report,
          wireBytes: 0,
          bodyBytes: 0,
          error: describeError(exchange.error),
        });
        await this.afterNetworkError(s.domain, hop, path, attempt, exchange.error, signal);
        continue;
      }

      const { status, headers, body } = exchange;
      const kind = this.classifyPage(options.classify ?? this.classify, body, status);
      this.metrics.request?.({
        ...report,
        status,
        kind,
        wireBytes: exchange.wireBytes,
        bodyBytes: exchange.bodyBytes,
      });

      if (isBlock(kind)) {
        await this.afterBlock(
          s,
          proxy,
          path,
          attempt,
          kind,
          `${status} ${kind}`,
          headers['retry-after'],
          signal,
        );
        continue;
      }

      if (status >= 500) {
        if (probe) s.breaker.releaseProbe();
        if (attempt >= this.options.maxAttempts) {
          throw new MarketplaceFetchError(s.domain, hop.url.href, attempt, status);
        }
        await this.backoff(s.domain, path, attempt, `HTTP ${status}`, headers['retry-after'], signal);
        continue;
      }

      s.breaker.recordSuccess();
      return {
        status,
        headers,
        body,
        kind,
        attempts: attempt,
        proxy: proxy?.label,
        wireBytes: exchange.wireBytes,
        bodyBytes: exchange.bodyBytes,
        queuedMs,
        responseMs,
      };
    }
  }

  /** The page's kind by the request's classifier (the default one when that throws). */
  private classifyPage(classify: PageClassifier, body: string, status: number): PageKind {
    try {
      return classify(body, status);
    } catch {
      return defaultClassifier(body, status);
    }
  }

  /** No answer (a network or decode error): aborted or out of attempts throws, else a backoff. */
  private async afterNetworkError(
    domain: string,
    hop: Hop,
    path: string,
    attempt: number,
    error: unknown,
    signal?: AbortSignal,
  ): Promise<void> {
    if (signal?.aborted) throw abortReason(signal);
    if (error instanceof BodyDecodeError || attempt >= this.options.maxAttempts) {
      throw new MarketplaceFetchError(domain, hop.url.href, attempt, undefined, { cause: error });
    }
    await this.backoff(domain, path, attempt, describeError(error), undefined, signal);
  }

  /**
   * A block page: the breaker and the proxy learn it; an open breaker or the last attempt throws,
   * else a backoff (honouring Retry-After).
   */
  private async afterBlock(
    s: DomainSession,
    proxy: Proxy | undefined,
    path: string,
    attempt: number,
    kind: BlockKind,
    cause: string,
    retryAfter: string | string[] | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    const now = this.clock.nowMs();
    const state = s.breaker.recordBlock(kind, now);
    if (proxy) this.proxies.bench(proxy, now);
    this.metrics.block?.({
      domain: s.domain,
      kind,
      breaker: state,
      slowdown: s.breaker.slowdownFactor,
      proxy: proxy?.label,
    });
    if (state === 'open') {
      const until = s.breaker.snapshot().openUntil;
      throw new MarketplaceBlockedError(s.domain, kind, until ? new Date(until) : undefined);
    }
    if (attempt >= this.options.maxAttempts) throw new MarketplaceBlockedError(s.domain, kind);
    await this.backoff(s.domain, path, attempt, cause, retryAfter, signal);
  }

  /** Picks a proxy, waits for the domain's gate, and makes one exchange. */
  private async sendOnce(
    market: Market,
    s: DomainSession,
    hop: Hop,
    options: MarketplaceRequestOptions,
  ): Promise<Sent> {
    const proxy = await this.pickProxy(s.domain, options.signal);
    const queued = performance.now();
    const release = await s.gate.acquire(s.breaker.slowdownFactor, options.signal);
    const sent = performance.now();
    try {
      const exchange = await this.exchange(market, s, hop, options, proxy, options.signal);
      return { proxy, exchange, queuedMs: sent - queued, responseMs: performance.now() - sent };
    } finally {
      release();
    }
  }

  /** Waits until the domain's breaker lets a request through; throws when it is open for too long. */
  private async admit(s: DomainSession, signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      throwIfAborted(signal);
      const admission = s.breaker.admit(this.clock.nowMs());
      if (admission.kind === 'proceed') return admission.probe;
      if (admission.kind === 'wait-probe') {
        await abortable(admission.settled, signal);
        continue;
      }
      const wait = admission.retryAt - this.clock.nowMs();
      if (wait > this.options.maxCoolDownWaitMs) {
        throw new MarketplaceBlockedError(s.domain, 'cooling-down', new Date(admission.retryAt));
      }
      await this.clock.sleep(wait, signal);
    }
  }

  private async pickProxy(domain: string, signal?: AbortSignal): Promise<Proxy | undefined> {
    if (this.proxies.size === 0) return undefined;
    for (;;) {
      const picked = this.proxies.pick(this.clock.nowMs());
      if ('proxy' in picked) return picked.proxy;
      const wait = picked.benchedUntil - this.clock.nowMs();
      if (wait > this.options.maxCoolDownWaitMs) {
        throw new MarketplaceBlockedError(domain, 'proxies-benched', new Date(picked.benchedUntil));
      }
      await this.clock.sleep(wait, signal);
    }
  }

  private async backoff(
    domain: string,
    path: string,
    attempt: number,
    cause: string,
    retryAfterHeader: string | string[] | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    const now = this.clock.nowMs();
    const retryAfter = parseRetryAfter(retryAfterHeader, now);
    if (retryAfter !== undefined && retryAfter > this.options.maxRetryAfterMs) {
      throw new MarketplaceBlockedError(domain, 'retry-after-too-long', new Date(now + retryAfter));
    }
    const delayMs = Math.max(
      backoffDelay(attempt, this.options.backoffBaseMs, this.options.backoffMaxMs, this.random),
      retryAfter ?? 0,
    );
    this.metrics.retry?.({ domain, path, attempt, delayMs, cause });
    await this.clock.sleep(delayMs, signal);
  }

  /** One HTTP exchange: send, read and decode the body, store the cookies. Never throws. */
  private async exchange(
    market: Market,
    s: DomainSession,
    hop: Hop,
    options: MarketplaceRequestOptions,
    proxy: Proxy | undefined,
    signal?: AbortSignal,
  ): Promise<Exchange> {
    const headers: Record<string, string> = options.xhr
      ? xhrHeaders(market, ACCEPT_ENCODING, options.referer ?? `https://www.${market.domain}/`)
      : navigationHeaders(market, ACCEPT_ENCODING);
    if (!options.xhr && options.referer) headers.referer = options.referer;
    const cookie = s.jar.cookieHeader(hop.url);
    if (cookie) headers.cookie = cookie;
    if (this.options.originOverride) headers['x-original-host'] = hop.url.host;
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;

    const dispatcher: Dispatcher = proxy?.dispatcher ?? s.direct;
    try {
      const res = await request(this.dispatchUrl(hop.url), {
        dispatcher,
        method: hop.method,
        headers,
        body: hop.body,
        signal,
      });
      const setCookie = res.headers['set-cookie'];
      if (setCookie) s.jar.storeSetCookies(hop.url, Array.isArray(setCookie) ? setCookie : [setCookie]);
      const chunks: Buffer[] = [];
      let wireBytes = 0;
      for await (const chunk of res.body) {
        wireBytes += (chunk as Buffer).length;
        if (wireBytes > this.options.maxBodyBytes) {
          res.body.destroy();
          throw new BodyDecodeError(`body larger than ${this.options.maxBodyBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      const decoded = await decodeBody(
        Buffer.concat(chunks),
        first(res.headers['content-encoding']),
        this.options.maxBodyBytes,
      );
      return {
        ok: true,
        status: res.statusCode,
        headers: res.headers,
        body: bodyText(decoded, first(res.headers['content-type'])),
        wireBytes,
        bodyBytes: decoded.length,
      };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** The real marketplace URL of a target; only the market's own hosts are allowed. */
  private realUrl(market: Market, target: string): URL {
    const origin = `https://www.${market.domain}`;
    const url =
      target.startsWith('/') && !target.startsWith('//') ? new URL(target, origin) : new URL(target);
    if (url.protocol !== 'https:' || marketOfHost(url.hostname)?.domain !== market.domain) {
      throw new TypeError(`not a URL of ${market.domain}: ${target}`);
    }
    return url;
  }

  /** Where a real URL is actually sent: itself, or the override origin with the same path and query. */
  private dispatchUrl(real: URL): string {
    return this.options.originOverride
      ? this.options.originOverride + real.pathname + real.search
      : real.href;
  }

  /** The real URL a redirect points to, if it stays on the market's domain. */
  private redirectTarget(market: Market, from: URL, location: string): URL | undefined {
    let target: URL;
    try {
      target = new URL(location, this.dispatchUrl(from));
    } catch {
      return undefined;
    }
    if (this.options.originOverride && target.origin === this.options.originOverride) {
      target = new URL(target.pathname + target.search, from.origin);
    }
    if (target.protocol !== 'https:' || marketOfHost(target.hostname)?.domain !== market.domain)
      return undefined;
    return target;
  }
}

/** Metrics callbacks must never break a request (or leave a breaker probe unsettled). */
function safeMetrics(metrics: FetchMetrics): FetchMetrics {
  const safe: Record<string, (e: never) => void> = {};
  for (const name of ['request', 'retry', 'block', 'breakerStateChanged', 'deliveryPinned'] as const) {
    const fn = metrics[name] as ((e: never) => void) | undefined;
    if (fn)
      safe[name] = (e) => {
        try {
          fn.call(metrics, e);
        } catch {
          // ignored: observability must not change the outcome
        }
      };
  }
  return safe as FetchMetrics;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: string }).code ?? (err.cause as { code?: string } | undefined)?.code;
    return code ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}

/** Waits for a shared promise, but stops waiting (rejecting) as soon as the caller's signal aborts. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
