import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { authEventsV1, authV1 } from '@shelfscan/contracts';
import { runWithRequestId, currentRequestId } from '@shelfscan/observability';
import {
  BusClient,
  BusContext,
  BusError,
  BusExceptionFilter,
  BusTransports,
  EventHandler,
  RpcHandler,
  codec,
} from '../src/index.js';

const seen: { email: string; requestId?: string; messageId: string }[] = [];
let failNext = 0;

@Controller()
class AuthLikeHandlers {
  @RpcHandler(authV1.AuthService.method.checkActivation)
  check(@Payload() req: authV1.CheckActivationRequest) {
    if (req.email === 'boom@example.com')
      throw new BusError('NOT_FOUND', 'no such user', { reason: 'userNotFound' });
    if (req.email === 'crash@example.com') throw new Error('database on fire');
    if (req.email === 'declined@example.com')
      throw new BusError('FAILED_PRECONDITION', 'paymentFailed', {
        reason: 'paymentFailed',
        detail: 'Insufficient funds',
      });
    if (req.email === 'slow@example.com') {
      throw new BusError('RESOURCE_EXHAUSTED', 'too many', {
        reason: 'tooManyRequests',
        retryAfterSeconds: 42,
      });
    }
    return { activated: req.email.endsWith('@active.example') };
  }

  @EventHandler(authEventsV1.UserRegisteredSchema)
  onRegistered(@Payload() evt: authEventsV1.UserRegistered, @Ctx() ctx: BusContext) {
    if (failNext > 0) {
      failNext--;
      throw new Error('transient failure');
    }
    seen.push({ email: evt.email, requestId: currentRequestId(), messageId: ctx.messageId });
  }
}

@Module({ controllers: [AuthLikeHandlers] })
class HandlersModule {}

describe('bus over the in-process transport', () => {
  let transports: BusTransports;
  let service: INestMicroservice;
  let bus: BusClient;

  beforeAll(async () => {
    transports = new BusTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' });
    service = await NestFactory.createMicroservice(HandlersModule, {
      strategy: transports.server('auth'),
      logger: false,
    });
    service.useGlobalFilters(new BusExceptionFilter());
    await service.listen();
    bus = new BusClient(transports.client());
  });
  afterAll(async () => {
    await service.close();
    await transports.close();
  });
  beforeEach(() => {
    seen.length = 0;
    failNext = 0;
  });

  it('answers typed requests through the contracts', async () => {
    await expect(
      bus.request(authV1.AuthService.method.checkActivation, { email: 'a@active.example' }),
    ).resolves.toMatchObject({
      activated: true,
    });
    const r = await bus.request(authV1.AuthService.method.checkActivation, { email: 'a@b.example' });
    expect(r.activated).toBe(false);
  });

  it('returns domain errors with code and reason, and hides unexpected ones', async () => {
    await expect(
      bus.request(authV1.AuthService.method.checkActivation, { email: 'boom@example.com' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      reason: 'userNotFound',
      message: 'no such user',
    });
    await expect(
      bus.request(authV1.AuthService.method.checkActivation, { email: 'crash@example.com' }),
    ).rejects.toMatchObject({
      code: 'INTERNAL',
      reason: 'systemError',
      message: 'systemError',
    });
  });

  it('carries the wait of a rate limit back to the caller', async () => {
    const err = await bus
      .request(authV1.AuthService.method.checkActivation, { email: 'slow@example.com' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(BusError);
    expect(err.options).toMatchObject({ reason: 'tooManyRequests', retryAfterSeconds: 42 });
  });

  it("carries the detail that fills the message key's {{detail}} back to the caller", async () => {
    const err = await bus
      .request(authV1.AuthService.method.checkActivation, { email: 'declined@example.com' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(BusError);
    expect([err.message, err.reason, err.options.detail]).toEqual([
      'paymentFailed',
      'paymentFailed',
      'Insufficient funds',
    ]);
  });

  it('fails fast when no service answers a pattern', async () => {
    await expect(bus.request(authV1.AuthService.method.getSigningKeys, {})).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('delivers events asynchronously with the request id, and redelivers after a failure', async () => {
    failNext = 2;
    await runWithRequestId('req-42', () => {
      const { topic, bytes } = codec.eventOf(authEventsV1.UserRegisteredSchema, {
        email: 'x@y.example',
        userId: 'u1',
      });
      return bus.transport.publishEncoded(topic, bytes);
    });
    expect(seen).toHaveLength(0); // accepted, not yet handled: never a direct call
    await transports['broker']!.drain();
    expect(seen).toEqual([{ email: 'x@y.example', requestId: 'req-42', messageId: expect.any(String) }]);
  });

  it('encodes every message: a payload not matching the contract is refused', () => {
    expect(() => codec.request('shelfscan.auth.v1.AuthService.Nope', {})).toThrow(/no contract/);
  });
});
