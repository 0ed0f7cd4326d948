/**
 * A fake gateway for the admin specs: answers by "METHOD /path" (the routes of gateway/src/admin,
 * billing and search, and the contract of the routes still being built), recording every call.
 */
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { jsonResponse, requestUrl } from '../../../test/render';
import { todo } from '../../../test/fixtures';
import type { AdminScan, AdminUser, Counters } from '../model';

type Answer = (request: Request, url: URL) => Response | Promise<Response>;

export interface FakeGateway {
  calls: Request[];
  /** The calls of one route ("METHOD /path"). */
  callsTo: (key: string) => Request[];
  /** The JSON body of the last call of a route. */
  lastBody: (key: string) => Promise<unknown>;
}

/** A list answer: the items as data and the total in `x-total-count`. */
export function pageResponse(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify({ success: true, data: items }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'x-total-count': String(total) },
  });
}

export const ok = (data: unknown, message = 'ok') => jsonResponse({ success: true, message, data });

export const COUNTERS: Counters = {
  totalUsers: 1234,
  activeDeepUsers: 12,
  activeStandardUsers: 345,
  freeStandardPlans: 7,
  standardPlanCount: 350,
  deepFeatureCount: 13,
  functionalFeatureCount: 4,
  notRenewedCount: 21,
  remainingDeepSearchCount: 40,
  remainingStandardSearchCount: 5100,
};

export function adminUser(over: Partial<AdminUser> & Pick<AdminUser, 'email'>): AdminUser {
  return {
    userId: `id-${over.email}`,
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    createdAt: '2026-03-05T09:07:00Z',
    activated: true,
    activatedAt: '2026-03-05T09:10:00Z',
    membershipActive: true,
    planActive: false,
    ...over,
  };
}

/** A scan of the admin list: the dashboard's todo, finished, with its owner. */
export function scan(over: Partial<AdminScan> & Pick<AdminScan, 'id'>): AdminScan {
  return todo({ searchDate: '2026-03-05T09:07:00Z', asinCount: 120, userEmail: 'ayse@example.com', ...over });
}

/** "METHOD /path", the path decoded (`/api/admin/users/ayse@example.com`). */
const keyOf = (request: Request) => `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`;

/** Stubs fetch with the given answers, then the defaults every admin page needs. */
export function fakeGateway(answers: Record<string, Answer> = {}): FakeGateway {
  const calls: Request[] = [];
  const gateway: FakeGateway = {
    calls,
    callsTo: (key) => calls.filter((r) => keyOf(r) === key),
    lastBody: async (key) => {
      const list = gateway.callsTo(key);
      const last = list[list.length - 1];
      return last ? last.clone().json() : undefined;
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(requestUrl(input), init);
      calls.push(request.clone());
      const url = new URL(request.url);
      const key = keyOf(request);
      if (answers[key]) return answers[key](request, url);
      if (key === 'GET /api/account/user')
        return ok({ id: 1, firstName: 'Admin', lastName: 'Root', email: 'admin@example.com' });
      if (key === 'GET /api/admin/counters') return ok(COUNTERS);
      if (key === 'GET /api/contact-info')
        return ok({ whatsapp: '+905321234567', supportEmail: 'help@shelfscan.test' });
      if (key === 'GET /api/admin/users') return pageResponse([]);
      return jsonResponse({ success: false, message: `not stubbed: ${key}` }, 404);
    }),
  );
  return gateway;
}

/** The input element inside a Mantine field found by its test id. */
export function input(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input,textarea')
  ) as HTMLInputElement;
}
