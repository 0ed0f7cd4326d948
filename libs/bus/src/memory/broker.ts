import { createLogger } from '@shelfscan/observability';
import { BusError } from '../errors.js';

type RequestHandler = (bytes: Uint8Array) => Promise<Uint8Array>;
type EventHandler = (bytes: Uint8Array) => Promise<void>;

export interface MemoryBrokerOptions {
  /** Deliveries of one event to one consumer group before it goes to the dead-letter topic. */
  maxDeliveries?: number;
  /** First redelivery delay; doubles each time. */
  redeliveryBaseMs?: number;
  requestTimeoutMs?: number;
}

interface Group {
  members: EventHandler[];
  next: number;
}

/**
 * The in-process broker of the embedded mode. It behaves as a broker would: messages are bytes
 * (copied, never shared objects), delivery is asynchronous, each consumer group gets every event
 * at least once (failed deliveries are retried with backoff, then parked on `<topic>.dlq`), and
 * requests go to one of the servers answering a pattern.
 */
export class MemoryBroker {
  private readonly requestHandlers = new Map<string, RequestHandler[]>();
  private readonly topics = new Map<string, Map<string, Group>>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly log = createLogger('bus');
  readonly deadLetters: { topic: string; bytes: Uint8Array; error: string }[] = [];
  private rr = 0;
  private closed = false;

  constructor(private readonly options: MemoryBrokerOptions = {}) {}

  answer(pattern: string, handler: RequestHandler): () => void {
    const list = this.requestHandlers.get(pattern) ?? [];
    list.push(handler);
    this.requestHandlers.set(pattern, list);
    return () => list.splice(list.indexOf(handler) >>> 0, 1);
  }

  subscribe(topic: string, group: string, handler: EventHandler): () => void {
    const groups = this.topics.get(topic) ?? new Map<string, Group>();
    this.topics.set(topic, groups);
    const g = groups.get(group) ?? { members: [], next: 0 };
    groups.set(group, g);
    g.members.push(handler);
    return () => g.members.splice(g.members.indexOf(handler) >>> 0, 1);
  }

  async request(pattern: string, bytes: Uint8Array): Promise<Uint8Array> {
    if (this.closed) throw new BusError('UNAVAILABLE', 'the bus is closed');
    const handlers = this.requestHandlers.get(pattern);
    if (!handlers?.length) throw new BusError('UNAVAILABLE', `no service answers ${pattern}`);
    const handler = handlers[this.rr++ % handlers.length];
    const copy = Uint8Array.from(bytes);
    const timeoutMs = this.options.requestTimeoutMs ?? 30_000;
    return this.track(
      new Promise<Uint8Array>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new BusError('DEADLINE_EXCEEDED', `no answer to ${pattern} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        setImmediate(() => {
          handler(copy)
            .then((reply) => resolve(Uint8Array.from(reply)), reject)
            .finally(() => clearTimeout(timer));
        });
      }),
    );
  }

  /** Accepts an event (resolves once queued, like a broker's ack) and delivers it to every group. */
  async publish(topic: string, bytes: Uint8Array): Promise<void> {
    if (this.closed) throw new BusError('UNAVAILABLE', 'the bus is closed');
    const groups = this.topics.get(topic);
    if (!groups) return;
    for (const [name, group] of groups) {
      this.track(this.deliver(topic, name, group, Uint8Array.from(bytes), 1));
    }
  }

  private async deliver(topic: string, groupName: string, group: Group, bytes: Uint8Array, attempt: number) {
    await new Promise((r) => setImmediate(r));
    if (!group.members.length) return;
    const handler = group.members[group.next++ % group.members.length];
    try {
      await handler(bytes);
    } catch (err) {
      const max = this.options.maxDeliveries ?? 5;
      const error = err instanceof Error ? err.message : String(err);
      if (attempt >= max || this.closed) {
        this.log.error(
          { topic, group: groupName, attempt, err: error },
          'event parked on the dead-letter topic',
        );
        this.deadLetters.push({ topic: `${topic}.dlq`, bytes, error });
        return;
      }
      const delay = (this.options.redeliveryBaseMs ?? 200) * 2 ** (attempt - 1);
      this.log.warn(
        { topic, group: groupName, attempt, delay, err: error },
        'event handler failed; redelivering',
      );
      await new Promise((r) => setTimeout(r, delay));
      await this.deliver(topic, groupName, group, bytes, attempt + 1);
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    const done = () => this.inFlight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Waits until every accepted message has been handled (or parked). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
  }
}
