import { ManualClock } from '@shelfscan/clock';
import { istanbulDate, istanbulMidnight, istanbulToday } from './istanbul.js';

describe('the Istanbul day rule', () => {
  it('turns the day at 21:00 UTC (midnight in Istanbul), not at UTC midnight', () => {
    const clock = new ManualClock('2026-11-27T20:59:59.999Z');
    expect(istanbulToday(clock)).toBe('2026-11-27');
    clock.advance(1);
    expect(istanbulToday(clock)).toBe('2026-11-28');
    clock.set('2026-11-28T23:59:59Z'); // still the 29th's early hours in Istanbul
    expect(istanbulToday(clock)).toBe('2026-11-29');
    clock.set('2026-11-30T21:00:00Z');
    expect(istanbulToday(clock)).toBe('2026-12-01');
    clock.set('2026-12-31T21:00:00Z');
    expect(istanbulToday(clock)).toBe('2027-01-01');
  });

  it('reads a period stored as instants as the days it was bought for', () => {
    // A plan bought on 28 Nov runs from its Istanbul midnight to the 1st's.
    const start = istanbulMidnight('2026-11-28');
    const end = istanbulMidnight('2026-12-01');
    expect(start.toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect([istanbulDate(start), istanbulDate(end)]).toEqual(['2026-11-28', '2026-12-01']);
    expect(istanbulDate(end.toISOString())).toBe('2026-12-01');
    expect(istanbulDate(new Date(end.getTime() - 1))).toBe('2026-11-30');
  });

  it('gives the Istanbul date of an instant (UTC+3)', () => {
    expect(istanbulDate(new Date('2030-01-31T21:00:00Z'))).toBe('2030-02-01');
    expect(istanbulDate(new Date('2030-01-31T20:59:59Z'))).toBe('2030-01-31');
  });
});
