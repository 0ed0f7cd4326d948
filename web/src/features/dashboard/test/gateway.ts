/**
 * The dashboard specs' gateway: the scans API of gateway/README.md on the shared fake gateway
 * (test/gateway.ts), with each column's list and the quota as the spec sets them.
 */
import { account, quota } from '../../../test/fixtures';
import {
  fakeGateway,
  jsonResponse,
  ok,
  pageResponse,
  type FakeGateway,
  type Routes,
} from '../../../test/gateway';
import { TODO_STATES, type Quota, type Todo, type TodoState } from '../model';

type Page = { items: Todo[]; total?: number };

export interface Gateway extends FakeGateway {
  /** Each column's answer: the shown page and the total (x-total-count); a function answers per call. */
  lists: Partial<Record<TodoState, Page | ((n: number) => Page)>>;
  quota: Quota;
  /** How often each list was asked for. */
  listCalls: (state: TodoState) => Request[];
}

export function gateway({
  lists = {},
  quota: shown = quota(),
  answers = {},
}: { lists?: Gateway['lists']; quota?: Quota; answers?: Routes } = {}): Gateway {
  const server: Gateway = Object.assign(
    fakeGateway(answers, {
      'GET /api/account/user': () => ok(account({ id: 1 })),
      'GET /api/search-info/quota': () => ok(server.quota),
      'GET /api/trackers': () => ok([]),
      'GET /api/search-info/batch': () => pageResponse([]),
      'GET /api/category': () =>
        ok([
          { label: 'Books', level: 1, suffix: 'ca', nodeId: '916520' },
          { label: 'All Categories', level: 1, suffix: 'ca', nodeId: '1' },
        ]),
      'GET /api/search-info/:state': (_request, _url, params) => {
        const state = params.state as TodoState;
        if (!TODO_STATES.includes(state))
          return jsonResponse({ success: false, message: `not stubbed: GET /api/search-info/${state}` }, 404);
        const entry = server.lists[state];
        const n = server.listCalls(state).length;
        const page = typeof entry === 'function' ? entry(n) : (entry ?? { items: [] });
        return pageResponse(page.items, page.total);
      },
    }),
    {
      lists,
      quota: shown,
      listCalls: (state: TodoState) => server.callsTo(`GET /api/search-info/${state}`),
    },
  );
  return server;
}
