import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { authV1, billingV1, searchV1 } from '@shelfscan/contracts';
import {
  BusClient,
  BusExceptionFilter,
  BusTransports,
  IdentitySigner,
  RpcHandler,
  codec,
  currentCaller,
  inProcessKeyPair,
  runAsCaller,
  type MemoryBroker,
} from '../src/index.js';

const A = authV1.AuthService.method;
const ADMIN = { email: 'admin@shelfscan.test', roles: ['ROLE_ADMIN'] };
const SELLER = { email: 'seller@shelfscan.test', roles: ['ROLE_USER'] };
let handled: string[] = [];
let downstream: BusClient;

/** Handlers that answer with what they were given: the caller, the subject, the password. */
@Controller()
class EchoHandlers {
  @RpcHandler(A.lookupUser)
  async lookup(@Payload() req: authV1.LookupUserRequest) {
    handled.push('lookupUser');
    if (req.email === 'forward@shelfscan.test') {
      // a call a service makes while handling one: it goes as the same caller
      const r = await downstream.request(A.setMembershipActive, { caller: req.caller, email: req.email });
      return { membershipActive: r.changed };
    }
    return { account: { email: req.caller?.email ?? '', roles: req.caller?.roles ?? [] } };
  }

  @RpcHandler(A.setMembershipActive)
  setActive(@Payload() req: authV1.SetMembershipActiveRequest) {
    handled.push('setMembershipActive');
    return { changed: req.caller?.email === currentCaller()?.email };
  }

  @RpcHandler(A.getAccount)
  account(@Payload() req: authV1.GetAccountRequest) {
    handled.push('getAccount');
    return { account: { email: req.email } };
  }

  @RpcHandler(A.authenticate)
  authenticate(@Payload() req: authV1.AuthenticateRequest) {
    handled.push('authenticate');
    return { token: `seen:${req.password}` };
  }

  @RpcHandler(searchV1.SearchService.method.listTodos)
  todos(@Payload() req: searchV1.ListTodosRequest) {
    handled.push('listTodos');
    return { total: req.allUsers ? 1000 : 1 };
  }

  @RpcHandler(billingV1.BillingService.method.runRenewal)
  renew() {
    handled.push('runRenewal');
    return { ran: true };
  }
}

@Module({ controllers: [EchoHandlers] })
class EchoModule {}

