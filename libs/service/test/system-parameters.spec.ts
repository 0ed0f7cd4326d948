import 'reflect-metadata';
import type { BusClient } from '@shelfscan/bus';
import { BusError } from '@shelfscan/bus';
import {
  SYSTEM_PARAMETERS_FETCH_TIMEOUT_MS,
  SYSTEM_PARAMETER_DEFAULTS,
  SystemParameters,
  SystemParametersLoader,
} from '../src/index.js';

/** A bus whose one request answers as told. */
const busAnswering = (answer: () => Promise<unknown>) => ({ request: answer }) as unknown as BusClient;

describe('SystemParametersLoader (the fetch at start)', () => {
  afterEach(() => jest.useRealTimers());

  it('applies the admin service answer', async () => {
    const parameters = new SystemParameters();
    const current = SYSTEM_PARAMETER_DEFAULTS.map((d) =>
      d.key === 'search.deep.dailyLimit' ? { ...d, value1: '9' } : d,
    );
    await new SystemParametersLoader(
      parameters,
      busAnswering(async () => ({ parameters: current })),
    ).onApplicationBootstrap();
    expect(parameters.number('search.deep.dailyLimit')).toBe(9);
  });

  it('keeps the defaults when no admin service answers', async () => {
    const parameters = new SystemParameters();
    const loader = new SystemParametersLoader(
      parameters,
      busAnswering(() => Promise.reject(new BusError('UNAVAILABLE', 'no service answers'))),
    );
    await loader.onApplicationBootstrap();
    expect(parameters.number('search.deep.dailyLimit')).toBe(5);
  });

  it('gives up after the timeout when the admin service does not answer', async () => {
    jest.useFakeTimers();
    const parameters = new SystemParameters();
    const loader = new SystemParametersLoader(
      parameters,
      busAnswering(() => new Promise(() => undefined)),
    );
    let done = false;
    const started = loader.onApplicationBootstrap().then(() => (done = true));
    await jest.advanceTimersByTimeAsync(SYSTEM_PARAMETERS_FETCH_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await started;
    expect(parameters.number('search.standard.dailyLimit')).toBe(15);
  });
});
