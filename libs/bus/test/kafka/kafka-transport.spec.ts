import { existsSync } from 'node:fs';
import { authEventsV1, authV1, scraperEventsV1 } from '@shelfscan/contracts';
import { ConfigError } from '@shelfscan/config';
import { health, runWithRequestId, startSpan } from '@shelfscan/observability';
import type { Kafka, KafkaMessage } from 'kafkajs';
import {
  BusClient,
  BusTransports,
  IdentitySigner,
  KafkaHeaders,
  codec,
  runAsCaller,
  decodeEnvelope,
  messageKey,
  methodPattern,
  startKafkaMockCluster,
  type BusTransportClient,
  type KafkaMockCluster,
} from '../../src/index.js';
import {
  busKeys,
  cuttableNetwork,
  resetSeen,
  seen,
  startReplica,
  waitFor,
  waitForAssignment,
  waitForAsync,
  type Replica,
} from './harness.js';

const registered = (email: string, userId: string) =>
  codec.eventOf(authEventsV1.UserRegisteredSchema, { email, userId });

/** A broker for one test: brokers to connect to, and how to stop it. */
type StartCluster = () => Promise<KafkaMockCluster>;

/**
 * The transport's behaviour, run against any Kafka-protocol cluster: librdkafka's mock cluster
 * here, Apache Kafka in a container where Docker exists.
 */
