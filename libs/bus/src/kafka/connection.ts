import {
  Kafka,
  Partitioners,
  logLevel,
  type Consumer,
  type ConsumerConfig,
  type IHeaders,
  type Producer,
} from 'kafkajs';
import { createLogger } from '@shelfscan/observability';
import { BusError } from '../errors.js';
import { resolveKafkaOptions, type KafkaBusOptions, type ResolvedKafkaBusOptions } from './options.js';

const log = createLogger('bus', { transport: 'kafka' });

/** One process's link to Kafka: the client, one shared producer, and the consumers it made. */
export class KafkaConnection {
  readonly options: ResolvedKafkaBusOptions;
  readonly kafka: Kafka;
  private producer?: Promise<Producer>;
  private closed = false;

  constructor(options: KafkaBusOptions) {
    this.options = resolveKafkaOptions(options);
    this.kafka = new Kafka({
      clientId: this.options.clientId,
      brokers: this.options.brokers,
      connectionTimeout: 3_000,
      retry: { initialRetryTime: 200, retries: 5 },
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log: entry }) => {
          const { message, ...rest } = entry;
          const method = level <= logLevel.ERROR ? 'error' : level === logLevel.WARN ? 'warn' : 'debug';
          log[method]({ kafkajs: rest }, message);
        },
      ...this.options.kafka,
    });
  }

  private connectedProducer(): Promise<Producer> {
    if (this.closed) return Promise.reject(new BusError('UNAVAILABLE', 'the bus is closed'));
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        allowAutoTopicCreation: true,
        // The idempotent producer needs a real controller (the mock cluster has none); the bus is
        // at-least-once anyway, and handlers are idempotent (handleOnce).
        idempotent: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })().catch((err) => {
      this.producer = undefined;
      throw err;
    });
    return this.producer;
  }

  /** Refuses a message over the size limit with a clear error, before it reaches Kafka. */
  checkSize(topic: string, value: Uint8Array): void {
    const max = this.options.maxMessageBytes;
    if (value.byteLength > max) {
      throw new BusError(
        'RESOURCE_EXHAUSTED',
        `a message of ${value.byteLength} bytes on ${topic} is over the bus limit of ${max} bytes; ` +
          'send large results by request or in pages',
        { reason: 'messageTooLarge' },
      );
    }
  }

  /** Produces one message (acknowledged by all in-sync replicas). */
  async send(
    topic: string,
    value: Uint8Array,
    opts: { key?: string; headers?: IHeaders } = {},
  ): Promise<void> {
    this.checkSize(topic, value);
    const producer = await this.connectedProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: [
        {
          key: opts.key ?? null,
          value: Buffer.from(value.buffer, value.byteOffset, value.byteLength),
          headers: opts.headers,
        },
      ],
    });
  }

  consumer(config: ConsumerConfig): Consumer {
    return this.kafka.consumer({
      sessionTimeout: this.options.sessionTimeoutMs,
      heartbeatInterval: Math.max(100, Math.floor(this.options.sessionTimeoutMs / 10)),
      allowAutoTopicCreation: true,
      maxWaitTimeInMs: this.options.maxWaitTimeMs,
      retry: this.options.kafka?.retry ?? { initialRetryTime: 200, retries: 5 },
      ...config,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const producer = await this.producer?.catch(() => undefined);
    this.producer = undefined;
    await producer?.disconnect();
  }
}
