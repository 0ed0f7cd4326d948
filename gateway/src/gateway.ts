import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { BusClient } from '@shelfscan/bus';
import { SystemClock, type Clock } from '@shelfscan/clock';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import {
  NestPinoLogger,
  createLogger,
  health,
  httpRequestDuration,
  runWithRequestId,
  startSpan,
  traceCarrierOf,
  type SpanHandle,
} from '@shelfscan/observability';
import { API_TOKEN_SCHEME, API_TOKEN_SCOPES } from './auth/api-scope.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { runWithLang } from './common/i18n.js';
import { createValidationPipe } from './common/validation.js';
import { requireGatewayKeys, type GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { openGatewayDatabase } from './throttle/database.js';
import { ThrottleCounters } from './throttle/throttle-counters.js';

/**
 * Which hops may name the client in X-Forwarded-For (per-address limits count `req.ip`): none, the
 * listed addresses/CIDRs, or the last `n` hops. Fastify refuses a bare hop count (a client that
 * reaches the gateway directly could write enough hops), so it is given as proxy-addr's function:
 * safe only where nothing but the proxies reaches the gateway (the chart's NetworkPolicy).
 */
function trustProxyOf(setting: GatewayConfig['TRUSTED_PROXIES']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * Builds the HTTP edge: the spec's routes, JWT, validation (422 lists), security headers,
 * request ids, metrics, OpenAPI at /api/docs, and the SPA on the same origin.
 */
export async function createGateway(deps: {
  config: GatewayConfig;
  bus: BusClient;
  /** PostgreSQL for the throttle counters (the gateway schema); migrations run at start when asked. */
  database: { url: string; runMigrations: boolean };
  clock?: Clock;
}): Promise<NestFastifyApplication> {
  requireGatewayKeys(deps.config);
  const log = createLogger('gateway');
  const clock = deps.clock ?? new SystemClock();
  const { dataSource } = await openGatewayDatabase(deps.database.url, {
    runMigrations: deps.database.runMigrations,
  });
  const adapter = new FastifyAdapter({
    trustProxy: trustProxyOf(deps.config.TRUSTED_PROXIES),
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => randomUUID(),
    // The spec's calls include DELETE /api/card/?id=…: a trailing slash names the same route.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const counters = new ThrottleCounters(dataSource, clock);
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot({ ...deps, counters, clock }),
    adapter,
    { logger: new NestPinoLogger(log) },
  ).catch(async (err: unknown) => {
    await dataSource.destroy();
    throw err;
  });

  const fastify = app.getHttpAdapter().getInstance();
  // Ready only while its database answers (the limits, and so the auth routes, need it).
  health.register('gateway.database', async () => void (await dataSource.query('SELECT 1')));
  fastify.addHook('onClose', async () => {
    health.unregister('gateway.database');
    await dataSource.destroy();
  });
  // The request's span (a no-op unless OTEL_TRACES_EXPORTER is set), continuing the caller's trace.
  const spans = new WeakMap<object, SpanHandle>();
  // Request id (from X-Request-Id or new) and language, visible to logs and to every bus message.
  fastify.addHook('onRequest', (req, reply, done) => {
    const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || req.id;
    void reply.header('X-Request-Id', requestId);
    const route = req.routeOptions.url ?? 'unmatched';
    const span = startSpan(`${req.method} ${route}`, {
      kind: 'server',
      parent: traceCarrierOf(req.headers),
      attributes: {
        'http.request.method': req.method,
        'http.route': route,
        'url.path': req.url.split('?')[0],
      },
    });
    spans.set(req, span);
    span.run(() => runWithRequestId(requestId, () => runWithLang(req.headers['accept-language'], done)));
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const span = spans.get(req);
    span?.setAttribute('http.response.status_code', reply.statusCode);
    span?.end({ failed: reply.statusCode >= 500 });
    done();
  });

  // The security headers (Helmet's), the same on every answer: computed once. @fastify/helmet built
  // Helmet's middleware again at every request (its CSP directives parsed each time: 2 % of an
  // authenticated read's CPU, docs/performance.md).
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Plain http on localhost must keep working: no forced upgrade.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });

  // Profile photo uploads (POST /api/account/photo): one file, the size checked per route.
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: 1024 * 1024 } });

  if (fs.existsSync(deps.config.WEB_DIST_DIR)) {
    app.useStaticAssets({
      root: deps.config.WEB_DIST_DIR,
      wildcard: false,
      index: false,
      // @fastify/static 10 hands over the Fastify reply (Nest's option type still says ServerResponse).
      setHeaders: ((reply: FastifyReply, file: string) => {
        void reply.header(
          'Cache-Control',
          file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      }) as never,
    });
  } else {
    log.warn({ dir: deps.config.WEB_DIST_DIR }, 'the web app is not built: only the API is served');
  }

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('ShelfScan API')
      .setDescription(
        'The gateway of ShelfScan. Answers are {success, message, data}; validation failures are 422 with errors: [{msg}].',
      )
      .setVersion('1')
      .addBearerAuth()
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ss_… (personal API token)',
          description: `A personal API token made on the account page (POST /api/account/tokens): \`Authorization: Bearer ss_…\`. It opens only the operations that name its scope in \`x-api-token-scope\` (${API_TOKEN_SCOPES.join(', ')}); any other operation answers 403 apiTokenNotAllowed, a missing scope 403 apiTokenScopeMissing, a revoked or expired token 401 apiTokenInvalid, past api.token.perMinuteLimit requests a minute 429.`,
        },
        API_TOKEN_SCHEME,
      )
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);

  app.enableShutdownHooks([]);
  return app;
}

/** The headers Helmet's middleware sets for these options (it reads nothing of the request). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
