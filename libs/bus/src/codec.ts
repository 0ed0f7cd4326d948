import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type DescMethod } from '@bufbuild/protobuf';
import {
  EnvelopeSchema,
  ReplySchema,
  eventTopic,
  findEvent,
  findMethod,
  methodPattern,
  type Envelope,
} from '@shelfscan/contracts';
import { currentRequestId, currentTraceCarrier } from '@shelfscan/observability';
import { BusError, type BusErrorCode } from './errors.js';

/**
 * Every message crossing the bus is encoded here, whatever the transport: an Envelope (id,
 * type, request id, time, the sender's W3C trace context) around the protobuf payload that the
 * contract of `type` describes.
 */
export function encodeEnvelope(
  type: string,
  schema: DescMessage,
  data: unknown,
  id: string = randomUUID(),
  /** A request made for a caller: its identity assertion (see BusTrust). */
  callerAssertion = '',
): Uint8Array {
  // `create` accepts a plain object of the message's shape (or a message) and fills defaults.
  const message = create(schema, data as never);
  const trace = currentTraceCarrier();
  return toBinary(
    EnvelopeSchema,
    create(EnvelopeSchema, {
      id,
      type,
      requestId: currentRequestId() ?? '',
      occurredAt: new Date().toISOString(),
      payload: toBinary(schema, message),
      traceparent: trace.traceparent ?? '',
      tracestate: trace.tracestate ?? '',
      callerAssertion,
    }),
  );
}

export function decodeEnvelope(bytes: Uint8Array): Envelope {
  return fromBinary(EnvelopeSchema, bytes);
}

export function requireMethod(pattern: string): DescMethod {
  const method = findMethod(pattern);
  if (!method) throw new BusError('INTERNAL', `no contract for request ${pattern}`);
  return method;
}

export function requireEvent(topic: string): DescMessage {
  const event = findEvent(topic);
  if (!event) throw new BusError('INTERNAL', `no contract for event ${topic}`);
  return event;
}

export const codec = {
  /** A request's envelope as it is: no sealing, no assertion (the transports use BusTrust). */
  request(pattern: string, data: unknown, callerAssertion = ''): Uint8Array {
    return encodeEnvelope(pattern, requireMethod(pattern).input, data, undefined, callerAssertion);
  },
  event(topic: string, data: unknown, id?: string): Uint8Array {
    return encodeEnvelope(topic, requireEvent(topic), data, id);
  },
  eventOf(schema: DescMessage, data: unknown, id?: string): { topic: string; bytes: Uint8Array } {
    const topic = eventTopic(schema);
    return { topic, bytes: encodeEnvelope(topic, schema, data, id) };
  },
  /** Decodes an incoming request or event: the envelope and its typed payload. */
  decode(bytes: Uint8Array): { envelope: Envelope; message: unknown } {
    const envelope = decodeEnvelope(bytes);
    const method = findMethod(envelope.type);
    const schema = method ? method.input : requireEvent(envelope.type);
    return { envelope, message: fromBinary(schema, envelope.payload) };
  },
  reply(pattern: string, result: { value: unknown } | { error: unknown }): Uint8Array {
    const method = requireMethod(pattern);
    if ('value' in result) {
      const payload = toBinary(method.output, create(method.output, result.value as never));
      return toBinary(ReplySchema, create(ReplySchema, { result: { case: 'payload', value: payload } }));
    }
    const err = toBusError(result.error);
    return toBinary(
      ReplySchema,
      create(ReplySchema, {
        result: {
          case: 'error',
          value: {
            code: err.code,
            message: err.message,
            reason: err.reason ?? '',
            violations: err.violations,
            retryAfterSeconds: err.options.retryAfterSeconds ?? 0,
            retryAt: err.options.retryAt ?? '',
            detail: err.options.detail ?? '',
          },
        },
      }),
    );
  },
  /** Decodes a reply: the typed answer, or throws the BusError the handler raised. */
  decodeReply(pattern: string, bytes: Uint8Array): unknown {
    const method = requireMethod(pattern);
    const reply = fromBinary(ReplySchema, bytes);
    if (reply.result.case === 'payload') return fromBinary(method.output, reply.result.value);
    if (reply.result.case === 'error') {
      const e = reply.result.value;
      throw new BusError(e.code as BusErrorCode, e.message, {
        reason: e.reason || undefined,
        violations: e.violations.map((v) => ({ field: v.field, msg: v.msg })),
        retryAfterSeconds: e.retryAfterSeconds || undefined,
        retryAt: e.retryAt || undefined,
        detail: e.detail || undefined,
      });
    }
    throw new BusError('INTERNAL', `empty reply to ${pattern}`);
  },
};

/**
 * Any thrown value as a BusError; unexpected errors become INTERNAL without leaking details, keyed
 * as the catalogue's systemError so the gateway words it in the request language.
 */
export function toBusError(error: unknown): BusError {
  if (error instanceof BusError) return error;
  return new BusError('INTERNAL', 'systemError', { reason: 'systemError' });
}

export { methodPattern, eventTopic };
