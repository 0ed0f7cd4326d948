import type { CustomTransportStrategy } from '@nestjs/microservices';
import { MemoryBroker } from './memory/broker.js';
import { MemoryTransportClient } from './memory/memory.client.js';
import { MemoryTransportServer } from './memory/memory.server.js';
import type { BusTransportClient } from './transport.js';

export interface BusSettings {
  BUS: 'memory' | 'kafka';
  KAFKA_BROKERS?: string[];
  KAFKA_CLIENT_ID: string;
}

/**
 * The single place that knows which transport runs: services and the gateway only ever see a
 * Nest transport strategy (for their handlers) and a BusTransportClient (for BusClient).
 */
export class BusTransports {
  private broker?: MemoryBroker;

  constructor(private readonly settings: BusSettings) {
    if (settings.BUS === 'kafka') {
      throw new Error(
        'BUS=kafka: the Kafka transport is not in this build yet; run with BUS=memory (the embedded mode)',
      );
    }
  }

  private memory(): MemoryBroker {
    return (this.broker ??= new MemoryBroker());
  }

  /** The transport strategy a service's handlers listen on; `group` is the service name. */
  server(group: string): CustomTransportStrategy {
    return new MemoryTransportServer(this.memory(), group);
  }

  client(): BusTransportClient {
    return new MemoryTransportClient(this.memory());
  }

  /** Waits for in-flight messages, then stops accepting new ones. */
  async close(): Promise<void> {
    await this.broker?.close();
  }
}
