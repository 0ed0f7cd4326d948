/**
 * Real local HTTP servers for the fetcher's tests (and the scan engine's): a marketplace stand-in
 * that records every request with the socket it came on, and a plain-HTTP forward proxy.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** 1-based number of the TCP connection it arrived on. */
  socket: number;
  /** performance.now() at arrival. */
  at: number;
}

export type Handler = (req: RecordedRequest, res: http.ServerResponse, raw: http.IncomingMessage) => unknown;

export interface LocalServer {
  origin: string;
  requests: RecordedRequest[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Requests being handled right now, and the most seen at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  handler: Handler;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<LocalServer> {
  const socketIds = new WeakMap<Socket, number>();
  let connections = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const rec: RecordedRequest = {
        method: raw.method ?? 'GET',
        url: raw.url ?? '/',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        socket: socketIds.get(raw.socket) ?? 0,
        at: performance.now(),
      };
      requests.push(rec);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => inFlight--);
      // A handler that throws (at once or later) still answers, so the client under test never
      // waits for a response that cannot come; the error is rethrown for jest to report on the test.
      new Promise((resolve) => resolve(api.handler(rec, res, raw))).catch((err: unknown) => {
        if (!res.headersSent) res.statusCode = 599;
        res.end(String(err));
        setImmediate(() => {
          throw err;
        });
      });
    });
  });
  server.on('connection', (socket) => socketIds.set(socket, ++connections));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const api: LocalServer = {
    origin: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    handler,
    close: () => closeServer(server),
  };
  return api;
}

export interface ForwardProxy {
  /** http://127.0.0.1:port (add credentials yourself when needed). */
  origin: string;
  name: string;
  /** Absolute-form targets it forwarded, with the Proxy-Authorization it saw. */
  forwarded: { url: string; proxyAuthorization?: string }[];
  close(): Promise<void>;
}

/**
 * A minimal plain-HTTP forward proxy (absolute-form requests, as undici's ProxyAgent sends for
 * http:// targets). It tags each forwarded request with `x-test-proxy: <name>`.
 */
export async function startForwardProxy(name: string): Promise<ForwardProxy> {
  const forwarded: ForwardProxy['forwarded'] = [];
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    forwarded.push({ url: target.href, proxyAuthorization: req.headers['proxy-authorization'] });
    const headers: http.IncomingHttpHeaders = { ...req.headers, 'x-test-proxy': name };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, name, forwarded, close: () => closeServer(server) };
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
