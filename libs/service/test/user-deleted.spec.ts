import { BusTables1763800000000, addToOutbox } from '@shelfscan/bus';
import { adminEventsV1, authEventsV1 } from '@shelfscan/contracts';
import { createTestDataSource } from '@shelfscan/db';
import type { DataSource } from 'typeorm';
import { deletedUserOf, forgetDeletedUser } from '../src/index.js';

const deleted = (userEmail: string, userId = ' 4F3C2B1A-0000-4000-8000-00000000000A ') =>
  ({ userEmail, userId }) as adminEventsV1.UserDeleted;

describe('deletedUserOf', () => {
  it('names the user as the services hold them: trimmed, lower case', () => {
    expect(deletedUserOf(deleted(' Gone@Example.COM '))).toEqual({
      email: 'gone@example.com',
      userId: '4f3c2b1a-0000-4000-8000-00000000000a',
    });
  });

  it('names no one when the event has no email', () => {
    expect(deletedUserOf(deleted('  '))).toBeUndefined();
  });
});

describe('forgetDeletedUser (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDataSource>>;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDataSource({ schema: 'svc', migrations: [BusTables1763800000000] });
    ds = db.ds;
    await ds.query('CREATE TABLE account (email text PRIMARY KEY)');
  });
  afterAll(() => db.close());

  const published = async (email: string) => {
    const id = await ds.transaction((m) =>
      addToOutbox(m, authEventsV1.UserRegisteredSchema, { email, userId: 'u' }),
    );
    await ds.query('UPDATE outbox SET published_at = now() WHERE id = $1', [id]);
    return id;
  };
  const forget = (ds: DataSource, messageId: string, userEmail: string, runs: string[]) =>
    forgetDeletedUser(ds, 'svc.user-deleted', deleted(userEmail), { messageId }, async (m, user) => {
      runs.push(user.email);
      await m.query('DELETE FROM account WHERE email = $1', [user.email]);
    });

  it("runs the service's deletion and forgets the user's published rows, once per message", async () => {
    await ds.query("INSERT INTO account VALUES ('gone@example.com'), ('stays@example.com')");
    await published('gone@example.com');
    const kept = await published('stays@example.com');
    const runs: string[] = [];
    const messageId = '7d7f6a0e-2b67-4d7e-9a53-2f0d7e1b8a12';

    expect(await forget(ds, messageId, ' GONE@example.com', runs)).toBe(true);
    expect(await forget(ds, messageId, ' GONE@example.com', runs)).toBe(false);

    expect(runs).toEqual(['gone@example.com']);
    expect(await ds.query('SELECT email FROM account')).toEqual([{ email: 'stays@example.com' }]);
    expect(await ds.query('SELECT id FROM outbox')).toEqual([{ id: kept }]);
  });

  it('changes nothing for an event without an email, and keeps no mark of it', async () => {
    const runs: string[] = [];
    const messageId = '7d7f6a0e-2b67-4d7e-9a53-2f0d7e1b8a13';
    expect(await forget(ds, messageId, ' ', runs)).toBe(false);
    expect(runs).toEqual([]);
    expect(await ds.query('SELECT * FROM processed_message WHERE message_id = $1', [messageId])).toEqual([]);
  });
});
