import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process (in the embedded mode every service shares it). */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'shelfscan_http_request_duration_seconds',
  help: 'HTTP requests handled by the gateway',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const busMessages = new Counter({
  name: 'shelfscan_bus_messages_total',
  help: 'Messages handled on the bus',
  labelNames: ['kind', 'type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const outboxBacklog = new Counter({
  name: 'shelfscan_outbox_published_total',
  help: 'Outbox rows published by the relay',
  labelNames: ['service', 'outcome'] as const,
  registers: [metricsRegistry],
});
