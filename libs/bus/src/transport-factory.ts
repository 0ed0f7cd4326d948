import type { CustomTransportStrategy } from '@nestjs/microservices';
import { ConfigError } from '@shelfscan/config';
import { KafkaConnection } from './kafka/connection.js';
import { KafkaTransportClient } from './kafka/kafka.client.js';
import { KafkaTransportServer } from './kafka/kafka.server.js';
import type { KafkaBusOptions } from './kafka/options.js';
import { kafkaSecurityFromEnv, type KafkaSecuritySettings } from './kafka/security.js';
import { MemoryBroker } from './memory/broker.js';
import { MemoryTransportClient } from './memory/memory.client.js';
import { MemoryTransportServer } from './memory/memory.server.js';
import type { BusTransportClient } from './transport.js';
import { BusTrust, type BusTrustSettings } from './trust.js';

export interface BusSettings extends KafkaSecuritySettings, BusTrustSettings {
  BUS: 'memory' | 'kafka';
  KAFKA_BROKERS?: string[];
  KAFKA_CLIENT_ID: string;
}

/**
 * The single place that knows which transport runs: services and the gateway only ever see a
 * Nest transport strategy (for their handlers) and a BusTransportClient (for BusClient).
 * `BUS=memory`: the in-process broker of the embedded mode. `BUS=kafka`: Kafka at KAFKA_BROKERS
 * (one connection and one producer per process; one reply topic per process), with TLS and SASL
 * as KAFKA_SSL* and KAFKA_SASL_* say (kafkaSecurityFromEnv). Both go through one BusTrust (the
 * identity assertions and sealed secrets of BUS_IDENTITY_* and AUTH_SEALING_*: see trust.ts).
 */
export class BusTransports {
  private broker?: MemoryBroker;
  private readonly kafka?: KafkaConnection;
  private kafkaClient?: KafkaTransportClient;
  private readonly kafkaServers: KafkaTransportServer[] = [];
  /** The keys of this process's side of the trust boundary (made in-process with BUS=memory). */
  readonly trust: BusTrust;

  constructor(
    private readonly settings: BusSettings,
    /**
     * Tuning of the Kafka transport (timeouts, retries, size limit); brokers, TLS and SASL come from
     * the settings (a `kafka.ssl` or `kafka.sasl` given here wins over them).
     */
    kafkaOptions: Partial<KafkaBusOptions> = {},
  ) {
    this.trust = new BusTrust(settings);
    if (settings.BUS === 'kafka') {
      if (!settings.KAFKA_BROKERS?.length) {
        throw new ConfigError([
          {
            variable: 'KAFKA_BROKERS',
            expected: 'a comma-separated host:port list (required when BUS=kafka)',
          },
        ]);
      }
      this.kafka = new KafkaConnection({
        ...kafkaOptions,
        brokers: settings.KAFKA_BROKERS,
        clientId: settings.KAFKA_CLIENT_ID,
        kafka: { ...kafkaSecurityFromEnv(settings), ...kafkaOptions.kafka },
      });
    }
  }

  private memory(): MemoryBroker {
    return (this.broker ??= new MemoryBroker());
  }

  /** The transport strategy a service's handlers listen on; `group` is the service name. */
  server(group: string): CustomTransportStrategy {
    if (this.kafka) {
      this.trust.requireServerKeys(group);
      const server = new KafkaTransportServer(this.kafka, group, this.trust);
      this.kafkaServers.push(server);
      return server;
    }
    return new MemoryTransportServer(this.memory(), group, this.trust);
  }

  /** The client of this process (with Kafka, one shared client and reply topic per process). */
  client(): BusTransportClient {
    if (this.kafka) return (this.kafkaClient ??= new KafkaTransportClient(this.kafka, this.trust));
    return new MemoryTransportClient(this.memory(), this.trust);
  }

  /**
   * Connects this process's client now (with Kafka: the producer, and the reply consumer joining
   * its group, which `/readyz` then follows) instead of at the first request.
   */
  async connect(): Promise<void> {
    if (this.kafka) await this.client().connect();
  }

  /** Waits for in-flight messages, then stops accepting new ones. */
  async close(): Promise<void> {
    await this.broker?.close();
    if (this.kafka) {
      // servers first: draining handlers may still answer requests and park messages
      await Promise.all(this.kafkaServers.splice(0).map((s) => s.close()));
      await this.kafkaClient?.close();
      await this.kafka.close();
    }
  }
}
