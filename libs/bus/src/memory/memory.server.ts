import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { busMessages, runWithRequestId } from '@shelfscan/observability';
import { lastValueFrom, isObservable } from 'rxjs';
import { codec } from '../codec.js';
import { BusContext } from '../context.js';
import { runAsCaller } from '../caller.js';
import { handlerSpan } from '../tracing.js';
import type { BusTrust } from '../trust.js';
import type { MemoryBroker } from './broker.js';

/**
 * The Nest transport strategy of the embedded mode: a service's @MessagePattern and @EventPattern
 * handlers answer through the in-process broker, decoding and encoding every message through
 * the contracts exactly as the Kafka transport does.
 */
export class MemoryTransportServer extends Server implements CustomTransportStrategy {
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    private readonly broker: MemoryBroker,
    /** The consumer group: one per service, as with Kafka. */
    private readonly group: string,
    private readonly trust: BusTrust,
  ) {
    super();
  }

  listen(callback: () => void): void {
    for (const [pattern, handler] of this.messageHandlers) {
      if (handler.isEventHandler) {
        this.unsubscribes.push(
          this.broker.subscribe(pattern, this.group, (bytes) => this.onEvent(pattern, bytes)),
        );
      } else {
        this.unsubscribes.push(this.broker.answer(pattern, (bytes) => this.onRequest(pattern, bytes)));
      }
    }
    callback();
  }

  private async onRequest(pattern: string, bytes: Uint8Array): Promise<Uint8Array> {
    const { envelope, message } = codec.decode(bytes);
    const span = handlerSpan('request', pattern, envelope, this.group, 'memory');
    return span.run(() =>
      runWithRequestId(envelope.requestId, async () => {
        const handler = this.messageHandlers.get(pattern)!;
        try {
          // the caller comes from the verified assertion, never from the payload
          const accepted = await this.trust.acceptRequest(pattern, envelope, message);
          const value = await runAsCaller(
            accepted.caller,
            async () => {
              const result = await handler(message, new BusContext([envelope]));
              return isObservable(result) ? lastValueFrom(result) : result;
            },
            accepted.assertion,
          );
          busMessages.inc({ kind: 'request', type: pattern, outcome: 'ok' });
          span.end();
          return codec.reply(pattern, { value });
        } catch (error) {
          busMessages.inc({ kind: 'request', type: pattern, outcome: 'error' });
          span.end({ error });
          if (!(error instanceof Error && error.name === 'BusError')) {
            this.logger.error(
              `handler of ${pattern} failed: ${error instanceof Error ? error.stack : String(error)}`,
            );
          }
          return codec.reply(pattern, { error });
        }
      }),
    );
  }

  private async onEvent(topic: string, bytes: Uint8Array): Promise<void> {
    const { envelope, message } = codec.decode(bytes);
    const span = handlerSpan('event', topic, envelope, this.group, 'memory');
    await span.run(() =>
      runWithRequestId(envelope.requestId, async () => {
        const handler = this.messageHandlers.get(topic)!;
        try {
          // an event is no one's request: what its handler sends carries no caller
          await runAsCaller(undefined, async () => {
            const result = await handler(message, new BusContext([envelope]));
            if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
          });
          busMessages.inc({ kind: 'event', type: topic, outcome: 'ok' });
          span.end();
        } catch (error) {
          busMessages.inc({ kind: 'event', type: topic, outcome: 'error' });
          span.end({ error });
          throw error;
        }
      }),
    );
  }

  close(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }

  on(): void {
    // the in-process broker emits no transport events
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}
