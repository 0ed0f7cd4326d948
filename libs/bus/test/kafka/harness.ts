import 'reflect-metadata';
import net from 'node:net';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { authEventsV1, authV1 } from '@shelfscan/contracts';
import { currentRequestId, currentTraceCarrier } from '@shelfscan/observability';
import {
  BusContext,
  BusError,
  BusExceptionFilter,
  BusTransports,
  EventHandler,
  RpcHandler,
  inProcessKeyPair,
} from '../../src/index.js';
import type { KafkaBusOptions, KafkaTransportServer } from '../../src/index.js';

const identity = inProcessKeyPair();
const sealing = inProcessKeyPair();
/** The bus's keys, as the chart's Secrets give each process (here every process gets all four). */
export const busKeys = {
  BUS_IDENTITY_PRIVATE_KEY: identity.privateKeyPem,
  BUS_IDENTITY_PUBLIC_KEY: identity.publicKeyPem,
  AUTH_SEALING_PRIVATE_KEY: sealing.privateKeyPem,
  AUTH_SEALING_PUBLIC_KEY: sealing.publicKeyPem,
};

/** What the test handlers saw; each test resets it. */
export const seen = {
  requests: [] as { email: string; requestId?: string; traceparent?: string; member: string }[],
  events: [] as { email: string; userId: string; member: string; messageId: string }[],
  attempts: new Map<string, number>(),
  /** Set by a test to hold an event handler (by email) until the returned promise resolves. */
  holds: new Map<string, { started: () => void; release: Promise<void>; finished?: () => void }>(),
};

export function resetSeen() {
  seen.requests.length = 0;
  seen.events.length = 0;
  seen.attempts.clear();
  seen.holds.clear();
}

/** Handlers of an auth-like service; `member` names the replica (a Nest provider value). */
function handlersFor(member: string) {
  @Controller()
  class Handlers {
    @RpcHandler(authV1.AuthService.method.checkActivation)
    async check(@Payload() req: authV1.CheckActivationRequest) {
      seen.requests.push({
        email: req.email,
        requestId: currentRequestId(),
        traceparent: currentTraceCarrier().traceparent,
        member,
      });
      if (req.email === 'boom@example.com')
        throw new BusError('NOT_FOUND', 'no such user', { reason: 'userNotFound' });
      if (req.email === 'crash@example.com') throw new Error('database on fire');
      return { activated: req.email.endsWith('@active.example') };
    }

    @RpcHandler(authV1.AuthService.method.authenticate)
    authenticate(@Payload() req: authV1.AuthenticateRequest) {
      seen.requests.push({ email: req.email, member });
      return { token: `seen:${req.password}` };
    }

    @RpcHandler(authV1.AuthService.method.lookupUser)
    lookup(@Payload() req: authV1.LookupUserRequest) {
      seen.requests.push({ email: req.email, member });
      return { account: { email: req.caller?.email ?? '', roles: req.caller?.roles ?? [] } };
    }

    @EventHandler(authEventsV1.UserRegisteredSchema)
    async onRegistered(@Payload() evt: authEventsV1.UserRegistered, @Ctx() ctx: BusContext) {
      seen.attempts.set(evt.email, (seen.attempts.get(evt.email) ?? 0) + 1);
      const hold = seen.holds.get(evt.email);
      if (hold) {
        hold.started();
        await hold.release;
      }
      if (evt.email.startsWith('poison')) throw new Error(`cannot handle ${evt.email}`);
      seen.events.push({ email: evt.email, userId: evt.userId, member, messageId: ctx.messageId });
      hold?.finished?.();
    }
  }
  @Module({ controllers: [Handlers] })
  class HandlersModule {}
  return HandlersModule;
}

export interface Replica {
  transports: BusTransports;
  app: INestMicroservice;
  server: KafkaTransportServer;
  close(): Promise<void>;
}

/** Starts one replica of a service (its own connection, as a separate process would have). */
export async function startReplica(
  brokers: string[],
  group: string,
  member: string,
  options: Partial<KafkaBusOptions> = {},
): Promise<Replica> {
  const transports = new BusTransports(
    { BUS: 'kafka', KAFKA_BROKERS: brokers, KAFKA_CLIENT_ID: `test-${member}`, ...busKeys },
    { sessionTimeoutMs: 6_000, retryBaseMs: 20, maxDeliveries: 3, requestTimeoutMs: 15_000, ...options },
  );
  const server = transports.server(group) as KafkaTransportServer;
  const app = await NestFactory.createMicroservice(handlersFor(member), {
    strategy: server,
    logger: false,
  });
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  return {
    transports,
    app,
    server,
    close: async () => {
      await app.close();
      await transports.close();
    },
  };
}

/** Waits until the replicas (of one group) hold every partition of `topic` between them, each some. */
export async function waitForAssignment(replicas: Replica[], topic: string, partitions = 4): Promise<void> {
  await waitFor(
    `${replicas.length} replicas sharing ${topic}`,
    () => {
      const held = replicas.map((r) => r.server.assignment[topic] ?? []);
      const all = new Set(held.flat());
      return held.every((p) => p.length > 0) && all.size === partitions && held.flat().length === partitions;
    },
    30_000,
  );
}

/** Polls an async `check` until it holds, failing after `timeoutMs`. */
export async function waitForAsync(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls `check` until it holds, failing after `timeoutMs` (integration tests never hang). */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A network for one replica that a test can cut, as if its process died or lost the network
 * (no leave, no commit): `kafka: { socketFactory }` in its options.
 */
export function cuttableNetwork() {
  const sockets = new Set<net.Socket>();
  let down = false;
  const socketFactory = ({
    host,
    port,
    onConnect,
  }: {
    host: string;
    port: number;
    onConnect: () => void;
  }) => {
    const socket = new net.Socket();
    if (down) {
      setImmediate(() => socket.destroy(new Error('network is down')));
      return socket;
    }
    sockets.add(socket);
    socket.connect({ host, port }, onConnect);
    return socket;
  };
  return {
    socketFactory,
    cut() {
      down = true;
      for (const s of sockets) s.destroy(new Error('network is down'));
      sockets.clear();
    },
    restore() {
      down = false;
    },
  };
}
