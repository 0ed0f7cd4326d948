import 'reflect-metadata';
import path from 'node:path';
import ts from 'typescript';
import { Controller, Injectable, Module, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { Payload } from '@nestjs/microservices';
import { authEventsV1, authV1 } from '@shelfscan/contracts';
import {
  BusClient,
  BusError,
  BusExceptionFilter,
  BusTransports,
  RpcHandler,
  busHandlers,
  codec,
} from '../src/index.js';
import { refused } from './handlers.type-checks.js';

const { AuthService } = authV1;

/** A provider the table injects: what the handlers delegate to. */
@Injectable()
class Accounts {
  readonly registered: { email: string; messageId: string }[] = [];
  readonly reset: string[] = [];
  activated(email: string): boolean {
    if (email === 'boom@example.com')
      throw new BusError('NOT_FOUND', 'no such user', { reason: 'userNotFound' });
    if (email === 'crash@example.com') throw new Error('database on fire');
    return email.endsWith('@active.example');
  }
}

const AccountsHandlers = busHandlers({ accounts: Accounts }, (on) => [
  on.rpc(AuthService, {
    checkActivation: (req, { accounts }) => ({ activated: accounts.activated(req.email) }),
    requestPasswordReset: async (req, { accounts }) => {
      accounts.reset.push(req.email);
    },
    getSigningKeys: () => ({ publicKeysPem: ['pem'] }),
  }),
  on.event(authEventsV1.UserRegisteredSchema, (evt, { accounts }, ctx) => {
    accounts.registered.push({ email: evt.email, messageId: ctx.messageId });
  }),
]);

/** The same handler written by hand, as services did before tables. */
@Controller()
class HandWritten {
  @RpcHandler(AuthService.method.checkActivation)
  checkActivation(@Payload() req: authV1.CheckActivationRequest) {
    return { activated: !!req.email };
  }
}

/** The patterns Nest reads off a controller class, as its transports subscribe them. */
function patternsOf(controller: Type): string[] {
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor')
    .flatMap((name) => (Reflect.getMetadata(PATTERN_METADATA, proto[name] as object) as string[]) ?? []);
}

describe('busHandlers: a service’s bus handlers as a typed table', () => {
  let transports: BusTransports;
  let service: INestMicroservice;
  let bus: BusClient;
  let accounts: Accounts;

  beforeAll(async () => {
    @Module({ providers: [Accounts], controllers: [AccountsHandlers] })
    class AccountsModule {}
    transports = new BusTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' });
    service = await NestFactory.createMicroservice(AccountsModule, {
      strategy: transports.server('auth'),
      logger: false,
    });
    service.useGlobalFilters(new BusExceptionFilter());
    await service.listen();
    bus = new BusClient(transports.client());
    accounts = service.get(Accounts);
  });
  afterAll(async () => {
    await service.close();
    await transports.close();
  });

  it('registers the patterns a hand-written @RpcHandler/@EventHandler controller registers', () => {
    expect(patternsOf(HandWritten)).toEqual(['shelfscan.auth.v1.AuthService.CheckActivation']);
    expect(patternsOf(AccountsHandlers).sort()).toEqual([
      'shelfscan.auth.v1.AuthService.CheckActivation',
      'shelfscan.auth.v1.AuthService.GetSigningKeys',
      'shelfscan.auth.v1.AuthService.RequestPasswordReset',
      'shelfscan.auth.v1.UserRegistered',
    ]);
  });

  it('answers each method with the injected providers', async () => {
    await expect(
      bus.request(AuthService.method.checkActivation, { email: 'a@active.example' }),
    ).resolves.toMatchObject({ activated: true });
    await expect(bus.request(AuthService.method.getSigningKeys, {})).resolves.toMatchObject({
      publicKeysPem: ['pem'],
    });
  });

  it('answers a method whose reply has no fields when its handler returns nothing', async () => {
    await expect(
      bus.request(AuthService.method.requestPasswordReset, { email: 'r@example.com' }),
    ).resolves.toMatchObject({ $typeName: 'shelfscan.auth.v1.RequestPasswordResetResponse' });
    expect(accounts.reset).toEqual(['r@example.com']);
  });

  it('maps errors as the decorators do: a BusError as thrown, anything else as systemError', async () => {
    await expect(
      bus.request(AuthService.method.checkActivation, { email: 'boom@example.com' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', reason: 'userNotFound', message: 'no such user' });
    await expect(
      bus.request(AuthService.method.checkActivation, { email: 'crash@example.com' }),
    ).rejects.toMatchObject({ code: 'INTERNAL', reason: 'systemError' });
  });

  it('hands an event its decoded message and BusContext', async () => {
    const { topic, bytes } = codec.eventOf(
      authEventsV1.UserRegisteredSchema,
      { email: 'x@y.example', userId: 'u1' },
      'message-1',
    );
    await bus.transport.publishEncoded(topic, bytes);
    await transports['broker']!.drain();
    expect(accounts.registered).toEqual([{ email: 'x@y.example', messageId: 'message-1' }]);
  });

  it('refuses a table naming a method the service does not have, or a pattern twice', () => {
    expect(() => busHandlers({}, (on) => [on.rpc(AuthService, { nope: () => ({}) } as never)])).toThrow(
      'shelfscan.auth.v1.AuthService has no method nope',
    );
    expect(() =>
      busHandlers({}, (on) => [
        on.event(authEventsV1.UserRegisteredSchema, () => undefined),
        on.event(authEventsV1.UserRegisteredSchema, () => undefined),
      ]),
    ).toThrow('two handlers of shelfscan.auth.v1.UserRegistered');
  });

  it('checks each handler against the contract: the request, the reply, the method, the providers', () => {
    expect(refused).toBeInstanceOf(Function); // compiles (below) and loads
    const root = path.join(__dirname, '../../..');
    const fixture = path.join(__dirname, 'handlers.type-checks.ts');
    const program = ts.createProgram([fixture], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      experimentalDecorators: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      paths: {
        '@shelfscan/contracts': [path.join(root, 'proto/src/index.ts')],
        '@shelfscan/*': [path.join(root, 'libs/*/src/index.ts')],
      },
    });
    const errors = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(fixture))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]); // every @ts-expect-error line failed, as it must
  }, 60_000);
});
