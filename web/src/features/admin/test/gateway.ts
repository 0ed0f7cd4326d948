/**
 * The admin specs' gateway: the shared fake gateway (test/gateway.ts) with what every admin page
 * needs (the signed-in admin, the counters, the contact details, an empty user list) after the
 * spec's routes (the routes of gateway/src/admin, billing and search).
 */
import { screen } from '@testing-library/react';
import { account, contactInfo, counters } from '../../../test/fixtures';
import { fakeGateway, ok, pageResponse, type FakeGateway, type Routes } from '../../../test/gateway';

export function adminGateway(routes: Routes = {}): FakeGateway {
  return fakeGateway(routes, {
    'GET /api/account/user': () =>
      ok(
        account({
          id: 1,
          firstName: 'Admin',
          lastName: 'Root',
          fullName: 'Admin Root',
          email: 'admin@example.com',
        }),
      ),
    'GET /api/admin/counters': () => ok(counters()),
    'GET /api/contact-info': () => ok(contactInfo()),
    'GET /api/admin/users': () => pageResponse([]),
  });
}

/** The input element inside a Mantine field found by its test id. */
export function input(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input,textarea')
  ) as HTMLInputElement;
}
