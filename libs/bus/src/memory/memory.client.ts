import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { codec } from '../codec.js';
import type { BusTransportClient } from '../transport.js';
import type { MemoryBroker } from './broker.js';

/** The Nest client of the embedded mode: requests and events through the in-process broker. */
export class MemoryTransportClient extends ClientProxy implements BusTransportClient {
  constructor(private readonly broker: MemoryBroker) {
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
    (async () => {
      try {
        const reply = await this.broker.request(pattern, codec.request(pattern, packet.data));
        if (!cancelled) callback({ response: codec.decodeReply(pattern, reply), isDisposed: true });
      } catch (err) {
        if (!cancelled) callback({ err, isDisposed: true });
      }
    })();
    return () => {
      cancelled = true;
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
