import { randomUUID } from 'node:crypto';
import type { Admin } from 'kafkajs';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { createLogger } from '@shelfscan/observability';
import { codec, decodeEnvelope } from '../codec.js';
import { BusError } from '../errors.js';
import type { BusTransportClient } from '../transport.js';
import type { BusTrust } from '../trust.js';
import { GroupConsumer, type KafkaConnection } from './connection.js';
import { envelopeTraceCarrier, requestSpan } from '../tracing.js';
import { KafkaHeaders, header } from './headers.js';
import { messageKey } from './keys.js';

/** How long a reply topic keeps its messages (a reply is read within a request's timeout). */
const REPLY_RETENTION_MS = 3_600_000;

interface Pending {
  pattern: string;
  timer: NodeJS.Timeout;
  settle: (packet: WritePacket) => void;
}

/**
 * The Nest client of the cluster mode. A request goes to the topic of its pattern, keyed like any
 * message (scan id, else user id), with this instance's reply topic and a correlation id in its
 * headers; the answer comes back on that reply topic, which only this instance reads, so a reply
 * reaches the asking replica and no other. Events (and the outbox relay) go to the topic of their
 * type. Every message carries the request id and trace context in its headers.
 */
export class KafkaTransportClient extends ClientProxy implements BusTransportClient {
  /** `<clientId>.reply.<instance>`: one per process, read by this process alone. */
  readonly replyTopic: string;
  private readonly pending = new Map<string, Pending>();
  private replies?: Promise<GroupConsumer>;
  private closing = false;
  private readonly log = createLogger('bus', { transport: 'kafka' });

  constructor(
    private readonly connection: KafkaConnection,
    private readonly trust: BusTrust,
  ) {
    super();
    this.replyTopic = `${connection.options.clientId}.reply.${randomUUID()}`;
  }

  /**
   * Starts reading the reply topic and connects the producer (at start, or before the first
   * request; idempotent). `/readyz` then has a `bus:<reply topic>` check: this process can hear
   * answers only while its reply consumer is in its group.
   */
  async connect(): Promise<GroupConsumer> {
    if (this.closing) throw new BusError('UNAVAILABLE', 'the bus is closed');
    this.replies ??= (async () => {
      await this.connection.connectProducer();
      await this.createReplyTopic();
      // Its own group: the reply topic is private, read from its start, never shared.
      const consumer = new GroupConsumer(this.connection, {
        groupId: this.replyTopic,
        topics: [this.replyTopic],
        healthName: `bus:${this.replyTopic}`,
        run: {
          eachMessage: async ({ message }) => {
            const id = header(message.headers, KafkaHeaders.correlationId);
            const pending = id ? this.pending.get(id) : undefined;
            if (!id || !pending || !message.value) return; // late (timed out) or foreign: dropped
            this.pending.delete(id);
            clearTimeout(pending.timer);
            try {
              pending.settle({ response: codec.decodeReply(pending.pattern, new Uint8Array(message.value)) });
            } catch (err) {
              pending.settle({ err });
            }
          },
        },
      });
      await consumer.start();
      return consumer;
    })().catch((err) => {
      this.replies = undefined;
      throw err;
    });
    return this.replies;
  }

