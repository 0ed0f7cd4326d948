import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { BusTransports, type BusSettings } from '../transport-factory.js';

// librdkafka's mock cluster speaks neither TLS nor SASL: the TLS of the Kafka transport is checked
// against a Node TLS server with a throwaway self-signed certificate. The server answers no Kafka
// request; what counts is whether the client completed a verified handshake with it.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { opensslProblem, selfSignedCert } = require('../../../../scripts/self-signed-cert.cjs') as {
  opensslProblem(): string | undefined;
  selfSignedCert(dir: string, name: string): { key: string; cert: string };
};
const noOpenssl = opensslProblem();

async function within<T>(what: string, ms: number, until: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = until();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (noOpenssl) {
  console.warn(`Kafka transport over TLS: skipped, ${noOpenssl}`);
  describe.skip(`Kafka transport over TLS (skipped: ${noOpenssl})`, () => {
    it('runs where openssl exists', () => undefined);
  });
} else {
  describe('Kafka transport over TLS (KAFKA_SSL, KAFKA_SSL_CA_FILE)', () => {
    let dir: string;
    let server: tls.Server;
    let brokers: string[];
    let serverCa: string;
    let otherCa: string;
    const sockets = new Set<import('node:net').Socket>();
    const seen = { secure: 0, clientErrors: [] as string[] };

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-kafka-tls-'));
      const broker = selfSignedCert(dir, 'broker');
      serverCa = broker.cert;
      otherCa = selfSignedCert(dir, 'other').cert;
      server = tls.createServer({ key: fs.readFileSync(broker.key), cert: fs.readFileSync(broker.cert) });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.on('secureConnection', (socket) => {
        seen.secure++;
        socket.destroy(); // no Kafka here: the client's first request fails, at once
      });
      server.on('tlsClientError', (err) => void seen.clientErrors.push(err.message));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      const { port } = server.address() as import('node:net').AddressInfo;
      brokers = [`127.0.0.1:${port}`];
    }, 60_000);

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    beforeEach(() => {
      seen.secure = 0;
      seen.clientErrors = [];
    });

    /** Connects a process's bus (producer first) with these settings; resolves to the client's error. */
    async function connectWith(settings: Partial<BusSettings>): Promise<Error> {
      const transports = new BusTransports(
        { BUS: 'kafka', KAFKA_BROKERS: brokers, KAFKA_CLIENT_ID: 'tls-test', ...settings },
        { kafka: { connectionTimeout: 3_000, requestTimeout: 3_000, retry: { retries: 0 } } },
      );
      try {
        await transports.connect();
      } catch (err) {
        return err as Error;
      } finally {
        await transports.close();
      }
      throw new Error('connected to a server that speaks no Kafka');
    }

    /** The error and its causes' messages, as one text. */
    const messages = (err: unknown): string => {
      const parts: string[] = [];
      for (let e = err as { message?: string; cause?: unknown; originalError?: unknown } | undefined; e;) {
        parts.push(String(e.message));
        e = (e.originalError ?? e.cause) as typeof e;
      }
      return parts.join(' <- ');
    };

    it('KAFKA_SSL_CA_FILE = the broker certificate: the broker sees a completed TLS handshake', async () => {
      const err = await connectWith({ KAFKA_SSL_CA_FILE: serverCa });
      await within('the secure connection', 3_000, () => (seen.secure > 0 ? true : undefined));
      expect(seen.clientErrors).toEqual([]);
      expect(messages(err)).not.toMatch(/certificate/i);
    }, 20_000);

    it('another CA: the client refuses the broker certificate, no secure connection', async () => {
      const err = await connectWith({ KAFKA_SSL_CA_FILE: otherCa });
      expect(messages(err)).toMatch(/self[- ]signed certificate|unable to verify|certificate/i);
      await within('the server seeing the refused handshake', 3_000, () =>
        seen.clientErrors.length ? true : undefined,
      );
      expect(seen.secure).toBe(0);
    }, 20_000);

    it('KAFKA_SSL=true alone trusts the system CAs only: a self-signed broker is refused', async () => {
      const err = await connectWith({ KAFKA_SSL: true });
      expect(messages(err)).toMatch(/self[- ]signed certificate|unable to verify|certificate/i);
      expect(seen.secure).toBe(0);
    }, 20_000);

    it('without TLS settings the client speaks plaintext: no handshake at all', async () => {
      await connectWith({});
      await within('the server seeing plaintext', 3_000, () => (seen.clientErrors.length ? true : undefined));
      expect(seen.secure).toBe(0);
    }, 20_000);
  });
}
