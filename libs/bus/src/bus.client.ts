import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import { methodPattern } from '@shelfscan/contracts';
import { firstValueFrom } from 'rxjs';
import type { BusTransportClient } from './transport.js';

/**
 * The one way code sends a request over the bus, typed by the contract:
 * `await bus.request(AuthService.method.register, { email, ... })`.
 * Events are not sent from here: they leave through the outbox (OutboxWriter), in the same
 * transaction as the change they announce.
 */
export class BusClient {
  constructor(readonly transport: BusTransportClient) {}

  request<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O>,
    input: MessageInitShape<I>,
  ): Promise<MessageShape<O>> {
    return firstValueFrom(this.transport.send<MessageShape<O>>(methodPattern(method), input));
  }
}
