import type { DataSource } from 'typeorm';
import { createTestDataSource, withAdvisoryLock } from './index.js';

describe('withAdvisoryLock (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDataSource>>;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDataSource({ schema: 'locks' });
    ds = db.ds;
  });
  afterAll(() => db.close());

  /** Holds the lock until the returned release is called. */
  async function hold(key: string) {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const held = withAdvisoryLock(ds, key, { wait: true }, async () => {
      entered();
      await released;
      return 'first';
    });
    await inside;
    return { release, held };
  }

  it('answers not locked at once while another holds the key, and runs once it is free', async () => {
    const first = await hold('renewal');
    let ran = false;
    expect(await withAdvisoryLock(ds, 'renewal', { wait: false }, async () => (ran = true))).toEqual({
      locked: false,
    });
    expect(ran).toBe(false);
    expect(await withAdvisoryLock(ds, 'another', { wait: false }, async () => 7)).toEqual({
      locked: true,
      value: 7,
    });
    first.release();
    expect(await first.held).toEqual({ locked: true, value: 'first' });
    expect(await withAdvisoryLock(ds, 'renewal', { wait: false }, async () => 8)).toEqual({
      locked: true,
      value: 8,
    });
  });

  it('queues behind the holder when told to wait, and frees the key when the work fails', async () => {
    const first = await hold('invoice:1');
    const order: string[] = [];
    const second = withAdvisoryLock(ds, 'invoice:1', { wait: true }, async () => void order.push('second'));
    await new Promise((r) => setImmediate(r));
    order.push('first done');
    first.release();
    await second;
    expect(order).toEqual(['first done', 'second']);
    await expect(
      withAdvisoryLock(ds, 'invoice:1', { wait: false }, async () => {
        throw new Error('the charge failed');
      }),
    ).rejects.toThrow('the charge failed');
    expect(await withAdvisoryLock(ds, 'invoice:1', { wait: false }, async () => 'free')).toEqual({
      locked: true,
      value: 'free',
    });
  });
});
