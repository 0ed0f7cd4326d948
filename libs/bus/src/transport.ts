import type { ClientProxy } from '@nestjs/microservices';

/** What the outbox relay needs of a transport client: publish an already encoded envelope. */
export interface BusTransportClient extends ClientProxy {
  publishEncoded(topic: string, envelope: Uint8Array): Promise<void>;
}
