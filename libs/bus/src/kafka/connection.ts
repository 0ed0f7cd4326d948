import {
  Kafka,
  Partitioners,
  logLevel,
  type Consumer,
  type ConsumerConfig,
  type IHeaders,
  type Producer,
} from 'kafkajs';
import { createLogger, health } from '@shelfscan/observability';
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
          // a heartbeat answered "rebalancing" is how a group learns of a new member: routine
          const routine = typeof rest.error === 'string' && rest.error.includes('rebalancing');
          const method = routine
            ? 'info'
            : level <= logLevel.ERROR
              ? 'error'
              : level === logLevel.WARN
                ? 'warn'
                : 'debug';
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

  /** Connects the producer now (at start) rather than at the first message. */
  async connectProducer(): Promise<void> {
    await this.connectedProducer();
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

/**
 * A consumer's group membership, as `/readyz` sees it (check `name`): ready once the consumer has
 * joined its group, and only while the group coordinator keeps hearing from it (a heartbeat within
 * the session timeout: a consumer cut off from Kafka stops being ready before the group drops it).
 */
export class GroupMembership {
  /** The partitions this member holds, by topic, as of its last join. */
  assignment: Record<string, number[]> = {};
  private joined = false;
  private lastHeard = 0;

  constructor(
    consumer: Consumer,
    private readonly group: string,
    private readonly sessionTimeoutMs: number,
    readonly name: string,
  ) {
    const { GROUP_JOIN, HEARTBEAT, CRASH, STOP, DISCONNECT } = consumer.events;
    consumer.on(GROUP_JOIN, ({ payload }) => {
      this.assignment = payload.memberAssignment;
      this.joined = true;
      this.lastHeard = Date.now();
    });
    consumer.on(HEARTBEAT, () => void (this.lastHeard = Date.now()));
    // a crashed consumer (restarting or not) is out of its group until it joins again
    consumer.on(CRASH, () => void (this.joined = false));
    consumer.on(STOP, () => void (this.joined = false));
    consumer.on(DISCONNECT, () => void (this.joined = false));
    health.register(name, () => this.check());
  }

  private async check(): Promise<void> {
    if (!this.joined) throw new Error(`not (yet) in consumer group ${this.group}`);
    const silentMs = Date.now() - this.lastHeard;
    if (silentMs > this.sessionTimeoutMs) {
      throw new Error(`no heartbeat accepted by consumer group ${this.group} for ${silentMs} ms`);
    }
  }

  /** No longer a readiness check (the consumer is being closed). */
  release(): void {
    health.unregister(this.name);
    this.assignment = {};
  }
}
