/** A fake gateway for the dashboard specs: the scans API of gateway/README.md, recording every call. */
import { vi } from 'vitest';
import { jsonResponse, requestUrl } from '../../../test/render';
import type { Coverage, Quota, Todo, TodoState } from '../model';

/** A finished scan's coverage facts: 60 ASINs of the 60 Amazon reports, unless `over` says otherwise. */
export const coverageFacts = (over: Partial<Coverage> = {}): Coverage => ({
  found: 60,
  reported: 60,
  reportedIsLowerBound: false,
  filtered: false,
  listLimit: 2720,
  stoppedAtListLimit: false,
  unpricedMissing: 0,
  unpricedMissingEstimated: false,
  unreached: 0,
  asinCheck: null,
  ...over,
});

export function todo(over: Partial<Todo> & Pick<Todo, 'id'>): Todo {
  return {
    searchType: 'standard',
    state: 'completed',
    status: 'COMPLETED',
    fileName: `scan ${over.id}`,
    storeUrl: 'https://www.amazon.ca/s?me=A1B2C3',
    sellerId: 'A1B2C3',
    keyword: null,
    market: 'CA',
    categories: [],
    minPrice: null,
    maxPrice: null,
    minStar: null,
    maxStar: null,
    amazonChoice: false,
    bestSeller: false,
    searchDate: '2026-03-05T09:07:00',
    searchCompleteDate: null,
    searchCancelDate: null,
    asinCount: 0,
    reportedTotal: null,
    coverage: null,
    failureReason: null,
    failureCode: null,
    progress: null,
    asinListSize: null,
    ...over,
  };
}

export const fullQuota = (over: Partial<Quota> = {}): Quota => ({
  plans: { standard: true, deep: true, functional: true },
  standard: { dayUsed: 3, dayLimit: 15, monthUsed: 40, monthLimit: 450 },
  deep: { dayUsed: 1, dayLimit: 5 },
  listLimit: 2720,
  nextDayAt: '2026-11-24T00:00:00+03:00',
  ...over,
});

export interface Gateway {
  /** Each column's answer: the shown page and the total (x-total-count); a function answers per call. */
  lists: Partial<
    Record<TodoState, { items: Todo[]; total?: number } | ((n: number) => { items: Todo[]; total?: number })>
  >;
  quota: Quota;
  calls: Request[];
  /** Answers for other calls, by "METHOD /path" (checked before the defaults). */
  answers: Record<string, (request: Request) => Response | Promise<Response>>;
  /** How often each list was asked for. */
  listCalls: (state: TodoState) => Request[];
}

export function gateway(over: Partial<Pick<Gateway, 'lists' | 'quota' | 'answers'>> = {}): Gateway {
  const server: Gateway = {
    lists: {},
    quota: fullQuota(),
    answers: {},
    calls: [],
    listCalls: (state) =>
      server.calls.filter(
        (r) => r.method === 'GET' && new URL(r.url).pathname === `/api/search-info/${state}`,
      ),
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(requestUrl(input), init);
      server.calls.push(request.clone());
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      if (server.answers[key]) return server.answers[key](request);
      if (key === 'GET /api/account/user')
        return jsonResponse({ success: true, data: { id: 1, firstName: 'Ayşe', email: 'ayse@example.com' } });
      if (key === 'GET /api/search-info/quota') return jsonResponse({ success: true, data: server.quota });
      if (key === 'GET /api/category')
        return jsonResponse({
          success: true,
          data: [
            { label: 'Books', level: 1, suffix: 'ca', nodeId: '916520' },
            { label: 'All Categories', level: 1, suffix: 'ca', nodeId: '1' },
          ],
        });
      const list = /^GET \/api\/search-info\/(pending|ongoing|completed|archived)$/.exec(key);
      if (list) {
        const state = list[1] as TodoState;
        const entry = server.lists[state];
        const n = server.listCalls(state).length;
        const page = typeof entry === 'function' ? entry(n) : (entry ?? { items: [] });
        return new Response(JSON.stringify({ success: true, data: page.items }), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'x-total-count': String(page.total ?? page.items.length),
          },
        });
      }
      return jsonResponse({ success: false, message: `not stubbed: ${key}` }, 404);
    }),
  );
  return server;
}
