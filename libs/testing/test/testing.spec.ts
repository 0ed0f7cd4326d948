import { BusError } from '@shelfscan/bus';
import { GaveUp, eventually, failure, printed } from '../src/index.js';

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

describe('eventually gives up', () => {
  it('at once when the probe throws GaveUp', async () => {
    const started = Date.now();
    await expect(
      eventually(() => {
        throw new GaveUp('the process exited');
      }, 10_000),
    ).rejects.toThrow('the process exited');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('printed: resolves once the text is out, fails at once on an exit, names the output on a timeout', async () => {
    const child = { exitCode: null as number | null, signalCode: null };
    let out = 'starting\n';
    setTimeout(() => (out += 'ShelfScan is up\n'), 50);
    await expect(printed(child, () => out, 'ShelfScan is up', 5_000)).resolves.toBe(true);
    const started = Date.now();
    child.exitCode = 1;
    await expect(printed(child, () => out, 'never', 10_000)).rejects.toThrow(
      /the process exited \(1\) before printing "never":\nstarting\nShelfScan is up/,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    child.exitCode = null;
    await expect(printed(child, () => out, 'never', 30)).rejects.toThrow(
      /not true within 30 ms: the process to print "never"; it printed:\nstarting/,
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
