import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { jsonResponse, renderApp } from '../../../test/render';
import type { AdminUserDetail } from '../model';
import { adminUser, fakeGateway, input, ok, pageResponse, scan } from '../test/gateway';

const token = () => adminToken('admin@example.com');
const EMAIL = 'ayse@example.com';
const USER_PATH = '/api/admin/users/ayse@example.com';

function detail(over: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...adminUser({ email: EMAIL, planActive: true }),
    phone: '+905321234567',
    roles: ['ROLE_USER'],
    plans: [
      {
        subscriptionId: 'sub-1',
        features: ['standard', 'deep'],
        trial: false,
        periodStart: '2026-03-01',
        periodEnd: '2026-04-01',
        status: 'active',
      },
      {
        subscriptionId: 'sub-0',
        features: ['standard'],
        trial: true,
        periodStart: '2026-02-01',
        periodEnd: '2026-02-02',
        status: 'expired',
        expiredReason: 'ended',
      },
    ],
    invoices: [
      {
        invoiceId: 'inv-1',
        invoiceNumber: 17,
        conversationId: 'conv-17',
        period: '2026-03',
        usdCents: 1000,
        discountUsdCents: 250,
        rate: '36.1234',
        bulletinDate: '2026-03-01',
        tryKurus: 32511,
        refundedTryKurus: 0,
        finalizedAt: '2026-03-01T10:00:00Z',
      },
    ],
    scans: { standard: 12, deep: 3, functional: 0, failed: 1, lastScanAt: '2026-03-04T08:00:00Z' },
    ...over,
  };
}

/** The user detail with its lists; the answers may be replaced. */
function gatewayFor(user: AdminUserDetail | Response = detail(), answers = {}) {
  return fakeGateway({
    [`GET ${USER_PATH}`]: () => (user instanceof Response ? user : ok(user)),
    'GET /api/search-info': () => pageResponse([scan({ id: 's1', status: 'PROCESSING' })], 16),
    [`GET ${USER_PATH}/activity`]: () =>
      pageResponse([{ at: '2026-03-04T08:00:00Z', type: 'scanStarted', summary: 'Standard scan “Kamp”' }], 1),
    ...answers,
  });
}

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

