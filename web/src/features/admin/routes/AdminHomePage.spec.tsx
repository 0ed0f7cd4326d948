import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, userToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { adminUser } from '../../../test/fixtures';
import { ok, pageResponse } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

const token = () => adminToken('admin@example.com');

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

describe('admin home: counters, users, charts, contact messages', () => {
  it('shows the counters and the users with their flags, in Turkish', async () => {
    adminGateway({
      'GET /api/admin/users': () =>
        pageResponse(
          [
            adminUser({ email: 'ayse@example.com', planActive: true }),
            adminUser({
              email: 'can@example.com',
              firstName: 'Can',
              lastName: 'Demir',
              membershipActive: false,
              activated: false,
            }),
          ],
          42,
        ),
    });
    renderApp('/admin', { token: token() });
    expect(await screen.findByTestId('counter-totalUsers-value')).toHaveProperty('textContent', '1.234');
    expect(screen.getByTestId('counter-remainingStandardSearchCount-value').textContent).toBe('5.100');
    expect(screen.getAllByTestId(/^counter-[a-zA-Z]+$/)).toHaveLength(11);
    expect(screen.getByText('Aktif derin arama kullanıcısı')).toBeTruthy();
    // The tracked stores' scans are their own kind (issue 18), with their own card.
    const tracked = screen.getByTestId('counter-trackedScansToday');
    expect(within(tracked).getByText('Bugünkü izlenen mağaza taraması')).toBeTruthy();
    expect(within(tracked).getByTestId('counter-trackedScansToday-value').textContent).toBe('1.500');

    const ayse = await screen.findByTestId('user-row-ayse@example.com');
    expect(within(ayse).getByText('Plan aktif')).toBeTruthy();
    expect(within(ayse).getByText('Ayşe Yılmaz')).toBeTruthy();
    const can = screen.getByTestId('user-row-can@example.com');
    expect(within(can).getByText('Üyelik pasif')).toBeTruthy();
    expect(within(can).getByText('E-posta doğrulanmadı')).toBeTruthy();
    // 42 users: three pages of 20, the total from x-total-count.
    expect(screen.getByTestId('users-pager-total').textContent).toBe('Toplam 42');
    expect(within(ayse).getByRole('link', { name: 'ayse@example.com' }).getAttribute('href')).toBe(
      '/admin/user/ayse%40example.com',
    );
  });

  it('searches and pages through the users list with the query in the URL (English)', async () => {
    const server = adminGateway({
      'GET /api/admin/users': (_r, url) =>
        pageResponse(
          url.searchParams.get('search') === 'ayse' ? [adminUser({ email: 'ayse@example.com' })] : [],
          url.searchParams.get('search') === 'ayse' ? 25 : 0,
        ),
    });
    const app = renderApp('/us/admin', { token: token() });
    expect(await screen.findByTestId('users-empty')).toHaveProperty(
      'textContent',
      expect.stringContaining('No users yet'),
    );
    const tracked = await screen.findByTestId('counter-trackedScansToday');
    expect(within(tracked).getByText('Tracked-store scans today')).toBeTruthy();
    expect(await within(tracked).findByText('1,500')).toBeTruthy();

    fireEvent.change(input('users-search'), { target: { value: 'ayse' } });
    expect(await screen.findByTestId('user-row-ayse@example.com')).toBeTruthy();
    expect(app.location()).toBe('/us/admin?q=ayse');
    expect(screen.getByTestId('users-pager-total').textContent).toBe('25 in total');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '2' })));
    await waitFor(() => expect(app.location()).toBe('/us/admin?q=ayse&page=2'));
    const last = server.callsTo('GET /api/admin/users').at(-1)!;
    expect(Object.fromEntries(new URL(last.url).searchParams)).toEqual({
      search: 'ayse',
      page: '1',
      size: '20',
    });

    fireEvent.change(input('users-search'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No user matches “nobody”')).toBeTruthy();
  });

  it('charts: the four charts with their summaries for the chosen period', async () => {
    const server = adminGateway({
      'GET /api/admin/charts': () =>
        ok({
          from: '2026-03-01',
          to: '2026-03-02',
          scansPerDay: [
            { date: '2026-03-01', standard: 4, deep: 1, functional: 0 },
            { date: '2026-03-02', standard: 6, deep: 0, functional: 2 },
          ],
          signupsPerDay: [{ date: '2026-03-01', count: 3 }],
          revenuePerMonth: [{ month: '2026-02', tryKurus: 123450 }],
          failuresByReason: [],
        }),
    });
    renderApp('/us/admin?tab=charts', { token: token() });
    expect(await screen.findByTestId('chart-scans-summary')).toHaveProperty(
      'textContent',
      '10 standard, 1 deep, 2 functional scans and 0 tracked-store scans in this period.',
    );
    expect(screen.getByTestId('chart-signups-summary').textContent).toBe('3 sign-ups in this period.');
    expect(screen.getByTestId('chart-revenue-summary').textContent).toBe('₺1,234.50 in this period.');
    expect(screen.getByTestId('chart-failures-empty').textContent).toBe('Nothing in this period.');
    const first = new URL(server.callsTo('GET /api/admin/charts')[0].url).searchParams;
    expect(first.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await act(async () => fireEvent.click(screen.getByText('12 months')));
    await waitFor(() => expect(server.callsTo('GET /api/admin/charts')).toHaveLength(2));
    const year = new URL(server.callsTo('GET /api/admin/charts')[1].url).searchParams;
    const days = (Date.parse(year.get('to')!) - Date.parse(year.get('from')!)) / 86_400_000;
    expect(days).toBe(364);
  });

  it('charts: a route not there yet gives a notice, not an error page', async () => {
    adminGateway({
      'GET /api/admin/charts': () =>
        new Response(JSON.stringify({ success: false, code: 'notAvailableYet' }), { status: 501 }),
    });
    const app = renderApp('/admin?tab=charts', { token: token() });
    expect(await screen.findByTestId('charts-error')).toHaveProperty(
      'textContent',
      'Grafikler yüklenemedi. Daha sonra tekrar deneyin.',
    );
    expect(app.location()).toBe('/admin?tab=charts');
  });

  it('contact messages: the list with the mailed state, and the empty state', async () => {
    adminGateway({
      'GET /api/admin/contact-messages': () =>
        pageResponse([
          {
            id: 'm1',
            email: 'ayse@example.com',
            name: 'Ayşe Yılmaz',
            subject: 'Fatura',
            message: 'Faturamı göremiyorum.',
            createdAt: '2026-03-05T09:07:00Z',
            mailedAt: '',
            mailFailures: 2,
          },
        ]),
    });
    renderApp('/admin', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('tab-messages')));
    const row = await screen.findByTestId('message-m1');
    expect(within(row).getByText('Faturamı göremiyorum.')).toBeTruthy();
    expect(within(row).getByText('Henüz iletilmedi')).toBeTruthy();
    expect(within(row).getByText('2 deneme başarısız, yeniden denenecek')).toBeTruthy();
  });

  it('contact messages: none yet', async () => {
    adminGateway({ 'GET /api/admin/contact-messages': () => pageResponse([]) });
    renderApp('/us/admin?tab=messages', { token: token() });
    expect(await screen.findByText('No contact messages yet')).toBeTruthy();
  });

  it('is not for users without the admin role: they are sent to the dashboard', async () => {
    const server = adminGateway();
    const app = renderApp('/us/admin/promotions', { token: userToken() });
    await waitFor(() => expect(app.location()).toBe('/us/dashboard'));
    expect(server.callsTo('GET /api/promotion')).toHaveLength(0);
  });
});