describe('the bus is a trust boundary (in-process transport)', () => {
  const identity = inProcessKeyPair();
  const sealing = inProcessKeyPair();
  let transports: BusTransports;
  let service: INestMicroservice;
  let bus: BusClient;
  let broker: MemoryBroker;
  const signer = new IdentitySigner(identity.privateKeyPem);

  /** Sends raw bytes as anything that can write to the bus would; the reply decoded. */
  const raw = (pattern: string, data: unknown, assertion = '') =>
    broker
      .request(pattern, codec.request(pattern, data, assertion))
      .then((r) => codec.decodeReply(pattern, r));

  beforeAll(async () => {
    transports = new BusTransports({
      BUS: 'memory',
      KAFKA_CLIENT_ID: 'test',
      BUS_IDENTITY_PRIVATE_KEY: identity.privateKeyPem,
      BUS_IDENTITY_PUBLIC_KEY: identity.publicKeyPem,
      AUTH_SEALING_PRIVATE_KEY: sealing.privateKeyPem,
      AUTH_SEALING_PUBLIC_KEY: sealing.publicKeyPem,
    });
    service = await NestFactory.createMicroservice(EchoModule, {
      strategy: transports.server('auth'),
      logger: false,
    });
    service.useGlobalFilters(new BusExceptionFilter());
    await service.listen();
    bus = new BusClient(transports.client());
    downstream = new BusClient(transports.client());
    broker = transports.client().unwrap<MemoryBroker>();
  });
  afterAll(async () => {
    await service.close();
    await transports.close();
  });
  beforeEach(() => {
    handled = [];
  });

  it('answers a request sent as the caller, the caller taken from the assertion', async () => {
    const r = await runAsCaller(ADMIN, () => bus.request(A.lookupUser, { caller: ADMIN, email: 'x@y.test' }));
    expect(r.account).toMatchObject({ email: ADMIN.email, roles: ADMIN.roles });
  });

  it('refuses a forged caller in the payload: the assertion names someone else', async () => {
    const forged = { caller: ADMIN, email: 'victim@shelfscan.test' };
    await expect(
      raw('shelfscan.auth.v1.AuthService.LookupUser', forged, signer.sign(SELLER)),
    ).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'callerMismatch',
      reason: 'callerMismatch',
    });
    // a client running as the seller cannot send the admin's caller either
    await expect(runAsCaller(SELLER, () => bus.request(A.lookupUser, forged))).rejects.toMatchObject({
      reason: 'callerMismatch',
    });
    expect(handled).toEqual([]);
  });

  it('refuses a request for a caller with no assertion, a forged one, or an expired one', async () => {
    const pattern = 'shelfscan.auth.v1.AuthService.LookupUser';
    const data = { caller: ADMIN, email: 'victim@shelfscan.test' };
    const otherKey = new IdentitySigner(inProcessKeyPair().privateKeyPem);
    const twoMinutesAgo = new IdentitySigner(identity.privateKeyPem, () => Date.now() - 120_000);
    for (const assertion of ['', otherKey.sign(ADMIN), twoMinutesAgo.sign(ADMIN), 'not.a.jwt']) {
      await expect(raw(pattern, data, assertion)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'callerNotVerified',
        reason: 'callerNotVerified',
      });
    }
    // and a client that runs as nobody sends none
    await expect(bus.request(A.lookupUser, data)).rejects.toMatchObject({ reason: 'callerNotVerified' });
    expect(handled).toEqual([]);
  });

  it("checks a subject field against the assertion: no one reads another user's account", async () => {
    await expect(
      runAsCaller(SELLER, () => bus.request(A.getAccount, { email: SELLER.email.toUpperCase() })),
    ).resolves.toMatchObject({ account: { email: SELLER.email } });
    await expect(
      runAsCaller(SELLER, () => bus.request(A.getAccount, { email: 'victim@shelfscan.test' })),
    ).rejects.toMatchObject({ reason: 'callerMismatch' });
    expect(handled).toEqual(['getAccount']);
  });

  it("holds an admin-only call without a Caller to the contract's caller_role", async () => {
    await expect(
      runAsCaller(SELLER, () => bus.request(billingV1.BillingService.method.runRenewal, {})),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED', reason: 'forbidden' });
    await expect(
      runAsCaller(ADMIN, () => bus.request(billingV1.BillingService.method.runRenewal, {})),
    ).resolves.toMatchObject({ ran: true });
  });

  it('holds a field that widens a request (all_users) to its set_by_role', async () => {
    const listTodos = searchV1.SearchService.method.listTodos;
    await expect(
      runAsCaller(SELLER, () => bus.request(listTodos, { userEmail: SELLER.email, allUsers: true })),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED', reason: 'forbidden' });
    await expect(
      runAsCaller(SELLER, () => bus.request(listTodos, { userEmail: SELLER.email })),
    ).resolves.toMatchObject({ total: 1 });
    await expect(
      runAsCaller(ADMIN, () => bus.request(listTodos, { userEmail: ADMIN.email, allUsers: true })),
    ).resolves.toMatchObject({ total: 1000 });
    expect(handled).toEqual(['listTodos', 'listTodos']);
  });

  it('passes the received assertion on to the calls a handler makes for its caller', async () => {
    const r = await runAsCaller(ADMIN, () =>
      bus.request(A.lookupUser, { caller: ADMIN, email: 'forward@shelfscan.test' }),
    );
    expect(r.membershipActive).toBe(true);
    expect(handled).toEqual(['lookupUser', 'setMembershipActive']);
  });

  it('seals a password for auth: the bytes on the bus never hold it, the handler sees it', async () => {
    const sent: Uint8Array[] = [];
    const request = broker.request.bind(broker);
    broker.request = (pattern, bytes) => {
      sent.push(bytes);
      return request(pattern, bytes);
    };
    try {
      const password = 'Gizli-Parola-42';
      const r = await bus.request(A.authenticate, { email: 'a@b.test', password, clientIp: '10.0.0.1' });
      expect(r.token).toBe(`seen:${password}`);
      expect(sent).toHaveLength(1);
      expect(Buffer.from(sent[0]).toString('latin1')).not.toContain(password);
    } finally {
      broker.request = request;
    }
    // one in clear (anything written to the topic by hand) is refused before the handler
    await expect(
      raw('shelfscan.auth.v1.AuthService.Authenticate', { email: 'a@b.test', password: 'clear' }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', reason: 'secretNotSealed' });
    expect(handled).toEqual(['authenticate']);
  });
});
