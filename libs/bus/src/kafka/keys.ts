import { fromBinary, type DescMessage } from '@bufbuild/protobuf';
import { findEvent, findMethod, type Envelope } from '@shelfscan/contracts';

/**
 * Ordering keys, in order of preference: a message about a scan is keyed by its scan id (all of a
 * scan's events land on one partition, in order), otherwise one about a user by the user id.
 * A message with neither has no key and is spread over the partitions.
 */
const KEY_FIELDS = ['scan_id', 'user_id'] as const;

/** The Kafka message key of an envelope, read from its payload through the contract. */
export function messageKey(envelope: Envelope): string | undefined {
  const schema: DescMessage | undefined = findMethod(envelope.type)?.input ?? findEvent(envelope.type);
  if (!schema) return undefined;
  const fields = KEY_FIELDS.map((name) => schema.fields.find((f) => f.name === name)).filter(
    (f) => f !== undefined && f.fieldKind === 'scalar',
  );
  if (!fields.length) return undefined;
  const message = fromBinary(schema, envelope.payload) as unknown as Record<string, unknown>;
  for (const field of fields) {
    const value = message[field!.localName];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}
