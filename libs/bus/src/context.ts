import { BaseRpcContext } from '@nestjs/microservices';
import type { Envelope } from '@shelfscan/contracts';

/** What a handler knows of the message besides its payload: id (for idempotency), request id, time. */
export class BusContext extends BaseRpcContext<[Envelope]> {
  get envelope(): Envelope {
    return this.args[0];
  }
  get messageId(): string {
    return this.args[0].id;
  }
  get requestId(): string {
    return this.args[0].requestId;
  }
}