describe('admin user detail', () => {
  it('shows the account, flags, creation date, plans, invoices, scans and activity (Turkish)', async () => {
    const server = gatewayFor();
    // The link's form: dots encoded too (a page load of `…/ayse@example.com` is a file to the gateway).
    renderApp('/admin/user/ayse%40example%2Ecom', { token: token() });
    expect(await screen.findByRole('heading', { name: `Kullanıcı ${EMAIL}` })).toBeTruthy();
    const account = await screen.findByTestId('user-account');
    expect(within(account).getByTestId('flag-membership').textContent).toBe('Üyelik aktif');
    expect(within(account).getByTestId('user-created').textContent).toMatch(/^5 Mar 26 \d\d:\d\d$/);
    expect(within(account).getByTestId('user-phone').textContent).toBe('+905321234567');

    const plan = screen.getByTestId('plan-sub-1');
    expect(within(plan).getByText('Standart + Derin')).toBeTruthy();
    expect(within(plan).getByText('1 Mar 26 – 1 Nis 26')).toBeTruthy();
    // An ended plan cannot be revoked; its reason shows.
    expect(within(screen.getByTestId('plan-sub-0')).queryByText('Geri al')).toBeNull();
    expect(within(screen.getByTestId('plan-sub-0')).getByText('sona erdi')).toBeTruthy();

    const invoice = screen.getByTestId('invoice-conv-17');
    expect(within(invoice).getByRole('link', { name: '17' }).getAttribute('href')).toBe(
      '/admin/user/invoice/conv-17',
    );
    expect(within(invoice).getByText('₺325,11')).toBeTruthy();
    expect(within(invoice).getByTestId('invoice-refund-conv-17').getAttribute('href')).toBe(
      '/admin/user/invoice/conv-17#refund',
    );

    expect(screen.getByTestId('user-scan-counts').textContent).toContain('12 standart');
    expect(await screen.findByTestId('scan-s1')).toBeTruthy();
    const scans = new URL(server.callsTo('GET /api/search-info')[0].url).searchParams;
    expect(scans.get('all')).toBe('true');
    expect(scans.get('userEmail')).toBe(EMAIL);
    expect(await screen.findByText('Standard scan “Kamp”')).toBeTruthy();
  });

  it('an unknown email says so and offers the lookup again (English)', async () => {
    gatewayFor(jsonResponse({ success: false, code: 'userNotFound', message: 'User not found.' }, 404));
    const app = renderApp('/us/admin/user/nobody@example.com', { token: token() });
    expect(await screen.findByTestId('user-not-found')).toHaveProperty(
      'textContent',
      'No user has the email nobody@example.com.',
    );
    // Not the generic error page: the admin can type another address.
    expect(app.location()).toBe('/us/admin/user/nobody@example.com');
    fireEvent.change(input('user-lookup-email'), { target: { value: 'ayse@example.com' } });
    await act(async () => fireEvent.click(screen.getByTestId('user-lookup-submit')));
    expect(app.location()).toBe('/us/admin/user/ayse%40example%2Ecom');
  });

  it('deactivates after the confirmation, and nothing is sent when cancelled', async () => {
    const server = gatewayFor(detail(), {
      [`PUT ${USER_PATH}/deactivate`]: () => ok({ changed: true }, 'Change has been saved.'),
    });
    renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('user-deactivate')));
    const dialog = await screen.findByTestId('confirm-deactivate-user');
    expect(within(dialog).getByText(/will not be able to log in/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByText('Cancel')));
    expect(server.callsTo(`PUT ${USER_PATH}/deactivate`)).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByTestId('user-deactivate')));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-deactivate-user-confirm')));
    await waitFor(() => expect(server.callsTo(`PUT ${USER_PATH}/deactivate`)).toHaveLength(1));
    expect(await screen.findByText('Change has been saved.')).toBeTruthy();
  });

  it('deletes only once the email is typed again, then goes back to the users list', async () => {
    const server = gatewayFor(detail(), { [`DELETE ${USER_PATH}`]: () => ok(null) });
    const app = renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('user-delete')));
    const dialog = await screen.findByTestId('confirm-delete-user');
    expect(within(dialog).getByText(/Kept: the invoices, with the buyer anonymised/)).toBeTruthy();
    const confirm = screen.getByTestId('confirm-delete-user-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input('confirm-delete-user-retype'), { target: { value: 'AYSE@example.com ' } });
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(app.location()).toBe('/us/admin'));
    expect(server.callsTo(`DELETE ${USER_PATH}`)).toHaveLength(1);
    expect(await screen.findByText(`${EMAIL} has been deleted.`)).toBeTruthy();
  });

  it('revokes a plan with a reason (required) through the confirmation', async () => {
    const server = gatewayFor(detail(), { [`DELETE ${USER_PATH}/plans/sub-1`]: () => ok(null) });
    renderApp(`/admin/user/${EMAIL}`, { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('plan-revoke-sub-1')));
    const dialog = await screen.findByTestId('confirm-revoke-plan');
    expect(within(dialog).getByText(/Standart \+ Derin planı şimdi sona erer/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-revoke-plan-confirm')));
    expect(within(dialog).getByText('Bu alan zorunludur.')).toBeTruthy();
    expect(server.callsTo(`DELETE ${USER_PATH}/plans/sub-1`)).toHaveLength(0);

    fireEvent.change(input('confirm-revoke-plan-reason'), { target: { value: 'Chargeback' } });
    await act(async () => fireEvent.click(screen.getByTestId('confirm-revoke-plan-confirm')));
    await waitFor(() => expect(server.callsTo(`DELETE ${USER_PATH}/plans/sub-1`)).toHaveLength(1));
    expect(await server.lastBody(`DELETE ${USER_PATH}/plans/sub-1`)).toEqual({ reason: 'Chargeback' });
    expect(await screen.findByText('Plan geri alındı.')).toBeTruthy();
  });

  it('grants a plan: checks features, end date and reason, then posts them; a 422 lands on its field', async () => {
    let answer = () =>
      jsonResponse(
        { success: false, errors: [{ field: 'periodEnd', msg: 'The end date is too far away.' }] },
        422,
      );
    const server = gatewayFor(detail({ plans: [] }), {
      [`POST ${USER_PATH}/plans`]: () => answer(),
    });
    renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    expect(await screen.findByTestId('plans-empty')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('plan-grant-open')));
    await screen.findByTestId('plan-grant-form');
    fireEvent.click(input('plan-grant-standard'));
    fireEvent.change(input('plan-grant-end'), { target: { value: '2020-01-01' } });
    await act(async () => fireEvent.click(screen.getByTestId('plan-grant-submit')));
    expect(screen.getByText('Choose at least one feature.')).toBeTruthy();
    expect(screen.getByText('The end date must be after today.')).toBeTruthy();
    expect(screen.getByText('This is required.')).toBeTruthy();
    expect(server.callsTo(`POST ${USER_PATH}/plans`)).toHaveLength(0);

    fireEvent.click(input('plan-grant-deep'));
    fireEvent.change(input('plan-grant-end'), { target: { value: '2099-12-31' } });
    fireEvent.change(input('plan-grant-reason'), { target: { value: 'Support case 12' } });
    await act(async () => fireEvent.click(screen.getByTestId('plan-grant-submit')));
    expect(await screen.findByText('The end date is too far away.')).toBeTruthy();
    expect(await server.lastBody(`POST ${USER_PATH}/plans`)).toEqual({
      features: ['deep'],
      periodEnd: '2099-12-31',
      reason: 'Support case 12',
    });

    answer = () => ok(null);
    fireEvent.change(input('plan-grant-end'), { target: { value: '2099-06-30' } });
    await act(async () => fireEvent.click(screen.getByTestId('plan-grant-submit')));
    expect(await screen.findByText('The plan has been granted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('plan-grant-form')).toBeNull());
  });

  it('cancels a running scan of the user from the detail', async () => {
    const server = gatewayFor(detail(), {
      'PUT /api/search-info/s1/status': () => ok(scan({ id: 's1', status: 'CANCELED' })),
    });
    renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('scan-cancel-s1')));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-cancel-scan-confirm')));
    await waitFor(() => expect(server.callsTo('PUT /api/search-info/s1/status')).toHaveLength(1));
    expect(await server.lastBody('PUT /api/search-info/s1/status')).toEqual({ status: 'CANCELED' });
  });

  it('an admin cannot deactivate or delete their own account here', async () => {
    fakeGateway({
      'GET /api/admin/users/admin@example.com': () =>
        ok(detail({ email: 'admin@example.com', roles: ['ROLE_USER', 'ROLE_ADMIN'] })),
      'GET /api/search-info': () => pageResponse([]),
      'GET /api/admin/users/admin@example.com/activity': () => pageResponse([]),
    });
    renderApp('/us/admin/user/admin%40example%2Ecom', { token: token() });
    expect(await screen.findByTestId('user-account')).toBeTruthy();
    expect(screen.queryByTestId('user-delete')).toBeNull();
    expect(screen.queryByTestId('user-deactivate')).toBeNull();
  });

  it('empty lists say what they mean; an activity route not there yet is a notice', async () => {
    gatewayFor(detail({ plans: [], invoices: undefined, scans: undefined }), {
      'GET /api/search-info': () => pageResponse([]),
      [`GET ${USER_PATH}/activity`]: () => jsonResponse({ success: false, message: 'not found' }, 404),
    });
    const app = renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    expect(await screen.findByText('No invoices')).toBeTruthy();
    expect(screen.getByText('No plans')).toBeTruthy();
    expect(await screen.findByText('This user has not started a scan yet.')).toBeTruthy();
    expect(await screen.findByTestId('activity-error')).toBeTruthy();
    expect(app.location()).toBe(`/us/admin/user/${EMAIL}`);
  });
});
