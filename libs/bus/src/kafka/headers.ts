import { AsyncLocalStorage } from 'node:async_hooks';
import type { IHeaders } from 'kafkajs';

/** The Kafka headers of the bus. The envelope carries the same ids; headers let tools see them. */
export const KafkaHeaders = {
  messageId: 'shelfscan-message-id',
  requestId: 'shelfscan-request-id',
  type: 'shelfscan-type',
  replyTo: 'shelfscan-reply-to',
  correlationId: 'shelfscan-correlation-id',
  /** When the asker stops waiting (epoch ms): a request found later is skipped, nobody awaits it. */
  deadline: 'shelfscan-deadline',
  error: 'shelfscan-error',
  attempts: 'shelfscan-attempts',
  originalTopic: 'shelfscan-original-topic',
  originalPartition: 'shelfscan-original-partition',
  originalOffset: 'shelfscan-original-offset',
  group: 'shelfscan-group',
} as const;

/** W3C trace context headers, passed on unchanged from the message being handled. */
const TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;

type TraceContext = Partial<Record<(typeof TRACE_HEADERS)[number], string>>;
const traceStorage = new AsyncLocalStorage<TraceContext>();

export function header(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  if (value === undefined) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** Runs `fn` with the trace context of an incoming message, so what it sends continues the trace. */
export function runWithTraceContext<T>(headers: IHeaders | undefined, fn: () => T): T {
  const ctx: TraceContext = {};
  for (const name of TRACE_HEADERS) {
    const value = header(headers, name);
    if (value) ctx[name] = value;
  }
  return traceStorage.run(ctx, fn);
}

/** The trace context headers of the work in progress (empty outside a handled message). */
export function traceHeaders(): Record<string, string> {
  return { ...traceStorage.getStore() };
}
