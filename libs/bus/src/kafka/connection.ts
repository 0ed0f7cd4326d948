import {
  Kafka,
  Partitioners,
  logLevel,
  type Consumer,
  type ConsumerConfig,
  type ConsumerRunConfig,
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

/** What a GroupConsumer reads and how. */
export interface GroupConsumerSpec {
  groupId: string;
  topics: string[];
  /** The `/readyz` check that follows this consumer's membership. */
  healthName: string;
  run: Pick<ConsumerRunConfig, 'eachMessage' | 'partitionsConsumedConcurrently'>;
}

/**
 * One consumer group member, kept running. kafkajs restarts a consumer by itself only after
 * retriable errors; after any other crash (a broker's protocol error during a rebalance, seen on
 * the mock cluster) its consumer stays stopped and the process would silently stop consuming.
 * Here a fresh consumer takes its place, with backoff (1 s doubling to 30 s).
 *
 * `/readyz` (check `healthName`) is ok once the member has joined its group, and only while the
 * group coordinator keeps accepting its heartbeats (within the session timeout): a consumer cut
 * off from Kafka stops being ready before the group drops it.
 */
export class GroupConsumer {
  /** The partitions this member holds, by topic, as of its last join. */
  assignment: Record<string, number[]> = {};
  private consumer?: Consumer;
  private joined = false;
  private lastHeard = 0;
  private stopped = false;
  private restarts = 0;
  private restartTimer?: NodeJS.Timeout;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly spec: GroupConsumerSpec,
  ) {}

  /** The running kafkajs consumer (for tests and tools). */
  get current(): Consumer | undefined {
    return this.consumer;
  }

  /** Joins the group and starts consuming; a failure of this first start is thrown. */
  async start(): Promise<void> {
    health.register(this.spec.healthName, () => this.check());
    await this.runConsumer();
  }

  private async runConsumer(): Promise<void> {
    const consumer = this.connection.consumer({ groupId: this.spec.groupId });
    this.consumer = consumer;
    const { GROUP_JOIN, HEARTBEAT, CRASH, STOP, DISCONNECT } = consumer.events;
    consumer.on(GROUP_JOIN, ({ payload }) => {
      this.assignment = payload.memberAssignment;
      this.joined = true;
      this.lastHeard = Date.now();
      this.restarts = 0;
    });
    consumer.on(HEARTBEAT, () => void (this.lastHeard = Date.now()));
    consumer.on(STOP, () => void (this.joined = false));
    consumer.on(DISCONNECT, () => void (this.joined = false));
    consumer.on(CRASH, ({ payload }) => {
      // out of the group until it joins again; kafkajs restarts it, or we replace it
      this.joined = false;
      if (!payload.restart && consumer === this.consumer) this.replaceLater(payload.error);
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: this.spec.topics, fromBeginning: true });
      await consumer.run(this.spec.run);
    } catch (err) {
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
  }

  private replaceLater(error: unknown): void {
    if (this.stopped) return;
    const delayMs = Math.min(30_000, 1_000 * 2 ** this.restarts++);
    log.error(
      { group: this.spec.groupId, delayMs, err: error instanceof Error ? error.message : String(error) },
      'consumer stopped for good after an error; a new one joins the group',
    );
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.stopped) return;
      this.runConsumer().catch((err: unknown) => this.replaceLater(err));
    }, delayMs);
  }

  private async check(): Promise<void> {
    if (!this.joined) throw new Error(`not (yet) in consumer group ${this.spec.groupId}`);
    const silentMs = Date.now() - this.lastHeard;
    if (silentMs > this.connection.options.sessionTimeoutMs) {
      throw new Error(`no heartbeat accepted by consumer group ${this.spec.groupId} for ${silentMs} ms`);
    }
  }

  /**
   * Stops fetching and leaves the group; kafkajs waits for the handlers running and commits their
   * offsets. No longer a readiness check.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    health.unregister(this.spec.healthName);
    this.assignment = {};
    await this.consumer?.disconnect();
  }
}
