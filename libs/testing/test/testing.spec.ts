import { BusError } from '@shelfscan/bus';
import { eventually, failure } from '../src/index.js';

describe('eventually', () => {
  it('answers the first truthy answer, asking again after answers that are not and after errors', async () => {
    let asked = 0;
    const answer = await eventually(async () => {
      asked++;
      if (asked === 1) throw new Error('not there yet');
      return asked >= 3 ? { asked } : undefined;
    });
    expect(answer).toEqual({ asked: 3 });
  });

  it('fails after its bound, naming what it awaited and the last answer', async () => {
    const started = Date.now();
    await expect(eventually(async () => 0, { what: 'the scan to end', timeoutMs: 60 })).rejects.toThrow(
      'eventually: not true within 60 ms: the scan to end (it last answered 0)',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('names the probe by its source and the last error when not told what it awaits', async () => {
    const err = await eventually(() => {
      throw new Error('no such row');
    }, 30).catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /not true within 30 ms: .*throw new Error\('no such row'\).*it last threw .*no such row/,
    );
  });
});

describe('failure', () => {
  it('answers the BusError a call fails with', async () => {
    const err = new BusError('NOT_FOUND', 'no such scan');
    expect(await failure(Promise.reject(err))).toBe(err);
    expect(await failure(Promise.reject(err), 'NOT_FOUND')).toBe(err);
  });

  it('fails when the call succeeds, fails otherwise, or fails with another code', async () => {
    await expect(failure(Promise.resolve({ id: 7 }))).rejects.toThrow(
      'expected the call to fail, it succeeded with { id: 7 }',
    );
    const other = new Error('socket hang up');
    await expect(failure(Promise.reject(other))).rejects.toBe(other);
    await expect(
      failure(Promise.reject(new BusError('NOT_FOUND', 'gone')), 'PERMISSION_DENIED'),
    ).rejects.toThrow('expected the call to fail with PERMISSION_DENIED, it failed with NOT_FOUND: gone');
  });
});
