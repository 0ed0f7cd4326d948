import type { DataSource, EntityManager } from 'typeorm';
import { QuotaRepository } from './quota.repository.js';

/** The Istanbul periods are asked of PostgreSQL once a day, not at every quota read (docs/performance.md). */
describe('QuotaRepository.periods', () => {
  // What PostgreSQL answers for an instant of 2030-07-01 and of 2030-07-02 (Istanbul, UTC+3).
  const answers: Record<string, object> = {
    '2030-07-01': {
      day: '2030-07-01',
      month: '2030-07-01',
      next_day: new Date('2030-07-01T21:00:00Z'),
      next_month: new Date('2030-07-31T21:00:00Z'),
    },
    '2030-07-02': {
      day: '2030-07-02',
      month: '2030-07-01',
      next_day: new Date('2030-07-02T21:00:00Z'),
      next_month: new Date('2030-07-31T21:00:00Z'),
    },
  };
  const asked: Date[] = [];
  const manager = {
    query: async (_sql: string, [now]: [Date]) => {
      asked.push(now);
      const istanbul = new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
      return [answers[istanbul]];
    },
  } as unknown as EntityManager;
  const repo = new QuotaRepository({ manager } as unknown as DataSource);

  it('answers every instant of an Istanbul day from one query, and asks again after its midnight', async () => {
    const morning = await repo.periods(new Date('2030-06-30T21:00:00Z'));
    expect(morning.day).toBe('2030-07-01');
    expect(await repo.periods(new Date('2030-07-01T12:00:00Z'))).toBe(morning);
    expect(await repo.periods(new Date('2030-07-01T20:59:59.999Z'))).toBe(morning);
    expect(asked).toHaveLength(1);
    const next = await repo.periods(new Date('2030-07-01T21:00:00Z'));
    expect(next).toMatchObject({ day: '2030-07-02', month: '2030-07-01' });
    expect(asked).toHaveLength(2);
    // An instant before the known day (a clock set back in a test) is asked again too.
    expect((await repo.periods(new Date('2030-07-01T10:00:00Z'))).day).toBe('2030-07-01');
    expect(asked).toHaveLength(3);
  });
});
