import type { DescMessage, DescMethod } from '@bufbuild/protobuf';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import { eventTopic, methodPattern } from '@shelfscan/contracts';

/** Marks the handler of an RPC method of the contracts: `@RpcHandler(AuthService.method.register)`. */
export const RpcHandler = (method: DescMethod) => MessagePattern(methodPattern(method));

/** Marks a handler of an event of the contracts: `@EventHandler(UserRegisteredSchema)`. */
export const EventHandler = (event: DescMessage) => EventPattern(eventTopic(event));
