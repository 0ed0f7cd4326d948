import { ManualClock, type Timer } from '@shelfscan/clock';
import { authEventsV1 } from '@shelfscan/contracts';
import { createTestDataSource } from '@shelfscan/db';
import type { DataSource } from 'typeorm';
import {
  BusTables1763800000000,
  OutboxRelay,
  addToOutbox,
  codec,
  forgetPublished,
  handleOnce,
  type BusTransportClient,
} from '../src/index.js';

function fakeClient(failures: number) {
  const published: { topic: string; email: string; id: string }[] = [];
  let left = failures;
  const client = {
    async publishEncoded(topic: string, bytes: Uint8Array) {
      if (left-- > 0) throw new Error('broker unavailable');
      const { envelope, message } = codec.decode(bytes);
      published.push({ topic, email: (message as authEventsV1.UserRegistered).email, id: envelope.id });
    },
  } as unknown as BusTransportClient;
  return { client, published };
}

/** A manual clock that tells when a timer is set (the relay has finished a pass and waits). */
class WatchedClock extends ManualClock {
  private armed?: () => void;

  /** Resolves when the next timer is set. */
  nextTimer(): Promise<void> {
    return new Promise((resolve) => (this.armed = resolve));
  }

  override setTimeout(fn: () => void, ms: number): Timer {
    const timer = super.setTimeout(fn, ms);
    this.armed?.();
    return timer;
  }
}

describe('outbox and inbox (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDataSource>>;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDataSource({ schema: 'svc', migrations: [BusTables1763800000000] });
    ds = db.ds;
    await ds.query('CREATE TABLE account (email text PRIMARY KEY)');
  });
  afterAll(() => db.close());

  it('publishes only committed events, retrying a failed publish with backoff', async () => {
    await ds.transaction(async (m) => {
      await m.query("INSERT INTO account VALUES ('kept@example.com')");
      await addToOutbox(m, authEventsV1.UserRegisteredSchema, { email: 'kept@example.com', userId: 'u1' });
    });
    await expect(
      ds.transaction(async (m) => {
        await addToOutbox(m, authEventsV1.UserRegisteredSchema, {
          email: 'rolled-back@example.com',
          userId: 'u2',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const { client, published } = fakeClient(1);
    const clock = new ManualClock();
    const relay = new OutboxRelay(ds, client, { service: 'svc', backoffBaseMs: 50, clock });
    expect(await relay.runOnce()).toBe(0); // first publish fails: row scheduled again
    const [row] = await ds.query('SELECT attempts, last_error, published_at FROM outbox');
    expect(row).toMatchObject({ attempts: 1, last_error: 'broker unavailable', published_at: null });

    expect(await relay.runOnce()).toBe(0); // the backoff holds it
    clock.advance(49);
    expect(await relay.runOnce()).toBe(0);
    clock.advance(1);
    expect(await relay.runOnce()).toBe(1);
    expect(published).toEqual([
      { topic: 'shelfscan.auth.v1.UserRegistered', email: 'kept@example.com', id: expect.any(String) },
    ]);
    expect(await relay.runOnce()).toBe(0); // nothing published twice
  });

  it('publishes what a commit wrote without a nudge on the next poll of its clock, and polls no more once stopped', async () => {
    await ds.query('DELETE FROM outbox');
    const { client, published } = fakeClient(0);
    const clock = new WatchedClock();
    const relay = new OutboxRelay(ds, client, { service: 'svc', pollIntervalMs: 1_000, clock });
    let armed = clock.nextTimer();
    relay.start();
    await armed; // the first pass found nothing and waits for the poll
    await ds.transaction((m) =>
      addToOutbox(m, authEventsV1.UserRegisteredSchema, { email: 'polled@example.com', userId: 'u3' }),
    );
    armed = clock.nextTimer();
    clock.advance(999);
    expect(published).toEqual([]);
    clock.advance(1);
    await armed; // the poll's pass is done
    expect(published.map((p) => p.email)).toEqual(['polled@example.com']);

    await relay.stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('deletes published rows after the retention, keeping recent and unpublished ones', async () => {
    await ds.query('DELETE FROM outbox');
    for (const [id, published] of [
      ['00000000-0000-4000-8000-000000000001', "now() - interval '8 days'"],
      ['00000000-0000-4000-8000-000000000002', "now() - interval '1 day'"],
      ['00000000-0000-4000-8000-000000000003', 'NULL'],
    ]) {
      await ds.query(
        `INSERT INTO outbox (id, topic, envelope, published_at) VALUES ($1, 't', '\\x00', ${published})`,
        [id],
      );
    }
    const relay = new OutboxRelay(ds, fakeClient(0).client, { service: 'svc' });
    expect(await relay.prune()).toBe(1);
    const left = await ds.query('SELECT id FROM outbox ORDER BY id');
    expect(left.map((r: { id: string }) => r.id)).toEqual([
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ]);
  });

  it('handles a message once, and again only if the first handling failed', async () => {
    const ctx = { messageId: '7d7f6a0e-2b67-4d7e-9a53-2f0d7e1b8a11' };
    await expect(
      handleOnce(ds, ctx, 'welcome-mail', async (m) => {
        await m.query("INSERT INTO account VALUES ('first-try@example.com')");
        throw new Error('mail server down');
      }),
    ).rejects.toThrow('mail server down');
    expect(await ds.query("SELECT * FROM account WHERE email = 'first-try@example.com'")).toEqual([]);

    let runs = 0;
    const work = async () => {
      runs++;
    };
    expect(await handleOnce(ds, ctx, 'welcome-mail', work)).toBe(true);
    expect(await handleOnce(ds, ctx, 'welcome-mail', work)).toBe(false);
    expect(await handleOnce(ds, ctx, 'another-consumer', work)).toBe(true);
    expect(runs).toBe(2);
  });

  it('forgets the published rows naming a value as a whole string field, never unpublished ones', async () => {
    await ds.query('DELETE FROM outbox');
    const add = (email: string) =>
      ds.transaction((m) => addToOutbox(m, authEventsV1.UserRegisteredSchema, { email, userId: 'u' }));
    const published = await add('gone@example.com');
    const longer = await add('xgone@example.com');
    const pending = await add('gone@example.com');
    await ds.query(`UPDATE outbox SET published_at = now() WHERE id = ANY ($1)`, [[published, longer]]);
    const forgotten = await ds.transaction((m) => forgetPublished(m, 'gone@example.com'));
    expect(forgotten).toBe(1);
    const left: { id: string }[] = await ds.query('SELECT id FROM outbox ORDER BY created_at');
    expect(left.map((r) => r.id)).toEqual([longer, pending]);
  });
});
