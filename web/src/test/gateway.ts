/**
 * The one fake gateway of the web specs: fetch is stubbed and answered by route, as the gateway's
 * API does (gateway/README.md, the shapes of the web's API types; the answers' bodies come from the
 * builders of ./fixtures), and every call is recorded for the assertions.
 *
 * A route is "METHOD /path" with the path decoded (`GET /api/admin/users/ayse@example.com`); a
 * `:name` segment matches any one segment and is handed to the answer. The spec's routes are tried
 * before the defaults; a call no route answers gets the `*` route's answer, if there is one, or a
 * 404 naming it.
 */
import { vi } from 'vitest';

type Params = Record<string, string>;
export type Answer = (request: Request, url: URL, params: Params) => Response | Promise<Response>;
export type Routes = Record<string, Answer>;

export interface FakeGateway {
  /** Every call, in order: copies whose bodies can still be read (`await call.json()`). */
  calls: Request[];
  /** The spec's answers by route; one may be added or replaced at any time. */
  routes: Routes;
  /** The calls of one route ("METHOD /path", `:name` segments allowed). */
  callsTo: (route: string) => Request[];
  /** The JSON body of the last call of a route. */
  lastBody: (route: string) => Promise<unknown>;
}

/** A JSON Response as the gateway would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A gateway answer: `{ success: true, message, data }`. */
export const ok = (data?: unknown, message = 'ok') => jsonResponse({ success: true, message, data });

/** A list answer: the items as data and the total in `x-total-count`. */
export function pageResponse(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify({ success: true, data: items }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'x-total-count': String(total) },
  });
}

/** "METHOD /path", the path decoded. */
const keyOf = (request: Request) => `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`;

/** The parameters of `key` under `route`, or null when the route does not match it. */
function match(route: string, key: string): Params | null {
  if (route === key) return {};
  if (!route.includes('/:')) return null;
  const want = route.split('/');
  const got = key.split('/');
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':') && got[i] !== '') params[want[i].slice(1)] = got[i];
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

function answerOf(routes: Routes, key: string): { answer: Answer; params: Params } | null {
  if (routes[key]) return { answer: routes[key], params: {} };
  for (const [route, answer] of Object.entries(routes)) {
    const params = route === '*' ? null : match(route, key);
    if (params) return { answer, params };
  }
  return null;
}

/** Stubs fetch with `routes`, then `defaults` (the routes a page needs to show at all). */
export function fakeGateway(routes: Routes = {}, defaults: Routes = {}): FakeGateway {
  const gateway: FakeGateway = {
    calls: [],
    routes,
    callsTo: (route) => gateway.calls.filter((r) => match(route, keyOf(r)) !== null),
    lastBody: async (route) => gateway.callsTo(route).at(-1)?.clone().json(),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      // fetchBaseQuery passes a Request; a plain call passes a URL and options.
      const request = input instanceof Request ? input : new Request(String(input), init);
      gateway.calls.push(request.clone());
      const key = keyOf(request);
      const found = answerOf(gateway.routes, key) ?? answerOf(defaults, key);
      if (found) return found.answer(request, new URL(request.url), found.params);
      const rest = gateway.routes['*'] ?? defaults['*'];
      if (rest) return rest(request, new URL(request.url), {});
      return jsonResponse({ success: false, message: `not stubbed: ${key}` }, 404);
    }),
  );
  return gateway;
}
