import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { adminPayment } from '../../../test/fixtures';
import type { AdminPayment } from '../model';
import { istanbulDay } from '../../../lib/date';
import { pageResponse } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

const token = () => adminToken('admin@example.com');
const LIST = 'GET /api/admin/payment/history';

function payment(n: number, over: Partial<AdminPayment> = {}): AdminPayment {
  return adminPayment({
    conversationId: `conv-${n}`,
    date: '2026-03-01T10:00:00Z',
    amount: '325.10',
    usd: '10.00',
    discountUsd: '0.00',
    rate: '32.5100',
    bulletinDate: '2026-02-27',
    invoiceNumber: n,
    description: 'ShelfScan standard',
    features: undefined,
    period: '2026-03',
    ...over,
  });
}

/** 25 payments of two users, newest first, as billing lists them; ?email= gives one user's. */
const PAYMENTS = Array.from({ length: 25 }, (_, i) =>
  payment(25 - i, {
    userEmail: i % 5 === 0 ? 'mehmet@example.com' : 'ayse@example.com',
    status: i === 3 ? 'failed' : 'succeeded',
    invoiceNumber: i === 3 ? null : 25 - i,
    // 21:30 UTC on 28 Feb is 1 Mar in Istanbul.
    date: i < 10 ? '2026-02-28T21:30:00Z' : '2026-02-27T10:00:00Z',
  }),
);

/** Billing's list: filtered by ?email=, status and Istanbul days, a page of `size` with the total. */
function gateway() {
  return adminGateway({
    [LIST]: (_request, url) => {
      const q = (key: string) => url.searchParams.get(key);
      const shown = PAYMENTS.filter((p) => {
        const day = istanbulDay(new Date(p.date));
        return (
          (!q('email') || p.userEmail === q('email')) &&
          (!q('status') || p.status === q('status')) &&
          (!q('from') || day >= q('from')!) &&
          (!q('to') || day <= q('to')!)
        );
      });
      const size = Number(q('size'));
      const page = Number(q('page'));
      return pageResponse(shown.slice(page * size, (page + 1) * size), shown.length);
    },
  });
}

describe('admin invoices', () => {
  it('lists every user’s invoices in pages, with links to the user and the invoice (Turkish)', async () => {
    const server = gateway();
    renderApp('/admin', { token: token() });
    await act(async () =>
      fireEvent.click(within(await screen.findByTestId('admin-nav')).getByText('Faturalar')),
    );
    const table = await screen.findByTestId('all-invoices-table');
    expect(within(table).getAllByRole('row')).toHaveLength(21); // the header and a page of 20
    expect(screen.getByTestId('all-invoices-pager-total').textContent).toBe('Toplam 25');
    const first = screen.getByTestId('all-invoices-conv-25');
    expect(first.textContent).toContain('mehmet@example.com');
    expect(first.textContent).toContain('Mar 2026');
    expect(first.textContent).toContain('Ödendi');
    expect(within(first).getByText('25').closest('a')!.getAttribute('href')).toBe(
      '/admin/user/invoice/conv-25',
    );
    expect(within(first).getByText('mehmet@example.com').closest('a')!.getAttribute('href')).toBe(
      '/admin/user/mehmet%40example.com',
    );
    const failed = screen.getByTestId('all-invoices-conv-22');
    expect(failed.textContent).toContain('Başarısız');
    expect(failed.textContent).toContain('taslak');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sonraki sayfa' })));
    // The next page comes from billing.
    await waitFor(() =>
      expect(within(screen.getByTestId('all-invoices-table')).getAllByRole('row')).toHaveLength(6),
    );
    // Billing filters and pages: the page asks for one page of 20 at a time, never the whole list.
    const asked = server.callsTo(LIST).map((r) => new URL(r.url).searchParams.toString());
    expect(asked).toEqual(['page=0&size=20', 'page=1&size=20']);
  });

  it('filters by user (billing’s ?email=), status and Istanbul days, kept in the URL (English)', async () => {
    const server = gateway();
    const app = renderApp('/us/admin/invoices?status=failed', { token: token() });
    await screen.findByTestId('all-invoices-table');
    expect(screen.getAllByTestId(/^all-invoices-conv-/).map((r) => r.dataset.testid)).toEqual([
      'all-invoices-conv-22',
    ]);
    expect(screen.getByTestId('all-invoices-conv-22').textContent).toContain('Failed');

    // Paid on 28 Feb at 21:30 UTC is 1 Mar in Istanbul: "from 1 Mar" keeps those 10.
    await act(async () => fireEvent.click(screen.getByText('Clear filters')));
    fireEvent.change(input('all-invoices-filter-from'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(screen.getByTestId('all-invoices-pager-total').textContent).toBe('10 in total'),
    );
    expect(app.location()).toBe('/us/admin/invoices?from=2026-03-01');

    fireEvent.change(input('all-invoices-filter-userEmail'), { target: { value: 'mehmet@example.com' } });
    await waitFor(() =>
      expect(screen.getByTestId('all-invoices-pager-total').textContent).toBe('2 in total'),
    );
    expect(server.calls.some((r) => new URL(r.url).searchParams.get('email') === 'mehmet@example.com')).toBe(
      true,
    );

    fireEvent.change(input('all-invoices-filter-to'), { target: { value: '2026-02-28' } });
    expect(await screen.findByText('No payment matches these filters')).toBeTruthy();
  });

  it('writes and reads the date filters as the page’s language does (31.12.2026, 12/31/2026)', async () => {
    gateway();
    const tr = renderApp('/admin/invoices?from=2026-03-01', { token: token() });
    await screen.findByTestId('all-invoices-table');
    expect(input('all-invoices-filter-from').value).toBe('01.03.2026');
    expect(input('all-invoices-filter-to').placeholder).toBe('GG.AA.YYYY');
    fireEvent.change(input('all-invoices-filter-to'), { target: { value: '28.02.2026' } });
    await waitFor(() => expect(tr.location()).toBe('/admin/invoices?from=2026-03-01&to=2026-02-28'));
    // Not a day: nothing is set.
    fireEvent.change(input('all-invoices-filter-from'), { target: { value: '31.02.2026' } });
    expect(tr.location()).toBe('/admin/invoices?from=2026-03-01&to=2026-02-28');
    tr.unmount();

    renderApp('/us/admin/invoices?from=2026-03-01', { token: token() });
    await screen.findByTestId('all-invoices-table');
    expect(input('all-invoices-filter-from').value).toBe('03/01/2026');
    expect(input('all-invoices-filter-to').placeholder).toBe('MM/DD/YYYY');
  });
});
