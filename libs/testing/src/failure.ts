import { inspect } from 'node:util';
import { BusError, type BusErrorCode } from '@shelfscan/bus';

/**
 * The BusError a call fails with. Fails the test when the call succeeds, when it fails with
 * anything but a BusError (that error is rethrown), or, given `code`, with another code.
 */
export async function failure(call: Promise<unknown>, code?: BusErrorCode): Promise<BusError> {
  let answer: unknown;
  try {
    answer = await call;
  } catch (err) {
    if (!(err instanceof BusError)) throw err;
    if (code !== undefined && err.code !== code) {
      throw new Error(`expected the call to fail with ${code}, it failed with ${err.code}: ${err.message}`, {
        cause: err,
      });
    }
    return err;
  }
  throw new Error(
    `expected the call to fail${code ? ` with ${code}` : ''}, it succeeded with ${inspect(answer)}`,
  );
}
