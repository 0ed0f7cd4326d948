import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import type { AdminUserDetail, AdminUserPlan } from '../model';
import { adminScan, adminUser } from '../../../test/fixtures';
import { jsonResponse, ok, pageResponse } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

const token = () => adminToken('admin@example.com');
const EMAIL = 'ayse@example.com';
const USER_PATH = '/api/admin/users/ayse@example.com';

/** A plan of the read model, as the gateway answers it (instants; empty texts when unset). */
function plan(over: Partial<AdminUserPlan> & Pick<AdminUserPlan, 'subscriptionId'>): AdminUserPlan {
  return {
    features: ['standard'],
    trial: false,
    // Istanbul midnights: 1 March and 1 April 2026.
    periodStart: '2026-02-28T21:00:00.000Z',
    periodEnd: '2026-03-31T21:00:00.000Z',
    status: 'active',
    expiredReason: '',
    grantedBy: '',
    grantReason: '',
    ...over,
  };
}

function detail(over: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...adminUser({ email: EMAIL, planActive: true }),
    phone: '+905321234567',
    roles: ['ROLE_USER'],
    plans: [
      plan({ subscriptionId: 'sub-1', features: ['standard', 'deep'] }),
      plan({
        subscriptionId: 'sub-0',
        trial: true,
        periodStart: '2026-01-31T21:00:00.000Z',
        periodEnd: '2026-02-01T21:00:00.000Z',
        status: 'expired',
        expiredReason: 'ended',
      }),
      plan({
        subscriptionId: 'sub-g',
        features: ['functional'],
        grantedBy: 'admin@example.com',
        grantReason: 'Outage of March',
      }),
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

/**
 * The user detail with its lists; the answers may be replaced. `state.user` is what the admin read
 * model answers now (a mutation's fake changes it, as the events do a moment after the call).
 */
function gatewayFor(user: AdminUserDetail | Response = detail(), answers = {}) {
  const state = { user };
  const server = adminGateway({
    [`GET ${USER_PATH}`]: () => (state.user instanceof Response ? state.user.clone() : ok(state.user)),
    'GET /api/search-info': () => pageResponse([adminScan({ id: 's1', status: 'PROCESSING' })], 16),
    [`GET ${USER_PATH}/activity`]: () =>
      pageResponse(
        [
          {
            at: '2026-03-04T08:00:00Z',
            type: 'scanStarted',
            summary: 'scan 1a2b3c4d · attempt 2',
            facts: { scan: '1a2b3c4d', attempt: '2' },
          },
          {
            at: '2026-03-03T08:00:00Z',
            type: 'invoiceRefunded',
            summary: 'refund · 100.50 TRY · Çift çekim · by admin@example.com',
            facts: { kind: 'refund', tryKurus: '10050', reason: 'Çift çekim', by: 'admin@example.com' },
          },
          {
            at: '2026-03-02T08:00:00Z',
            type: 'planGranted',
            summary: 'standard, deep · 2026-03-01 → 2026-04-01 · by admin@example.com: Kesinti',
            facts: {
              features: 'standard, deep',
              from: '2026-03-01',
              to: '2026-04-01',
              by: 'admin@example.com',
              reason: 'Kesinti',
            },
          },
          {
            at: '2026-03-01T08:00:00Z',
            type: 'scanFailed',
            summary: 'scan 9f8e7d6c · BLOCKED: BLOCKED happened',
            facts: { scan: '9f8e7d6c', code: 'BLOCKED', reason: 'BLOCKED happened' },
          },
          // A type this page does not word yet: its summary as the service gives it.
          { at: '2026-02-28T08:00:00Z', type: 'somethingNew', summary: 'new · 42', facts: { n: '42' } },
        ],
        5,
      ),
    'GET /api/admin/users': () =>
      pageResponse(state.user instanceof Response ? [] : [adminUser({ email: state.user.email })]),
    ...answers,
  });
  return Object.assign(server, { state });
}

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

describe('admin user detail', () => {
  it('shows the account, flags, creation date, plans, invoices, scans and activity (Turkish)', async () => {
    const server = gatewayFor();
    // The link's form: the email percent-encoded as one path segment.
    renderApp('/admin/user/ayse%40example.com', { token: token() });
    expect(await screen.findByRole('heading', { name: `Kullanıcı ${EMAIL}` })).toBeTruthy();
    const account = await screen.findByTestId('user-account');
    expect(within(account).getByTestId('flag-membership').textContent).toBe('Üyelik aktif');
    expect(within(account).getByTestId('user-created').textContent).toMatch(/^5 Mar 26 \d\d:\d\d$/);
    expect(within(account).getByTestId('user-phone').textContent).toBe('+905321234567');

    const plan = screen.getByTestId('plan-sub-1');
    expect(within(plan).getByText('Standart + Derin')).toBeTruthy();
    expect(screen.getByTestId('plan-granted-sub-g').textContent).toBe(
      'admin@example.com tanımladı: Outage of March',
    );
    // Istanbul days, whatever the browser's time zone.
    expect(within(plan).getByText('1 Mar 26 – 1 Nis 26')).toBeTruthy();
    // An ended plan cannot be revoked; its reason shows.
    expect(within(screen.getByTestId('plan-sub-0')).queryByText('Geri al')).toBeNull();
    expect(within(screen.getByTestId('plan-sub-0')).getByText('sona erdi')).toBeTruthy();

    const invoice = screen.getByTestId('invoice-17');
    expect(within(invoice).getByRole('link', { name: '17' }).getAttribute('href')).toBe(
      '/admin/user/invoice/conv-17',
    );
    expect(within(invoice).getByText('₺325,11')).toBeTruthy();
    // The month and the rate as Turkish writes them (not "2026-03", "36.1234").
    expect(within(invoice).getByText('Mar 2026')).toBeTruthy();
    expect(within(invoice).getByText('36,1234')).toBeTruthy();
    expect(within(invoice).getByTestId('invoice-refund-conv-17').getAttribute('href')).toBe(
      '/admin/user/invoice/conv-17#refund',
    );

    expect(screen.getByTestId('user-scan-counts').textContent).toContain('12 standart');
    expect(await screen.findByTestId('scan-s1')).toBeTruthy();
    const scans = new URL(server.callsTo('GET /api/search-info')[0].url).searchParams;
    expect(scans.get('all')).toBe('true');
    expect(scans.get('userEmail')).toBe(EMAIL);
    const activity = await screen.findByTestId('activity-list');
    expect(within(activity).getByText('Tarama başladı')).toBeTruthy();
    // The facts worded in Turkish (the English summary is not shown).
    expect(
      within(activity)
        .getAllByTestId('activity-detail')
        .map((d) => d.textContent),
    ).toEqual([
      'tarama 1a2b3c4d · 2. deneme',
      'İade · ₺100,50 · Çift çekim · admin@example.com tarafından',
      'Standart + Derin · 1 Mar 26 → 1 Nis 26 · admin@example.com tarafından: Kesinti',
      'tarama 9f8e7d6c · Pazar yeri engelledi',
      'new · 42',
    ]);
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
    expect(app.location()).toBe('/us/admin/user/ayse%40example.com');
  });

  it('deactivates after the confirmation, and nothing is sent when cancelled', async () => {
    const server = gatewayFor(detail(), {
      [`PUT ${USER_PATH}/deactivate`]: () => {
        server.state.user = { ...(server.state.user as AdminUserDetail), membershipActive: false };
        return ok({ changed: true }, 'Change has been saved.');
      },
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
    // The read model follows auth's event: the page shows the membership off.
    expect(await screen.findByTestId('user-activate')).toBeTruthy();
    expect(screen.getByTestId('user-membership').textContent).toBe('Membership inactive');
    // The detail: once on load, once by the settle (which saw the change); then the activity is
    // fetched again, the detail is not.
    await waitFor(() => expect(server.callsTo(`GET ${USER_PATH}/activity`)).toHaveLength(2));
    expect(server.callsTo(`GET ${USER_PATH}`)).toHaveLength(2);
  });

  it('deletes only once the email is typed again, then goes back to the users list', async () => {
    const server = gatewayFor(detail(), {
      [`DELETE ${USER_PATH}`]: () => {
        server.state.user = jsonResponse({ success: false, code: 'userNotFound' }, 404);
        return ok({ userId: 'id-1', email: EMAIL, deletedAt: '2026-03-05T10:00:00Z' });
      },
    });
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
    // Once the deletion reached the read model, the users list no longer shows them.
    await waitFor(() => expect(screen.queryByTestId(`user-row-${EMAIL}`)).toBeNull());
    expect(await screen.findByTestId('users-empty')).toBeTruthy();
  });

  it('revokes a plan with a reason (required) through the confirmation', async () => {
    const server = gatewayFor(detail(), {
      [`DELETE ${USER_PATH}/plans/sub-1`]: () => {
        const user = server.state.user as AdminUserDetail;
        server.state.user = {
          ...user,
          plans: user.plans.map((p) =>
            p.subscriptionId === 'sub-1' ? { ...p, status: 'expired', expiredReason: 'revoked' } : p,
          ),
        };
        return ok({ id: 'sub-1', status: 'inactive' }, 'Plan geri alındı.');
      },
    });
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
    const revoked = screen.getByTestId('plan-sub-1');
    expect(await within(revoked).findByText('geri alındı')).toBeTruthy();
    expect(within(revoked).queryByText('Geri al')).toBeNull();
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
    await screen.findByTestId('plan-grant-end'); // the day field's code is a lazy chunk
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

    answer = () => {
      const user = server.state.user as AdminUserDetail;
      server.state.user = {
        ...user,
        plans: [
          plan({
            subscriptionId: 'sub-new',
            features: ['deep'],
            periodEnd: '2099-06-29T21:00:00.000Z',
            grantedBy: 'admin@example.com',
            grantReason: 'Support case 12',
          }),
        ],
      };
      return ok({ id: 'sub-new', features: ['deep'], status: 'active', endDate: '2099-06-30' });
    };
    fireEvent.change(input('plan-grant-end'), { target: { value: '2099-06-30' } });
    await act(async () => fireEvent.click(screen.getByTestId('plan-grant-submit')));
    expect(await screen.findByText('The plan has been granted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('plan-grant-form')).toBeNull());
    // The read model has it a moment later: the list shows it, with who granted it and why.
    expect((await screen.findByTestId('plan-granted-sub-new')).textContent).toBe(
      'Granted by admin@example.com: Support case 12',
    );
    expect(within(screen.getByTestId('plan-sub-new')).getByText('1 Mar 26 – 30 Jun 99')).toBeTruthy();
  });

  it('cancels a running scan of the user from the detail', async () => {
    const server = gatewayFor(detail(), {
      'PUT /api/search-info/s1/status': () => ok(adminScan({ id: 's1', status: 'CANCELED' })),
    });
    renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('scan-cancel-s1')));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-cancel-scan-confirm')));
    await waitFor(() => expect(server.callsTo('PUT /api/search-info/s1/status')).toHaveLength(1));
    expect(await server.lastBody('PUT /api/search-info/s1/status')).toEqual({ status: 'CANCELED' });
  });

  it('an admin cannot deactivate or delete their own account here', async () => {
    adminGateway({
      'GET /api/admin/users/admin@example.com': () =>
        ok(detail({ email: 'admin@example.com', roles: ['ROLE_USER', 'ROLE_ADMIN'] })),
      'GET /api/search-info': () => pageResponse([]),
      'GET /api/admin/users/admin@example.com/activity': () => pageResponse([]),
    });
    renderApp('/us/admin/user/admin%40example.com', { token: token() });
    expect(await screen.findByTestId('user-account')).toBeTruthy();
    expect(screen.queryByTestId('user-delete')).toBeNull();
    expect(screen.queryByTestId('user-deactivate')).toBeNull();
  });

  it('empty lists say what they mean; an activity route not there yet is a notice', async () => {
    gatewayFor(
      detail({
        plans: [],
        invoices: [],
        scans: { standard: 0, deep: 0, functional: 0, failed: 0, lastScanAt: '' },
      }),
      {
        'GET /api/search-info': () => pageResponse([]),
        [`GET ${USER_PATH}/activity`]: () => jsonResponse({ success: false, message: 'not found' }, 404),
      },
    );
    const app = renderApp(`/us/admin/user/${EMAIL}`, { token: token() });
    expect(await screen.findByText('No invoices')).toBeTruthy();
    expect(screen.getByText('No plans')).toBeTruthy();
    expect(await screen.findByText('This user has not started a scan yet.')).toBeTruthy();
    expect(await screen.findByTestId('activity-error')).toBeTruthy();
    expect(app.location()).toBe(`/us/admin/user/${EMAIL}`);
  });
});