  /** Fails every waiting request and stops reading replies. */
  async close(): Promise<void> {
    // from now on a request still connecting fails at once instead of waiting for its deadline
    this.closing = true;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.settle({ err: new BusError('UNAVAILABLE', 'the bus is closing') });
      this.pending.delete(id);
    }
    const replies = await this.replies?.catch(() => undefined);
    this.replies = undefined;
    if (!replies) return;
    await replies.stop();
    await this.deleteReplyTopic();
  }

  /**
   * Best effort: the reply topic is created before its consumer subscribes (one partition, kept an
   * hour), so a cluster that does not auto-create topics (Amazon MSK, Confluent Cloud by default)
   * still answers. Needs the CreateTopics right; where it is refused, or the broker cannot (the
   * mock cluster: no controller), subscribing relies on auto-creation as before.
   */
  private async createReplyTopic(): Promise<void> {
    await this.withAdmin('reply topic not created (auto-creation is relied on)', (admin) =>
      admin.createTopics({
        topics: [
          {
            topic: this.replyTopic,
            numPartitions: 1,
            configEntries: [{ name: 'retention.ms', value: String(REPLY_RETENTION_MS) }],
          },
        ],
        timeout: 2_000,
      }),
    );
  }

  /**
   * Best effort: a cleanly stopped process removes its reply topic (one crashed leaves it to the
   * operator's retention). Needs the DeleteTopics right; a refusal or a slow controller is logged.
   */
  private async deleteReplyTopic(): Promise<void> {
    await this.withAdmin('reply topic not deleted', (admin) =>
      admin.deleteTopics({ topics: [this.replyTopic], timeout: 2_000 }),
    );
  }

  /** One admin call on the reply topic, bounded to 3 s; a failure is logged, never thrown. */
  private async withAdmin(failure: string, work: (admin: Admin) => Promise<unknown>): Promise<void> {
    const admin = this.connection.kafka.admin({ retry: { retries: 0 } });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          await admin.connect();
          await work(admin);
        })(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), 3_000);
        }),
      ]);
    } catch (err) {
      this.log.debug({ topic: this.replyTopic, err: String(err) }, failure);
    } finally {
      clearTimeout(timer);
      await admin.disconnect().catch(() => undefined);
    }
  }

  unwrap<T>(): T {
    return this.connection.kafka as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern);
    let id: string | undefined;
    let done = false;
    const span = requestSpan(pattern, 'kafka');
    const settle = (p: WritePacket) => {
      if (done) return;
      done = true;
      span.end(p.err ? { error: p.err } : {});
      callback({ ...p, isDisposed: true });
    };
    (async () => {
      // encoded in the request's span: the envelope (and headers) carry it to the handler
      const bytes = await span.run(() => this.trust.encodeRequest(pattern, packet.data));
      const envelope = decodeEnvelope(bytes);
      id = envelope.id;
      this.connection.checkSize(pattern, bytes); // before anything waits on Kafka
      await this.connect();
      if (this.closing) throw new BusError('UNAVAILABLE', 'the bus is closing');
      const timeoutMs = this.connection.options.requestTimeoutMs;
      const timer = setTimeout(() => {
        this.pending.delete(envelope.id);
        this.log.warn({ pattern, id: envelope.id, timeoutMs }, 'request timed out');
        settle({ err: new BusError('DEADLINE_EXCEEDED', `no answer to ${pattern} within ${timeoutMs} ms`) });
      }, timeoutMs);
      this.pending.set(envelope.id, { pattern, timer, settle });
      await this.connection.send(pattern, bytes, {
        key: messageKey(envelope),
        headers: {
          [KafkaHeaders.messageId]: envelope.id,
          [KafkaHeaders.requestId]: envelope.requestId,
          [KafkaHeaders.type]: envelope.type,
          [KafkaHeaders.replyTo]: this.replyTopic,
          [KafkaHeaders.correlationId]: envelope.id,
          [KafkaHeaders.deadline]: String(Date.now() + timeoutMs),
          ...envelopeTraceCarrier(envelope),
        },
      });
    })().catch((err) => {
      if (id) {
        clearTimeout(this.pending.get(id)?.timer);
        this.pending.delete(id);
      }
      if (!(err instanceof BusError)) this.log.error({ pattern, err: String(err) }, 'request not sent');
      settle({ err: err instanceof BusError ? err : new BusError('UNAVAILABLE', 'the bus is unreachable') });
    });
    return () => {
      // unsubscribed: forget the request; a late answer is dropped
      if (id) {
        clearTimeout(this.pending.get(id)?.timer);
        this.pending.delete(id);
      }
      if (!done) span.end();
      done = true;
    };
  }

  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    const topic = this.normalizePattern(packet.pattern);
    await this.publishEncoded(topic, codec.event(topic, packet.data));
    return undefined as T;
  }

  /**
   * Publishes an encoded envelope to `topic` (the outbox relay's way out), keyed for ordering; its
   * headers carry the envelope's trace context (that of the transaction that wrote the event).
   */
  async publishEncoded(topic: string, envelope: Uint8Array): Promise<void> {
    const decoded = decodeEnvelope(envelope);
    await this.connection.send(topic, envelope, {
      key: messageKey(decoded),
      headers: {
        [KafkaHeaders.messageId]: decoded.id,
        [KafkaHeaders.requestId]: decoded.requestId,
        [KafkaHeaders.type]: decoded.type,
        ...envelopeTraceCarrier(decoded),
      },
    });
  }
}
