import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { adminScan } from '../../../test/fixtures';
import { jsonResponse, ok, pageResponse } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

const token = () => adminToken('admin@example.com');
const params = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('admin search URLs', () => {
  it('lists every user’s scans with the filters of the URL, the failure reason, and pages', async () => {
    const server = adminGateway({
      'GET /api/search-info': () =>
        pageResponse(
          [
            adminScan({
              id: 'a',
              userEmail: 'ayse@example.com',
              status: 'FAILED',
              failureReason: 'Store not found (404)',
            }),
            adminScan({ id: 'b', userEmail: 'can@example.com', searchType: 'deep', status: 'COMPLETED' }),
          ],
          45,
        ),
    });
    const app = renderApp('/us/admin/search-urls?status=FAILED&market=CA&type=bogus&from=2026-03-01', {
      token: token(),
    });
    const failed = await screen.findByTestId('scan-a');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(screen.getByTestId('scan-failure-a').textContent).toBe('Store not found (404)');
    expect(within(failed).getByRole('link', { name: 'ayse@example.com' })).toBeTruthy();
    expect(within(screen.getByTestId('scan-b')).getByText('Deep')).toBeTruthy();
    // A completed scan has no status change.
    expect(screen.queryByTestId('scan-cancel-b')).toBeNull();
    expect(params(server.callsTo('GET /api/search-info')[0])).toEqual({
      all: 'true',
      status: 'FAILED',
      market: 'CA',
      from: '2026-03-01',
      page: '0',
      size: '20',
    });
    expect(screen.getByTestId('scans-pager-total').textContent).toBe('45 in total');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '3' })));
    await waitFor(() => expect(app.location()).toContain('page=3'));
    expect(params(server.callsTo('GET /api/search-info').at(-1)!).page).toBe('2');

    // The search service finds a user by the whole email (the gateway refuses a part of one with
    // 422): a part is not sent, and the box says why.
    const calls = server.callsTo('GET /api/search-info').length;
    fireEvent.change(input('scans-filter-userEmail'), { target: { value: 'ayse@exa' } });
    expect(await screen.findByText('Type the whole email of the user.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toContain('userEmail=ayse%40exa'));
    expect(server.callsTo('GET /api/search-info').map(params).slice(calls)).not.toContainEqual(
      expect.objectContaining({ userEmail: expect.anything() }),
    );
    // A new filter starts on the first page.
    fireEvent.change(input('scans-filter-userEmail'), { target: { value: 'ayse@example.com' } });
    await waitFor(() => expect(app.location()).toContain('userEmail=ayse%40example.com'));
    expect(app.location()).not.toContain('page=');
    await waitFor(() =>
      expect(params(server.callsTo('GET /api/search-info').at(-1)!)).toMatchObject({
        userEmail: 'ayse@example.com',
        page: '0',
      }),
    );
  });

  it('polls the shown page every 3 s while one of its scans runs, and stops once none does', async () => {
    holdTimers();
    let status: 'PROCESSING' | 'COMPLETED' = 'PROCESSING';
    const server = adminGateway({
      'GET /api/search-info': () => pageResponse([adminScan({ id: 'run', status, fileName: 'Kamp' })]),
    });
    renderApp('/us/admin/search-urls', { token: token() });
    await until(() => expect(screen.getByTestId('scan-status-run').textContent).toBe('Processing'), 15_000);
    const lists = () => server.callsTo('GET /api/search-info').length;
    expect(lists()).toBe(1);
    await pass(2999);
    expect(lists()).toBe(1);
    await pass(1);
    await until(() => expect(lists()).toBe(2));
    status = 'COMPLETED';
    await pass(3000);
    await until(() => expect(screen.getByTestId('scan-status-run').textContent).toBe('Completed'));
    expect(lists()).toBe(3);
    await pass(3 * 3000);
    expect(lists()).toBe(3);
  });

  it('cancels a running scan and re-queues a failed one, each after its confirmation (Turkish)', async () => {
    let statuses: Record<string, string> = { run: 'PROCESSING', bad: 'FAILED' };
    const server = adminGateway({
      'GET /api/search-info': () =>
        pageResponse([
          adminScan({ id: 'run', status: statuses.run as 'PROCESSING', fileName: 'Kamp' }),
          adminScan({ id: 'bad', status: statuses.bad as 'FAILED', fileName: 'Bahçe' }),
        ]),
      'PUT /api/search-info/run/status': () => {
        statuses = { ...statuses, run: 'CANCELED' };
        return ok(adminScan({ id: 'run', status: 'CANCELED' }), 'Değişiklik kaydedildi.');
      },
      'PUT /api/search-info/bad/status': () =>
        jsonResponse(
          {
            success: false,
            code: 'statusChangeNotAllowed',
            errors: [{ field: 'status', msg: 'Bu durum değişikliğine izin verilmiyor.' }],
            message: 'Bu durum değişikliğine izin verilmiyor.',
          },
          422,
        ),
    });
    renderApp('/admin/search-urls', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('scan-cancel-run')));
    const dialog = await screen.findByTestId('confirm-cancel-scan');
    expect(within(dialog).getByText(/“Kamp” durur/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel-scan-confirm')));
    await waitFor(() => expect(screen.getByTestId('scan-status-run').textContent).toBe('İptal edildi'));
    expect(await server.lastBody('PUT /api/search-info/run/status')).toEqual({ status: 'CANCELED' });

    await act(async () => fireEvent.click(screen.getByTestId('scan-requeue-bad')));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-requeue-scan-confirm')));
    expect(await screen.findByText('Bu durum değişikliğine izin verilmiyor.')).toBeTruthy();
    expect(await server.lastBody('PUT /api/search-info/bad/status')).toEqual({ status: 'PENDING' });
  });

  it('empty: without filters it says scans will come; with filters it says to change them', async () => {
    adminGateway({ 'GET /api/search-info': () => pageResponse([]) });
    const first = renderApp('/us/admin/search-urls', { token: token() });
    expect(await screen.findByText('No scans yet')).toBeTruthy();
    // Nothing to clear without a filter.
    expect(screen.queryByText('Clear filters')).toBeNull();
    first.unmount();
    renderApp('/us/admin/search-urls?q=kamp', { token: token() });
    expect(await screen.findByText('No scan matches these filters')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('Clear filters')));
    expect(await screen.findByText('No scans yet')).toBeTruthy();
    expect(input('scans-filter-q').value).toBe('');
    expect(screen.queryByText('Clear filters')).toBeNull();
  });
});
