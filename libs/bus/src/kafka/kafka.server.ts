import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { Envelope } from '@shelfscan/contracts';
import { busMessages, createLogger, currentTraceCarrier, runWithRequestId } from '@shelfscan/observability';
import type { EachMessagePayload, IHeaders } from 'kafkajs';
import { isObservable, lastValueFrom } from 'rxjs';
import { codec } from '../codec.js';
import { BusContext } from '../context.js';
import { GroupConsumer, type KafkaConnection } from './connection.js';
import { runAsCaller } from '../caller.js';
import { handlerSpan } from '../tracing.js';
import type { BusTrust } from '../trust.js';
import { KafkaHeaders, header } from './headers.js';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The Nest transport strategy of the cluster mode. One consumer group per service (`group`):
 * replicas share the partitions, and every service sees every event. Requests are answered on the
 * asker's reply topic; a failing event handler is retried with backoff, then the message is parked
 * on `<topic>.dlq` with the error and the partition moves on. close() stops fetching, lets the
 * handlers in flight finish, commits their offsets and leaves the group.
 */
export class KafkaTransportServer extends Server implements CustomTransportStrategy {
  private consumer?: GroupConsumer;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly log;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly group: string,
    private readonly trust: BusTrust,
  ) {
    super();
    this.log = createLogger('bus', { transport: 'kafka', group });
  }

  listen(callback: (err?: unknown) => void): void {
    this.start().then(
      () => callback(),
      (err) => callback(err),
    );
  }

  private async start(): Promise<void> {
    const topics = [...this.messageHandlers.keys()];
    if (!topics.length) return;
    // /readyz: ready once this service's consumer has joined its group, while it keeps beating
    this.consumer = new GroupConsumer(this.connection, {
      groupId: this.group,
      topics,
      healthName: `bus:${this.group}`,
      run: {
        partitionsConsumedConcurrently: this.connection.options.partitionsConsumedConcurrently,
        eachMessage: (payload) => this.track(this.onMessage(payload)),
      },
    });
    await this.consumer.start();
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    const done = () => this.inFlight.delete(p);
    p.then(done, done);
    return p;
  }

  private async onMessage(payload: EachMessagePayload): Promise<void> {
    const { topic, message } = payload;
    const handler = this.messageHandlers.get(topic);
    let decoded: { envelope: Envelope; message: unknown };
    try {
      if (!handler || !message.value) throw new Error(`no handler or no value for ${topic}`);
      decoded = codec.decode(new Uint8Array(message.value));
    } catch (err) {
      // A message that cannot even be decoded is poison: park it at once.
      await this.deadLetter(payload, err, 1);
      return;
    }
    // A slow handler keeps its membership: heartbeats go on while it runs (kafkajs throttles them).
    const beat = setInterval(
      () => void payload.heartbeat().catch(() => undefined),
      Math.max(100, Math.floor(this.connection.options.sessionTimeoutMs / 3)),
    );
    const kind = handler.isEventHandler ? 'event' : 'request';
    const span = handlerSpan(kind, topic, decoded.envelope, this.group, 'kafka', message.headers);
    try {
      const failed = await span.run(() =>
        runWithRequestId(decoded.envelope.requestId, () =>
          kind === 'event'
            ? this.onEvent(payload, decoded.envelope, decoded.message)
            : this.onRequest(payload, decoded.envelope, decoded.message),
        ),
      );
      span.end({ failed });
    } catch (error) {
      span.end({ error });
      throw error;
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Runs the handler: a request once BusTrust accepted it, as the caller its verified assertion
   * names (never the payload's); an event as no one.
   */
  private async invoke(
    topic: string,
    envelope: Envelope,
    message: unknown,
    request = false,
  ): Promise<unknown> {
    const accepted = request ? await this.trust.acceptRequest(topic, envelope, message) : {};
    return runAsCaller(
      accepted.caller,
      async () => {
        const result = await this.messageHandlers.get(topic)!(message, new BusContext([envelope]));
        return isObservable(result) ? lastValueFrom(result, { defaultValue: undefined }) : result;
      },
      accepted.assertion,
    );
  }

  /** Answers a request on its asker's reply topic; true when the handler failed. */
  private async onRequest(
    payload: EachMessagePayload,
    envelope: Envelope,
    message: unknown,
  ): Promise<boolean> {
    const { topic, message: msg } = payload;
    const replyTo = header(msg.headers, KafkaHeaders.replyTo);
    const correlationId = header(msg.headers, KafkaHeaders.correlationId) ?? envelope.id;
    const deadline = Number(header(msg.headers, KafkaHeaders.deadline));
    if (deadline && Date.now() > deadline) {
      // The asker gave up (timed out, or was down): running the command now would surprise it.
      this.log.warn(
        { topic, id: envelope.id, lateMs: Date.now() - deadline },
        'request past its deadline; skipped',
      );
      busMessages.inc({ kind: 'request', type: topic, outcome: 'expired' });
      return false;
    }
    let reply: Uint8Array;
    let failed = false;
    try {
      reply = codec.reply(topic, { value: await this.invoke(topic, envelope, message, true) });
      busMessages.inc({ kind: 'request', type: topic, outcome: 'ok' });
    } catch (error) {
      busMessages.inc({ kind: 'request', type: topic, outcome: 'error' });
      failed = true;
      if (!(error instanceof Error && error.name === 'BusError')) {
        this.log.error({ topic, err: errorText(error) }, `handler of ${topic} failed`);
      }
      reply = codec.reply(topic, { error });
    }
    if (!replyTo) {
      this.log.warn({ topic, id: envelope.id }, 'request without a reply topic; answer dropped');
      return failed;
    }
    const headers = {
      [KafkaHeaders.correlationId]: correlationId,
      [KafkaHeaders.requestId]: envelope.requestId,
      ...currentTraceCarrier(),
    };
    try {
      this.connection.checkSize(replyTo, reply);
    } catch (tooLarge) {
      reply = codec.reply(topic, { error: tooLarge });
    }
    // A reply that cannot be sent throws: kafkajs retries the request, as it would after a crash.
    await this.connection.send(replyTo, reply, { headers });
    return failed;
  }

  /** Handles an event, retried in place, then parked on the DLQ; true when it ended parked. */
  private async onEvent(payload: EachMessagePayload, envelope: Envelope, message: unknown): Promise<boolean> {
    const { topic, partition, message: msg, heartbeat } = payload;
    const { maxDeliveries, retryBaseMs } = this.connection.options;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.invoke(topic, envelope, message);
        busMessages.inc({ kind: 'event', type: topic, outcome: 'ok' });
        return false;
      } catch (error) {
        busMessages.inc({ kind: 'event', type: topic, outcome: 'error' });
        if (attempt >= maxDeliveries) {
          await this.deadLetter(payload, error, attempt);
          return true;
        }
        const delay = retryBaseMs * 2 ** (attempt - 1);
        this.log.warn(
          { topic, partition, offset: msg.offset, attempt, delay, err: errorText(error) },
          'event handler failed; retrying',
        );
        await new Promise((r) => setTimeout(r, delay));
        await heartbeat().catch(() => undefined);
      }
    }
  }

  /** Parks a message on `<topic>.dlq`, as it came, with the error; its partition then moves on. */
  private async deadLetter(payload: EachMessagePayload, error: unknown, attempts: number): Promise<void> {
    const { topic, partition, message } = payload;
    const dlq = `${topic}.dlq`;
    this.log.error(
      { topic, partition, offset: message.offset, attempts, err: errorText(error) },
      `message parked on ${dlq}`,
    );
    const headers: IHeaders = {
      ...message.headers,
      [KafkaHeaders.error]: errorText(error),
      [KafkaHeaders.attempts]: String(attempts),
      [KafkaHeaders.originalTopic]: topic,
      [KafkaHeaders.originalPartition]: String(partition),
      [KafkaHeaders.originalOffset]: message.offset,
      [KafkaHeaders.group]: this.group,
    };
    await this.connection.send(dlq, new Uint8Array(message.value ?? Buffer.alloc(0)), {
      key: message.key?.toString(),
      headers,
    });
  }

  /** Stops fetching, drains the handlers in flight (bounded), commits and leaves the group. */
  async close(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    if (!consumer) return;
    const drained = (async () => {
      while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.log.warn({ inFlight: this.inFlight.size }, 'drain timed out; leaving the group');
        resolve();
      }, this.connection.options.drainTimeoutMs);
    });
    // stop() stops fetching and waits for the running handlers, whose offsets it commits.
    await Promise.race([Promise.all([drained, consumer.stop()]), timeout]);
    clearTimeout(timer);
  }

  /** The partitions this member holds, by topic, as of its last join of the group. */
  get assignment(): Record<string, number[]> {
    return this.consumer?.assignment ?? {};
  }

  on(): void {
    // transport events are logged through the kafkajs log creator
  }

  unwrap<T>(): T {
    return this.consumer?.current as T;
  }
}
