import { authEventsV1, authV1 } from '@shelfscan/contracts';
import { runWithRequestId } from '@shelfscan/observability';
import { BusClient, BusTransports, codec, runWithTraceContext, startKafkaMockCluster, type KafkaMockCluster } from '../../src/index.js';
import { resetSeen, seen, startReplica, waitFor, type Replica } from './harness.js';

jest.setTimeout(60_000);

describe('Kafka transport on the librdkafka mock cluster', () => {
  let cluster: KafkaMockCluster;
  const closeAfter: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
  });
  afterEach(async () => {
    await Promise.all(closeAfter.splice(0).map((c) => c.close()));
    resetSeen();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  async function replica(group: string, member: string, options = {}): Promise<Replica> {
    const r = await startReplica(cluster.brokers, group, member, options);
    closeAfter.push(r);
    return r;
  }
  function caller(options = {}): BusClient {
    const transports = new BusTransports(
      { BUS: 'kafka', KAFKA_BROKERS: cluster.brokers, KAFKA_CLIENT_ID: 'test-gateway' },
      { requestTimeoutMs: 15_000, ...options },
    );
    closeAfter.push(transports);
    return new BusClient(transports.client());
  }

  it('answers typed requests with the request id and trace context, and passes errors back', async () => {
    await replica('auth', 'a1');
    const bus = caller();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const answer = await runWithTraceContext({ traceparent }, () =>
      runWithRequestId('req-7', () =>
        bus.request(authV1.AuthService.method.checkActivation, { email: 'a@active.example' }),
      ),
    );
    expect(answer.activated).toBe(true);
    expect(seen.requests).toEqual([{ email: 'a@active.example', requestId: 'req-7', traceparent, member: 'a1' }]);
    await expect(
      bus.request(authV1.AuthService.method.checkActivation, { email: 'boom@example.com' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', reason: 'userNotFound', message: 'no such user' });
    await expect(
      bus.request(authV1.AuthService.method.checkActivation, { email: 'crash@example.com' }),
    ).rejects.toMatchObject({ code: 'INTERNAL', message: 'system error occurred' });
  });
});
