import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { LOADER_DONE_DELAY_MS, selectLoaderVisible } from './loader';
import { makeStore } from './store';
import { fakeGateway, ok } from '../test/gateway';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    loaderProbe: build.query<unknown, number>({ query: (n) => `http://localhost/api/probe/${n}` }),
  }),
});

/** The probe's calls are answered only when the spec says so (`respond(i)`: the i-th call). */
function deferredFetch() {
  const pending: ((r: Response) => void)[] = [];
  const server = fakeGateway({
    'GET /api/probe/:n': () => new Promise<Response>((resolve) => pending.push(resolve)),
  });
  const respond = (i: number) => pending[i](ok(1));
  return { calls: server.calls, respond };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('global loader counter', () => {
  afterEach(() => vi.useRealTimers());

  it('shows at the first pending request and hides 500 ms after the last one settles', async () => {
    vi.useFakeTimers();
    const { calls, respond } = deferredFetch();
    const store = makeStore();
    const visible = () => selectLoaderVisible(store.getState());
    expect(visible()).toBe(false);

    const first = store.dispatch(probeApi.endpoints.loaderProbe.initiate(1));
    const second = store.dispatch(probeApi.endpoints.loaderProbe.initiate(2));
    await flush();
    expect(visible()).toBe(true);
    expect(store.getState().loader.pending).toBe(2);
    expect(calls).toHaveLength(2);

    respond(0);
    await flush();
    await vi.advanceTimersByTimeAsync(LOADER_DONE_DELAY_MS);
    expect(store.getState().loader.pending).toBe(1);
    expect(visible()).toBe(true);

    respond(1);
    await flush();
    expect(visible()).toBe(true); // still visible: the done action is delayed
    await vi.advanceTimersByTimeAsync(LOADER_DONE_DELAY_MS - 10);
    expect(visible()).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(visible()).toBe(false);
    first.unsubscribe();
    second.unsubscribe();
  });

  it('does not count a query served from the cache', async () => {
    vi.useFakeTimers();
    const { respond } = deferredFetch();
    const store = makeStore();
    const a = store.dispatch(probeApi.endpoints.loaderProbe.initiate(7));
    await flush();
    respond(0);
    await flush();
    await vi.advanceTimersByTimeAsync(LOADER_DONE_DELAY_MS);
    expect(store.getState().loader.pending).toBe(0);

    const b = store.dispatch(probeApi.endpoints.loaderProbe.initiate(7)); // cached, no request
    await flush();
    expect(store.getState().loader.pending).toBe(0);
    expect(selectLoaderVisible(store.getState())).toBe(false);
    a.unsubscribe();
    b.unsubscribe();
  });
});
