import type { Envelope } from '@shelfscan/contracts';
import { startSpan, traceCarrierOf, type SpanHandle, type TraceCarrier } from '@shelfscan/observability';
import type { IHeaders } from 'kafkajs';

type Transport = 'kafka' | 'memory';

/** The trace context a message carries: its Kafka headers when they hold one, else its envelope's. */
export function messageTraceCarrier(envelope: Envelope, headers?: IHeaders): TraceCarrier {
  const fromHeaders = traceCarrierOf(headers);
  if (fromHeaders.traceparent) return fromHeaders;
  return envelopeTraceCarrier(envelope);
}

/** The W3C fields of an envelope (empty ones left out), e.g. as Kafka headers. */
export function envelopeTraceCarrier(envelope: Envelope): TraceCarrier {
  const carrier: TraceCarrier = {};
  if (envelope.traceparent) carrier.traceparent = envelope.traceparent;
  if (envelope.tracestate) carrier.tracestate = envelope.tracestate;
  return carrier;
}

/** `shelfscan.auth.v1.AuthService.Register` → `shelfscan.auth.v1.AuthService/Register` (RPC span names). */
function rpcName(pattern: string): { name: string; service: string; method: string } {
  const dot = pattern.lastIndexOf('.');
  const service = pattern.slice(0, dot);
  const method = pattern.slice(dot + 1);
  return { name: `${service}/${method}`, service, method };
}

/**
 * The span of a request this process sends (CLIENT). Encode the request inside `run`, so that
 * its envelope carries this span as the parent of the handler's.
 */
export function requestSpan(pattern: string, transport: Transport): SpanHandle {
  const { name, service, method } = rpcName(pattern);
  return startSpan(name, {
    kind: 'client',
    attributes: {
      'rpc.system': 'shelfscan-bus',
      'rpc.service': service,
      'rpc.method': method,
      'messaging.system': transport,
      'messaging.destination.name': pattern,
    },
  });
}

/**
 * The span of handling a message: a request (SERVER, child of the asker's CLIENT span) or an
 * event (CONSUMER, child of the span that wrote it to the outbox), in the consumer `group`.
 */
export function handlerSpan(
  kind: 'request' | 'event',
  topic: string,
  envelope: Envelope,
  group: string,
  transport: Transport,
  headers?: IHeaders,
): SpanHandle {
  const common = {
    'messaging.system': transport,
    'messaging.destination.name': topic,
    'messaging.consumer.group.name': group,
    'messaging.message.id': envelope.id,
    'messaging.operation.type': 'process',
  };
  const parent = messageTraceCarrier(envelope, headers);
  if (kind === 'event') {
    return startSpan(`process ${topic}`, { kind: 'consumer', parent, attributes: common });
  }
  const { name, service, method } = rpcName(topic);
  return startSpan(name, {
    kind: 'server',
    parent,
    attributes: { ...common, 'rpc.system': 'shelfscan-bus', 'rpc.service': service, 'rpc.method': method },
  });
}
