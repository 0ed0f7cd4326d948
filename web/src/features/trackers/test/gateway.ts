/**
 * The trackers specs' gateway: the trackers API (issue 18's contract) on the shared fake gateway
 * (test/gateway.ts), with the list, each tracker, its runs and its ASINs as the spec sets them.
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
import type { Tracker, TrackerAsin, TrackerRun } from '../model';

export interface Gateway extends FakeGateway {
  /**
   * The list's answer; a function answers per call (n: how many calls of that route so far, this one
   * included: the list's for `GET /api/trackers`, the tracker's for `GET /api/trackers/{id}`).
   */
  trackers: Tracker[] | ((n: number) => Tracker[]);
  runs: Record<string, TrackerRun[] | ((n: number) => TrackerRun[])>;
  /** Every ASIN of a tracker; the gateway filters by `present` and pages them by `page` and `size`. */
  asins: Record<string, TrackerAsin[]>;
}

const notFound = () => jsonResponse({ success: false, message: 'Tracker not found.' }, 404);

export function gateway({
  trackers = [],
  runs = {},
  asins = {},
  answers = {},
}: Partial<Pick<Gateway, 'trackers' | 'runs' | 'asins'>> & { answers?: Routes } = {}): Gateway {
  /** The trackers as the n-th call of `route` sees them. */
  const trackersAt = (route: string) => {
    const entry = server.trackers;
    return typeof entry === 'function' ? entry(server.callsTo(route).length) : entry;
  };
  const server: Gateway = Object.assign(
    fakeGateway(answers, {
      'GET /api/account/user': () => ok(account({ id: 1 })),
      'GET /api/search-info/quota': () => ok(quota()),
      'GET /api/trackers': () => ok(trackersAt('GET /api/trackers')),
      'GET /api/trackers/:id': (_request, _url, { id }) => {
        const found = trackersAt(`GET /api/trackers/${id}`).find((t) => t.id === id);
        return found ? ok(found) : notFound();
      },
      'GET /api/trackers/:id/runs': (_request, _url, { id }) => {
        const entry = server.runs[id] ?? [];
        const n = server.callsTo(`GET /api/trackers/${id}/runs`).length;
        return ok(typeof entry === 'function' ? entry(n) : entry);
      },
      'GET /api/trackers/:id/asins': (_request, url, { id }) => {
        const present = url.searchParams.get('present');
        const page = Number(url.searchParams.get('page') ?? 0);
        const size = Number(url.searchParams.get('size') ?? 20);
        const all = (server.asins[id] ?? []).filter((a) => present === null || String(a.present) === present);
        return pageResponse(all.slice(page * size, (page + 1) * size), all.length);
      },
      'POST /api/trackers': () => ok({ id: 'new-1' }, 'Tracker created.'),
      'PUT /api/trackers/:id': () => ok(null, 'Tracker saved.'),
      'DELETE /api/trackers/:id': () => ok(null, 'Tracker deleted.'),
      'POST /api/trackers/:id/:action': () => ok(null),
    }),
    { trackers, runs, asins },
  );
  return server;
}
