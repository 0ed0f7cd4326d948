import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import {
  BusClient,
  BusTransports,
  callerNamedIn,
  currentCaller,
  runAsCaller,
  type BusCaller,
} from '@shelfscan/bus';
import { Clock } from '@shelfscan/clock';
import { loadConfig } from '@shelfscan/config';
import { createTestDatabase } from '@shelfscan/db';
import {
  startService,
  type PortOverride,
  type RunningService,
  type ServiceDeclaration,
} from '@shelfscan/service';
import type { z } from 'zod';

/**
 * What the services of one test share: a fresh database on the test PostgreSQL (a schema per
 * service), the in-process bus, a temporary DATA_DIR (the .eml and SMS outboxes) and a bus client
 * to talk to them as the gateway does (for whoever each request names: PayloadCallerBusClient). `stop()` stops the services started on it that are still
 * running, newest first, then closes the bus and removes the database and the folder.
 */
export interface TestBed {
  db: { url: string };
  dataDir: string;
  transports: BusTransports;
  bus: PayloadCallerBusClient;
  stop(): Promise<void>;
}

/**
 * A client that speaks for the caller the test runs as (`runAsCaller`, `as`), else for whoever each
 * request's payload names (its Caller, else its subject field), as the gateway speaks for a verified
 * token: each request carries an assertion signed with the bed's in-process identity key. Tests
 * only: a real client never takes the caller from what it is about to send.
 */
export class PayloadCallerBusClient extends BusClient {
  override request<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O>,
    input: MessageInitShape<I>,
  ): Promise<MessageShape<O>> {
    return runAsCaller(currentCaller() ?? callerNamedIn(method, input), () => super.request(method, input));
  }

  /** Requests made as `caller` (an admin-only call whose payload names no one). */
  as(caller: BusCaller): Pick<BusClient, 'request'> {
    return { request: (method, input) => runAsCaller(caller, () => this.request(method, input)) };
  }
}

/** The services started on each bed and still running, oldest first. */
const runningOn = new WeakMap<TestBed, RunningService[]>();

/** A bed on the in-process bus, or on the given transports (one that doubles every event…). */
export async function startTestBed(options: { transports?: BusTransports } = {}): Promise<TestBed> {
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-test-'));
  const transports = options.transports ?? new BusTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' });
  const running: RunningService[] = [];
  const bed: TestBed = {
    db,
    dataDir,
    transports,
    bus: new PayloadCallerBusClient(transports.client()),
    async stop() {
      for (const service of [...running].reverse()) await service.stop();
      await transports.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  runningOn.set(bed, running);
  return bed;
}

export interface TestServiceOptions {
  /** Environment on top of the bed's (DATA_DIR) and LOG_LEVEL=silent. */
  env?: Record<string, string>;
  /** The service's Clock (a ManualClock: tests move time); default the wall clock. */
  clock?: Clock;
  /** Ports replaced for the test (a recording mailer, a scripted engine). */
  overrides?: PortOverride[];
}

/** Starts a declared service on the bed, as `runServiceMain` would (migrations run), for a test. */
export async function startTestService<S extends z.ZodObject>(
  declaration: ServiceDeclaration<S>,
  bed: TestBed,
  options: TestServiceOptions = {},
): Promise<RunningService> {
  const env = { DATA_DIR: bed.dataDir, LOG_LEVEL: 'silent', ...options.env };
  const service = await startService(declaration, {
    config: loadConfig(declaration.envSchema, env),
    databaseUrl: bed.db.url,
    transports: bed.transports,
    runMigrations: true,
    overrides: [
      ...(options.clock ? [{ provide: Clock, useValue: options.clock }] : []),
      ...(options.overrides ?? []),
    ],
  });
  const running = runningOn.get(bed)!;
  running.push(service);
  return {
    ...service,
    async stop() {
      running.splice(running.indexOf(service), 1);
      await service.stop();
    },
  };
}
