import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { BusClient } from '@shelfscan/bus';
import type { FastifyReply } from 'fastify';
import {
  NestPinoLogger,
  createLogger,
  httpRequestDuration,
  runWithRequestId,
  startSpan,
  traceCarrierOf,
  type SpanHandle,
} from '@shelfscan/observability';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { runWithLang } from './common/i18n.js';
import { createValidationPipe } from './common/validation.js';
import { requireGatewayKeys, type GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';

/**
 * Builds the HTTP edge: the spec's routes, JWT, validation (422 lists), security headers,
 * request ids, metrics, OpenAPI at /api/docs, and the SPA on the same origin.
 */
export async function createGateway(deps: {
  config: GatewayConfig;
  bus: BusClient;
}): Promise<NestFastifyApplication> {
  requireGatewayKeys(deps.config);
  const log = createLogger('gateway');
  const adapter = new FastifyAdapter({
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => randomUUID(),
    // The spec's calls include DELETE /api/card/?id=…: a trailing slash names the same route.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(deps), adapter, {
    logger: new NestPinoLogger(log),
  });

  const fastify = app.getHttpAdapter().getInstance();
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

  await app.register(helmet, {
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
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);

  app.enableShutdownHooks([]);
  return app;
}
