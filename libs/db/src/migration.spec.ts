import type { QueryRunner } from 'typeorm';
import { sqlMigration } from './migration.js';

function recorder() {
  const ran: string[] = [];
  return { ran, runner: { query: async (sql: string) => void ran.push(sql) } as unknown as QueryRunner };
}

describe('sqlMigration', () => {
  const Migration = sqlMigration('Things1700000000001', {
    up: ['CREATE TABLE a (id int)', 'CREATE TABLE b (id int)'],
    down: ['DROP TABLE b', 'DROP TABLE a'],
  });

  it('is named for TypeORM, which orders migrations by the timestamp ending the name', () => {
    expect(new Migration().name).toBe('Things1700000000001');
  });

  it('runs its statements in order each way, one at a time', async () => {
    const { ran, runner } = recorder();
    const m = new Migration();
    await m.up(runner);
    await m.down(runner);
    expect(ran).toEqual([
      'CREATE TABLE a (id int)',
      'CREATE TABLE b (id int)',
      'DROP TABLE b',
      'DROP TABLE a',
    ]);
  });

  it('stops at the first statement that fails (the migration runs in a transaction)', async () => {
    const ran: string[] = [];
    const runner = {
      query: async (sql: string) => {
        ran.push(sql);
        if (sql.startsWith('CREATE TABLE a')) throw new Error('relation "a" already exists');
      },
    } as unknown as QueryRunner;
    await expect(new Migration().up(runner)).rejects.toThrow('already exists');
    expect(ran).toEqual(['CREATE TABLE a (id int)']);
  });
});
