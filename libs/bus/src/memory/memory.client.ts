import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { codec } from '../codec.js';
import { requestSpan } from '../tracing.js';
import type { BusTransportClient } from '../transport.js';
import type { BusTrust } from '../trust.js';
import type { MemoryBroker } from './broker.js';

/** The Nest client of the embedded mode: requests and events through the in-process broker. */
export class MemoryTransportClient extends ClientProxy implements BusTransportClient {
  constructor(
    private readonly broker: MemoryBroker,
    private readonly trust: BusTrust,
  ) {
    super();
  }

  async connect(): Promise<void> {}

  close(): void {}

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern);
    let cancelled = false;
    const span = requestSpan(pattern, 'memory');
    (async () => {
      try {
        const request = await span.run(() => this.trust.encodeRequest(pattern, packet.data));
        const reply = await this.broker.request(pattern, request);
        const response = codec.decodeReply(pattern, reply);
        span.end();
        if (!cancelled) callback({ response, isDisposed: true });
      } catch (err) {
        span.end({ error: err });
        if (!cancelled) callback({ err, isDisposed: true });
      }
    })();
    return () => {
      cancelled = true;
      span.end();
    };
  }

  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    const topic = this.normalizePattern(packet.pattern);
    await this.broker.publish(topic, codec.event(topic, packet.data));
    return undefined as T;
  }

  async publishEncoded(topic: string, envelope: Uint8Array): Promise<void> {
    await this.broker.publish(topic, envelope);
  }
}
