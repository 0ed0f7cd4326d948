import type { KafkaConfig } from 'kafkajs';

/** How the Kafka transport connects and behaves; only `brokers` and `clientId` are required. */
export interface KafkaBusOptions {
  /** Bootstrap brokers, `host:port`. */
  brokers: string[];
  /** The client id every connection announces (KAFKA_CLIENT_ID); also prefixes reply topics. */
  clientId: string;
  /** Largest encoded message the bus accepts, in bytes; default 900 000 (Kafka refuses over 1 MB). */
  maxMessageBytes?: number;
  /** How long a request waits for its reply before failing with DEADLINE_EXCEEDED; default 30 s. */
  requestTimeoutMs?: number;
  /** Deliveries of an event to a group's handler before it is parked on `<topic>.dlq`; default 5. */
  maxDeliveries?: number;
  /** First redelivery delay, doubled each time; default 200 ms. */
  retryBaseMs?: number;
  /** Consumer group session timeout: how soon a crashed member's partitions move on; default 10 s. */
  sessionTimeoutMs?: number;
  /** Partitions a consumer works on at once (each partition stays in order); default 4. */
  partitionsConsumedConcurrently?: number;
  /** Longest a fetch waits on an idle partition (Kafka answers at once when data comes); default 500 ms. */
  maxWaitTimeMs?: number;
  /** How long close() waits for in-flight handlers before leaving anyway; default 25 s. */
  drainTimeoutMs?: number;
  /** Anything else for kafkajs (TLS, SASL, socket factory), merged over the defaults. */
  kafka?: Partial<KafkaConfig>;
}

export type ResolvedKafkaBusOptions = Required<Omit<KafkaBusOptions, 'kafka'>> &
  Pick<KafkaBusOptions, 'kafka'>;

export function resolveKafkaOptions(options: KafkaBusOptions): ResolvedKafkaBusOptions {
  return {
    maxMessageBytes: 900_000,
    requestTimeoutMs: 30_000,
    maxDeliveries: 5,
    retryBaseMs: 200,
    sessionTimeoutMs: 10_000,
    partitionsConsumedConcurrently: 4,
    drainTimeoutMs: 25_000,
    maxWaitTimeMs: 500,
    ...options,
  };
}
