import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { adminService } from '@shelfscan/admin-service';
import { authService } from '@shelfscan/auth-service';
import {
  BusClient,
  BusTransports,
  inProcessKeyPair,
  startKafkaMockCluster,
  type KafkaMockCluster,
} from '@shelfscan/bus';
import { loadConfig } from '@shelfscan/config';
import { createTestDatabase } from '@shelfscan/db';
import { startTracing, stopTracing } from '@shelfscan/observability';
import { startService, type RunningService } from '@shelfscan/service';
import { eventually } from '@shelfscan/testing';
import { createGateway, gatewayEnvSchema } from '../src/index.js';

/**
 * OpenTelemetry across HTTP and Kafka: the gateway and the auth service each on their own Kafka
 * connection (as two pods), spans kept by an in-memory exporter. The handler's span can only
 * find its parent through the message (kafkajs runs it from its own fetch loop), so one trace
 * from the HTTP span down to the service's span proves the context crossed the bus.
 */
describe('traces across the gateway and a service over Kafka', () => {
  jest.setTimeout(90_000);
  const exporter = new InMemorySpanExporter();
  let cluster: KafkaMockCluster;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const services: RunningService[] = [];
  let app: NestFastifyApplication;
  const pods: BusTransports[] = [];

  // the bus's keys, as the chart's Secrets give them (no key is fetched over the bus)
  const [identity, sealing] = [inProcessKeyPair(), inProcessKeyPair()];
  const keys = {
    BUS_IDENTITY_PRIVATE_KEY: identity.privateKeyPem,
    BUS_IDENTITY_PUBLIC_KEY: identity.publicKeyPem,
    AUTH_SEALING_PRIVATE_KEY: sealing.privateKeyPem,
    AUTH_SEALING_PUBLIC_KEY: sealing.publicKeyPem,
  };
  const pod = (clientId: string) => {
    const t = new BusTransports({
      BUS: 'kafka',
      KAFKA_BROKERS: cluster.brokers,
      KAFKA_CLIENT_ID: clientId,
      ...keys,
    });
    pods.push(t);
    return t;
  };

  beforeAll(async () => {
    startTracing({ OTEL_TRACES_EXPORTER: 'none', OTEL_TRACES_SAMPLER: 'parentbased_always_on' }, 'test', {
      exporter,
    });
    [cluster, db] = await Promise.all([startKafkaMockCluster(), createTestDatabase()]);
    const env = { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent/web' };
    for (const service of [authService, adminService]) {
      services.push(
        await startService(service, {
          config: loadConfig(service.envSchema, { ...env, DATA_DIR: '/tmp/shelfscan-tracing-test' }),
          databaseUrl: db.url,
          transports: pod(service.name),
          runMigrations: true,
        }),
      );
    }
    const gatewayBus = pod('gateway');
    await gatewayBus.connect();
    app = await createGateway({
      config: loadConfig(gatewayEnvSchema, env),
      bus: new BusClient(gatewayBus.client()),
      database: { url: db.url, runMigrations: true },
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
    for (const s of services.reverse()) await s.stop();
    for (const t of pods) await t.close();
    await cluster?.stop();
    await db?.drop();
    await stopTracing();
  });

  const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
  const idOf = (s: ReadableSpan) => s.spanContext().spanId;

  function spansOf(traceId: () => string | undefined, count: number): Promise<ReadableSpan[]> {
    return eventually(
      () => {
        const id = traceId();
        const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === id);
        return id && spans.length >= count && spans;
      },
      { what: `${count} spans of one trace`, timeoutMs: 20_000 },
    );
  }

  it('one HTTP call that crosses the bus is one trace: HTTP span → bus request span → service span', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/public/check-activation?email=nobody%40example.com',
    });
    expect(res.statusCode).toBe(200);
    const httpSpan = () =>
      exporter.getFinishedSpans().find((s) => s.name === 'GET /api/public/check-activation');
    const spans = await spansOf(() => httpSpan()?.spanContext().traceId, 3);
    const http = httpSpan()!;
    const client = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s !== http)!;
    expect(http).toMatchObject({ kind: SpanKind.SERVER, parentSpanContext: undefined });
    expect(http.attributes).toMatchObject({
      'http.route': '/api/public/check-activation',
      'http.response.status_code': 200,
    });
    expect(client.name).toBe('shelfscan.auth.v1.AuthService/CheckActivation');
    expect(parentOf(client)).toBe(idOf(http));
    expect(server.name).toBe('shelfscan.auth.v1.AuthService/CheckActivation');
    expect(server.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.consumer.group.name': 'auth',
    });
    expect(parentOf(server)).toBe(idOf(client));
  });

  it("continues the caller's trace (traceparent), and the events the call caused join it", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/register',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      payload: { firstName: 'Ada', lastName: 'Kaya', email: 'traced@example.com', password: 'secret1' },
    });
    expect(res.statusCode).toBe(200);
    // HTTP, request, handler, and UserRegistered (from auth's outbox) handled by the admin service
    const spans = await spansOf(() => traceId, 4);
    const http = spans.find((s) => s.name === 'POST /api/public/register')!;
    expect(http.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    const handled = spans.find((s) => s.kind === SpanKind.SERVER && s !== http)!;
    expect(handled.name).toBe('shelfscan.auth.v1.AuthService/Register');
    const consumed = spans.find((s) => s.kind === SpanKind.CONSUMER);
    expect(consumed?.name).toBe('process shelfscan.auth.v1.UserRegistered');
    expect(consumed?.attributes['messaging.consumer.group.name']).toBe('admin');
    expect(parentOf(consumed!)).toBe(idOf(handled)); // written to the outbox within the handler's span
  });
});
