import type { IHeaders } from 'kafkajs';

/** The Kafka headers of the bus. The envelope carries the same ids; headers let tools see them. */
export const KafkaHeaders = {
  messageId: 'shelfscan-message-id',
  requestId: 'shelfscan-request-id',
  type: 'shelfscan-type',
  replyTo: 'shelfscan-reply-to',
  correlationId: 'shelfscan-correlation-id',
  /** When the asker stops waiting (epoch ms): a request found later is skipped, nobody awaits it. */
  deadline: 'shelfscan-deadline',
  error: 'shelfscan-error',
  attempts: 'shelfscan-attempts',
  originalTopic: 'shelfscan-original-topic',
  originalPartition: 'shelfscan-original-partition',
  originalOffset: 'shelfscan-original-offset',
  group: 'shelfscan-group',
} as const;

export function header(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  if (value === undefined) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}
