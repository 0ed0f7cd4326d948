import fs from 'node:fs';
import { SystemParameters } from '@shelfscan/service';
import { failure } from '@shelfscan/testing';
import { A, startHarness, type Harness } from './harness.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/**
 * Issue 20: phone verification cannot be used to pump SMS. Codes go only to Turkey and the markets'
 * countries, and the hour's SMS are limited per number, per block of numbers and in total, each a
 * system parameter. Real PostgreSQL, a ManualClock, the SMS file outbox.
 */
describe('auth: SMS only where the product sells, within the hour’s limits', () => {
  let h: Harness;
  const parameters = new SystemParameters();
  const limits = (values: Partial<Record<'perNumber' | 'perPrefix' | 'total', number>>) =>
    parameters.apply(
      (
        [
          ['sms.perNumberHourlyLimit', values.perNumber ?? 3],
          ['sms.perPrefixHourlyLimit', values.perPrefix ?? 10],
          ['sms.hourlyLimit', values.total ?? 100],
        ] as const
      ).map(([key, n]) => ({ key, description: '', value1: String(n), value2: '', value3: '' })),
    );
  let users = 0;
  /** A new activated account (each may send one code a minute, five an hour). */
  const user = async () => {
    const email = `sms${++users}@example.com`;
    await h.registerActive(email);
    return email;
  };
  const send = (email: string, phone: string) => h.bus.request(A.sendPhoneCode, { email, phone });
  const smsTo = (e164: string) =>
    fs.existsSync(h.smsDir) ? fs.readdirSync(h.smsDir).filter((f) => f.endsWith(`-${e164}.txt`)).length : 0;

  beforeAll(async () => {
    h = await startHarness({}, [{ provide: SystemParameters, useValue: parameters }]);
  }, 60_000);
  afterAll(() => h.stop());
  beforeEach(() => {
    // Every test starts in an hour of its own, with the default limits.
    h.clock.advance(2 * HOUR);
    limits({});
  });

  it('a +1 900 number (US premium rate) is refused with a clear 422; Turkey and the markets’ countries are taken', async () => {
    const u = await user();
    for (const refused of ['+1 900 234 5678', '+1 415 555 2671', '+1 876 234 5678', '+49 151 12345678']) {
      const err = await failure(send(u, refused));
      expect([refused, err.code, err.reason, err.violations]).toEqual([
        refused,
        'INVALID_ARGUMENT',
        'phoneCountryNotAllowed',
        [{ field: 'gsm', msg: 'phoneCountryNotAllowed' }],
      ]);
    }
    expect(smsTo('+19002345678')).toBe(0);
    for (const [i, ok] of ['+1 416 234 5678', '+44 7400 123456', '0532 765 43 21'].entries()) {
      h.clock.advance(MIN + i);
      expect(await send(u, ok)).toMatchObject({ sent: true });
    }
    expect(smsTo('+14162345678')).toBe(1);
  });

  it('per number: sms.perNumberHourlyLimit a number, whichever account asks; back an hour after the first', async () => {
    limits({ perNumber: 2 });
    const [a, b] = [await user(), await user()];
    expect(await send(a, '+905551112201')).toMatchObject({ sent: true });
    h.clock.advance(MIN + 1000);
    expect(await send(b, '+905551112201')).toMatchObject({ sent: true });
    h.clock.advance(MIN + 1000);
    const err = await failure(send(a, '+905551112201'));
    expect([err.code, err.reason, err.options.retryAfterSeconds]).toEqual([
      'RESOURCE_EXHAUSTED',
      'smsNumberTooMany',
      3600 - 122,
    ]);
    // Another number is not affected.
    expect(await send(await user(), '+905551112202')).toMatchObject({ sent: true });
    h.clock.advance(HOUR - 2 * MIN);
    expect(await send(a, '+905551112201')).toMatchObject({ sent: true });
    expect(smsTo('+905551112201')).toBe(3);
  });

  it('per block of numbers: sms.perPrefixHourlyLimit to numbers that differ only in their last four digits', async () => {
    limits({ perPrefix: 2 });
    expect(await send(await user(), '+905553330001')).toMatchObject({ sent: true });
    expect(await send(await user(), '+905553330002')).toMatchObject({ sent: true });
    const err = await failure(send(await user(), '+905553339999'));
    expect([err.code, err.reason]).toEqual(['RESOURCE_EXHAUSTED', 'smsTooMany']);
    expect(smsTo('+905553339999')).toBe(0);
    // The next block is another one.
    expect(await send(await user(), '+905553340001')).toMatchObject({ sent: true });
  });

  it('in total: sms.hourlyLimit SMS an hour to any numbers', async () => {
    limits({ total: 2 });
    expect(await send(await user(), '+905554440001')).toMatchObject({ sent: true });
    expect(await send(await user(), '+447400555001')).toMatchObject({ sent: true });
    const err = await failure(send(await user(), '+14162345001'));
    expect([err.code, err.reason]).toEqual(['RESOURCE_EXHAUSTED', 'smsTooMany']);
    h.clock.advance(HOUR);
    expect(await send(await user(), '+14162345001')).toMatchObject({ sent: true });
  });
});