function transportSuite(name: string, startCluster: StartCluster, testTimeoutMs: number) {
  describe(name, () => {
    jest.setTimeout(testTimeoutMs);
    let cluster: KafkaMockCluster;
    const closeAfter: { close(): Promise<void> }[] = [];
    // A fresh cluster per test: no test sees another's topics, groups or offsets.
    beforeEach(async () => {
      cluster = await startCluster();
    });
    afterEach(async () => {
      await Promise.all(closeAfter.splice(0).map((c) => c.close()));
      await cluster?.stop();
      resetSeen();
    });

    async function replica(group: string, member: string, options = {}): Promise<Replica> {
      const r = await startReplica(cluster.brokers, group, member, options);
      closeAfter.push(r);
      return r;
    }
    function transports(options = {}): BusTransports {
      const t = new BusTransports(
        { BUS: 'kafka', KAFKA_BROKERS: cluster.brokers, KAFKA_CLIENT_ID: 'test-gateway', ...busKeys },
        { requestTimeoutMs: 15_000, ...options },
      );
      closeAfter.push(t);
      return t;
    }
    async function publish(client: BusTransportClient, ...events: { topic: string; bytes: Uint8Array }[]) {
      for (const e of events) await client.publishEncoded(e.topic, e.bytes);
    }
    /** Reads every message of `topic` from its start (its own group), until `count` are read. */
    async function readTopic(kafka: Kafka, topic: string, count: number): Promise<KafkaMessage[]> {
      const consumer = kafka.consumer({ groupId: `reader-${topic}`, maxWaitTimeInMs: 200 });
      const got: KafkaMessage[] = [];
      await consumer.connect();
      try {
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        await consumer.run({ eachMessage: async ({ message }) => void got.push(message) });
        await waitFor(`${count} messages on ${topic}`, () => got.length >= count);
        return got;
      } finally {
        await consumer.disconnect();
      }
    }

    it("answers typed requests on the asker's reply topic, with the request id and trace context", async () => {
      await replica('auth', 'a1');
      const gateway1 = new BusClient(transports().client());
      const gateway2 = new BusClient(transports().client());
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const [answer, other] = await Promise.all([
        // tracing off: the trace context being handled is passed on as it came
        startSpan('upstream', { kind: 'server', parent: { traceparent } }).run(() =>
          runWithRequestId('req-7', () =>
            gateway1.request(authV1.AuthService.method.checkActivation, { email: 'a@active.example' }),
          ),
        ),
        gateway2.request(authV1.AuthService.method.checkActivation, { email: 'b@other.example' }),
      ]);
      expect(answer.activated).toBe(true);
      expect(other.activated).toBe(false);
      expect((await health.readiness()).checks['bus:auth']).toBe('ok'); // /readyz: in its group
      const replyCheck = `bus:${(gateway1.transport as unknown as { replyTopic: string }).replyTopic}`;
      expect((await health.readiness()).checks[replyCheck]).toBe('ok'); // and its reply consumer
      expect(seen.requests).toContainEqual({
        email: 'a@active.example',
        requestId: 'req-7',
        traceparent,
        member: 'a1',
      });
      // each process reads only its own reply topic
      const [t1, t2] = [gateway1, gateway2].map(
        (g) => (g.transport as unknown as { replyTopic: string }).replyTopic,
      );
      expect(t1).not.toEqual(t2);
      const replies = await readTopic(gateway1.transport.unwrap<Kafka>(), t1, 1);
      expect(replies.map((m) => m.headers?.[KafkaHeaders.correlationId]?.toString())).toHaveLength(1);

      await expect(
        gateway1.request(authV1.AuthService.method.checkActivation, { email: 'boom@example.com' }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', reason: 'userNotFound', message: 'no such user' });
      await expect(
        gateway1.request(authV1.AuthService.method.checkActivation, { email: 'crash@example.com' }),
      ).rejects.toMatchObject({ code: 'INTERNAL', reason: 'systemError', message: 'systemError' });
    });

    it('creates its reply topic before subscribing (one partition), and answers where creation is refused', async () => {
      await replica('auth', 'a1');
      const client = transports().client();
      const kafka = client.unwrap<Kafka>();
      const realAdmin = kafka.admin.bind(kafka);
      const created: unknown[] = [];
      const outcomes: string[] = [];
      jest.spyOn(kafka, 'admin').mockImplementation((config) => {
        const admin = realAdmin(config);
        const createTopics = admin.createTopics.bind(admin);
        admin.createTopics = async (options) => {
          created.push(...options.topics);
          return createTopics(options).then(
            (r) => (outcomes.push('created'), r),
            (err: unknown) => {
              outcomes.push(`refused: ${String(err)}`); // the mock cluster has no controller
              throw err;
            },
          );
        };
        return admin;
      });
      const gateway = new BusClient(client);
      const answer = await gateway.request(authV1.AuthService.method.checkActivation, {
        email: 'a@active.example',
      });
      expect(answer.activated).toBe(true);
      const replyTopic = (client as unknown as { replyTopic: string }).replyTopic;
      expect(created).toEqual([expect.objectContaining({ topic: replyTopic, numPartitions: 1 })]);
      expect(outcomes).toHaveLength(1);
    });

    it('fails a request nobody answers with DEADLINE_EXCEEDED, and skips it once past its deadline', async () => {
      const gateway = new BusClient(transports({ requestTimeoutMs: 1_500 }).client());
      const started = Date.now();
      await expect(
        gateway.request(authV1.AuthService.method.checkActivation, { email: 'late@example.com' }),
      ).rejects.toMatchObject({
        code: 'DEADLINE_EXCEEDED',
        message: expect.stringMatching(/no answer to .*CheckActivation within 1500 ms/),
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      // The service starting later finds the request but does not run it: its asker gave up.
      await replica('auth', 'a1');
      const fresh = new BusClient(transports().client());
      await expect(
        fresh.request(authV1.AuthService.method.checkActivation, { email: 'x@active.example' }),
      ).resolves.toMatchObject({ activated: true });
      expect(seen.requests.map((r) => r.email)).toEqual(['x@active.example']);
    });

    it('refuses a message over the size limit with a clear error', async () => {
      const t = transports({ maxMessageBytes: 10_000 });
      const gateway = new BusClient(t.client());
      await expect(
        gateway.request(authV1.AuthService.method.checkActivation, { email: 'x'.repeat(20_000) }),
      ).rejects.toMatchObject({
        code: 'RESOURCE_EXHAUSTED',
        reason: 'messageTooLarge',
        message: expect.stringMatching(/over the bus limit of 10000 bytes/),
      });
      const big = registered('y'.repeat(20_000), 'u1');
      await expect(t.client().publishEncoded(big.topic, big.bytes)).rejects.toMatchObject({
        reason: 'messageTooLarge',
      });
    });

    it('seals passwords (no clear password in the topic) and takes the caller from a valid assertion only', async () => {
      await replica('auth', 'a1');
      const t = transports();
      const gateway = new BusClient(t.client());
      const A = authV1.AuthService.method;
      const password = 'Gizli-Parola-42';
      await expect(gateway.request(A.authenticate, { email: 'a@b.example', password })).resolves.toEqual(
        expect.objectContaining({ token: `seen:${password}` }),
      );
      // the request as it sits in the topic for its retention: value and headers, read raw
      const [stored] = await readTopic(t.client().unwrap<Kafka>(), methodPattern(A.authenticate), 1);
      const headers = Object.values(stored.headers ?? {}).map((v) => String(v));
      expect(Buffer.from(stored.value!).toString('latin1')).not.toContain(password);
      expect(headers.join('\n')).not.toContain(password);

      const ADMIN = { email: 'admin@example.com', roles: ['ROLE_ADMIN'] };
      const forged = { caller: ADMIN, email: 'victim@example.com' };
      // a caller put in the payload: refused without an assertion, or with one for someone else
      await expect(gateway.request(A.lookupUser, forged)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        reason: 'callerNotVerified',
      });
      await expect(
        runAsCaller({ email: 'seller@example.com', roles: ['ROLE_USER'] }, () =>
          gateway.request(A.lookupUser, forged),
        ),
      ).rejects.toMatchObject({ code: 'PERMISSION_DENIED', reason: 'callerMismatch' });
      // an expired assertion (signed two minutes ago, passed on as a received one would be)
      const stale = new IdentitySigner(busKeys.BUS_IDENTITY_PRIVATE_KEY, () => Date.now() - 120_000).sign(
        ADMIN,
      );
      await expect(
        runAsCaller(ADMIN, () => gateway.request(A.lookupUser, forged), stale),
      ).rejects.toMatchObject({
        reason: 'callerNotVerified',
      });
      await expect(runAsCaller(ADMIN, () => gateway.request(A.lookupUser, forged))).resolves.toMatchObject({
        account: { email: ADMIN.email, roles: ADMIN.roles },
      });
      expect(seen.requests.map((r) => r.email)).toEqual(['a@b.example', 'victim@example.com']);
    });

    it("delivers every event to every group, shares it among a group's replicas, in order per key", async () => {
      const [a1, a2] = await Promise.all([
        replica('auth', 'a1'),
        replica('auth', 'a2'),
        replica('mail', 'm1'),
      ]);
      await waitForAssignment([a1, a2], authEventsV1.UserRegisteredSchema.typeName);
      const client = transports().client();
      const spread = Array.from({ length: 16 }, (_, i) => registered(`user${i}@example.com`, `u${i}`));
      const sameUser = Array.from({ length: 5 }, (_, i) => registered(`same${i}@example.com`, 'u-same'));
      await publish(client, ...spread, ...sameUser);
      const all = [...spread, ...sameUser].map((e) => codec.decode(e.bytes).envelope.id);
      const idsOf = (members: string[]) =>
        new Set(seen.events.filter((e) => members.includes(e.member)).map((e) => e.messageId));
      await waitFor(
        'every event in both groups',
        () => idsOf(['a1', 'a2']).size === all.length && idsOf(['m1']).size === all.length,
      );
      expect([...idsOf(['a1', 'a2'])].sort()).toEqual([...all].sort());
      expect([...idsOf(['m1'])].sort()).toEqual([...all].sort());
      // replicas share the partitions: both auth replicas did some of the work
      expect(seen.events.some((e) => e.member === 'a1')).toBe(true);
      expect(seen.events.some((e) => e.member === 'a2')).toBe(true);
      // one user's events share a key, hence a partition, hence their order
      const order = (member: string[]) =>
        seen.events.filter((e) => member.includes(e.member) && e.userId === 'u-same').map((e) => e.email);
      expect(order(['a1', 'a2'])).toEqual(sameUser.map((_, i) => `same${i}@example.com`));
      expect(order(['m1'])).toEqual(sameUser.map((_, i) => `same${i}@example.com`));
    });

    it('parks a failing event on <topic>.dlq with its error after bounded retries (garbage at once); its partition moves on', async () => {
      const r = await replica('auth', 'a1', { maxDeliveries: 3, retryBaseMs: 20 });
      const client = transports().client();
      const topic = authEventsV1.UserRegisteredSchema.typeName;
      // bytes that are no envelope at all: parked at once, no retries
      const producer = client.unwrap<Kafka>().producer({ idempotent: false });
      await producer.connect();
      await producer.send({ topic, messages: [{ key: 'u-p', value: Buffer.from('not an envelope') }] });
      await producer.disconnect();
      const poison = registered('poison@example.com', 'u-p');
      const next = registered('after-poison@example.com', 'u-p'); // same key: same partition, behind it
      await publish(client, poison, next);
      await waitFor('the event behind the poison', () =>
        seen.events.some((e) => e.email === 'after-poison@example.com'),
      );
      expect(seen.attempts.get('poison@example.com')).toBe(3);
      const [garbage, parked] = await readTopic(r.transports.client().unwrap<Kafka>(), `${topic}.dlq`, 2);
      expect(garbage.value?.toString()).toBe('not an envelope');
      expect(garbage.headers?.[KafkaHeaders.attempts]?.toString()).toBe('1');
      const h = (name: string) => parked.headers?.[name]?.toString();
      expect(decodeEnvelope(new Uint8Array(parked.value!)).id).toBe(codec.decode(poison.bytes).envelope.id);
      expect(parked.key?.toString()).toBe('u-p');
      expect(h(KafkaHeaders.error)).toBe('cannot handle poison@example.com');
      expect(h(KafkaHeaders.attempts)).toBe('3');
      expect(h(KafkaHeaders.originalTopic)).toBe(topic);
      expect(h(KafkaHeaders.group)).toBe('auth');
      expect(seen.events.map((e) => e.email)).toEqual(['after-poison@example.com']);
    });

    it('redelivers an event whose consumer crashed mid-handling to another replica', async () => {
      // A replica whose sockets can be cut, as if its process died (no leave, no commit).
      const network = cuttableNetwork();
      let started!: () => void;
      const startedP = new Promise<void>((r) => (started = r));
      let releaseHeld!: () => void;
      seen.holds.set('crash-me@example.com', {
        started,
        release: new Promise<void>((r) => (releaseHeld = r)),
      });
      const doomed = await startReplica(cluster.brokers, 'auth', 'doomed', {
        // once cut off it crashes at once (no retries); its replacement consumers find no network
        kafka: {
          socketFactory: network.socketFactory,
          retry: { retries: 0, restartOnFailure: async () => false },
        },
      });
      await publish(transports().client(), registered('crash-me@example.com', 'u-c'));
      await startedP;
      network.cut();
      seen.holds.delete('crash-me@example.com');

      await replica('auth', 'survivor');
      await waitFor(
        'the survivor to handle the event',
        () => seen.events.some((e) => e.member === 'survivor'),
        40_000,
      );
      expect(seen.events.map((e) => [e.email, e.member])).toEqual([['crash-me@example.com', 'survivor']]);
      expect(seen.attempts.get('crash-me@example.com')).toBe(2);
      // Clean up the zombie: network back (its group membership has expired), handler released.
      network.restore();
      releaseHeld();
      await doomed.close();
    });

    it("/readyz follows the consumer's membership; a consumer stopped for good by an error is replaced", async () => {
      const network = cuttableNetwork();
      await replica('auth', 'a1', {
        // no retries, no restart by kafkajs: the first network error stops the consumer for good
        kafka: {
          socketFactory: network.socketFactory,
          retry: { retries: 0, restartOnFailure: async () => false },
        },
      });
      const check = async () => (await health.readiness()).checks['bus:auth'];
      expect(await check()).toBe('ok');
      network.cut();
      await waitForAsync('not ready once cut off', async () => (await check()) !== 'ok', 15_000);
      expect(await check()).toMatch(/not \(yet\) in consumer group auth|no heartbeat accepted/);
      network.restore();
      await waitForAsync('ready again (a new consumer joined)', async () => (await check()) === 'ok', 45_000);
      await publish(transports().client(), registered('after-crash@example.com', 'u-x'));
      await waitFor('the event, handled by the replacement consumer', () =>
        seen.events.some((e) => e.email === 'after-crash@example.com' && e.member === 'a1'),
      );
    });

    it('fails the requests still waiting with UNAVAILABLE when the client closes', async () => {
      const t = transports();
      const pending = new BusClient(t.client()).request(authV1.AuthService.method.checkActivation, {
        email: 'nobody-answers@example.com',
      });
      const failed = expect(pending).rejects.toMatchObject({ code: 'UNAVAILABLE' }); // may settle during close()
      await t.close();
      await failed;
    });

    it('drains in-flight handlers on shutdown and commits their offsets', async () => {
      let started!: () => void;
      const startedP = new Promise<void>((r) => (started = r));
      let release!: () => void;
      seen.holds.set('slow@example.com', { started, release: new Promise<void>((r) => (release = r)) });
      const first = await startReplica(cluster.brokers, 'auth', 'first');
      const client = transports().client();
      await publish(client, registered('slow@example.com', 'u-s'));
      await startedP;
      let closed = false;
      const closing = first.close().then(() => (closed = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(closed).toBe(false); // waiting for the handler
      release();
      await closing;
      expect(seen.events.map((e) => e.email)).toEqual(['slow@example.com']);

      // The next member of the group starts after the drained message: it was committed.
      await replica('auth', 'second');
      await publish(client, registered('marker@example.com', 'u-s'));
      await waitFor('the marker', () => seen.events.some((e) => e.email === 'marker@example.com'));
      expect(seen.events.map((e) => [e.email, e.member])).toEqual([
        ['slow@example.com', 'first'],
        ['marker@example.com', 'second'],
      ]);
    });
  });
}

transportSuite('Kafka transport on the librdkafka mock cluster', () => startKafkaMockCluster(), 60_000);

/** Apache Kafka in a container (Testcontainers), where a Docker daemon is reachable. */
const noDocker =
  process.env.DOCKER_HOST || existsSync('/var/run/docker.sock')
    ? undefined
    : 'no Docker daemon here (no DOCKER_HOST, no /var/run/docker.sock)';
if (noDocker) {
  console.warn(`Kafka transport against Apache Kafka: skipped, ${noDocker}`);
  describe.skip(`Kafka transport against Apache Kafka (skipped: ${noDocker})`, () => {
    it('runs where Docker exists', () => undefined);
  });
} else {
  transportSuite(
    'Kafka transport against Apache Kafka (Testcontainers)',
    async () => {
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.1')
        .withKraft()
        .withEnvironment({
          KAFKA_NUM_PARTITIONS: '4', // as on the mock cluster: replicas of a group share partitions
          KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
          KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        })
        .start();
      return {
        brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`],
        stop: async () => void (await container.stop()),
      };
    },
    180_000,
  );
}

describe('Kafka transport settings and keys', () => {
  it('requires KAFKA_BROKERS when BUS=kafka', () => {
    const make = () => new BusTransports({ BUS: 'kafka', KAFKA_CLIENT_ID: 'x' });
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(/KAFKA_BROKERS/);
  });

  it("keys a scan's messages by scan id and a user's by user id", () => {
    const key = (bytes: Uint8Array) => messageKey(decodeEnvelope(bytes));
    expect(key(codec.eventOf(scraperEventsV1.ScanStartedSchema, { scanId: 's-1', attempt: 1 }).bytes)).toBe(
      's-1',
    );
    expect(
      key(codec.eventOf(scraperEventsV1.ScanRequestedSchema, { scanId: 's-2', userEmail: 'a@b' }).bytes),
    ).toBe('s-2');
    expect(key(registered('a@b.example', 'u-9').bytes)).toBe('u-9');
    expect(
      key(codec.request('shelfscan.auth.v1.AuthService.CheckActivation', { email: 'a@b' })),
    ).toBeUndefined();
  });
});
