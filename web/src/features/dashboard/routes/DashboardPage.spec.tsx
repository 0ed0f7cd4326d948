import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { POLL_MS } from '../model';
import { coverageFacts, quota, todo } from '../../../test/fixtures';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

/** The text box of a day field (its test id may sit on a wrapper). */
function dayField(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
}

// The columns poll while a shown scan runs: the clock is held, so a poll comes only when a test moves it.
beforeEach(() => holdTimers());

describe('dashboard page: lists', () => {
  it('shows each column a page at a time with the total of x-total-count, and the card of a scan', async () => {
    const pending = Array.from({ length: 20 }, (_, i) =>
      todo({ id: `p${i}`, state: 'pending', status: 'PENDING', fileName: `waiting ${i}` }),
    );
    const server = gateway({
      lists: {
        pending: (n) => (n <= 1 ? { items: pending, total: 45 } : { items: [pending[0]], total: 45 }),
        completed: {
          items: [
            todo({
              id: 'c1',
              fileName: 'Mağaza ürünleri',
              asinCount: 1870,
              searchCompleteDate: '2026-03-05T10:15:00',
              coverage: coverageFacts({ found: 1870, reported: 2000 }),
            }),
            todo({
              id: 'f1',
              status: 'FAILED',
              fileName: 'blocked shop',
              failureReason: 'Amazon asked for a captcha on every page',
            }),
          ],
        },
      },
    });
    renderApp('/us/dashboard', { token: token() });

    const column = await until(() => screen.getByTestId('column-pending'), 15_000);
    await until(() => expect(within(column).getByTestId('column-pending-total').textContent).toBe('45'));
    expect(within(column).getAllByText(/^waiting \d+$/)).toHaveLength(20);
    // 45 scans of 20 a page: three pages; page 2 asks for the 0-based page 1 of size 20.
    const pages = within(column).getByTestId('column-pending-pages');
    expect(within(pages).getByText('3')).toBeTruthy();
    await act(async () => fireEvent.click(within(pages).getByText('2')));
    await until(() => expect(server.listCalls('pending').length).toBeGreaterThanOrEqual(2));
    const second = new URL(server.listCalls('pending')[1].url);
    expect(second.searchParams.get('page')).toBe('1');
    expect(second.searchParams.get('size')).toBe('20');
    // The running scans of page 1 are no longer shown, as if they had stopped: every column is
    // asked again once (the same page). Its scan runs, so the page is then asked for again when a
    // poll is due, and not before.
    await until(() => expect(server.listCalls('pending')).toHaveLength(3));
    expect(column.getAttribute('data-polling')).toBe('true');
    await pass(POLL_MS - 1);
    expect(server.listCalls('pending')).toHaveLength(3);
    await pass(1);
    await until(() => expect(server.listCalls('pending')).toHaveLength(4));
    expect(server.listCalls('pending').map((r) => new URL(r.url).searchParams.get('page'))).toEqual([
      '0',
      '1',
      '1',
      '1',
    ]);

    const done = await until(() => screen.getByTestId('todo-c1'));
    expect(within(done).getByText('Mağaza ürünleri')).toBeTruthy();
    expect(within(done).getByTestId('todo-c1-status').textContent).toBe('Completed');
    expect(within(done).getByText('1870 ASINs')).toBeTruthy();
    expect(within(done).getByText('Found 1,870 ASINs of the 2,000 Amazon reports (93.5%).')).toBeTruthy();
    expect(within(done).getByText(/Started: 5 Mar 26 09:07 · Completed: 5 Mar 26 10:15/)).toBeTruthy();
    expect(within(done).getByText('CA')).toBeTruthy();
    expect(within(done).getByText('https://www.amazon.ca/s?me=A1B2C3')).toBeTruthy();
    expect(screen.getByTestId('todo-f1-reason').textContent).toBe(
      'Reason: Amazon asked for a captcha on every page',
    );
    expect(screen.getByTestId('column-archived-empty').textContent).toContain('Drag a scan here');
    expect(screen.getByTestId('quota-standard').textContent).toBe(
      'Standard: 12 of 15 left today, 410 of 450 this month',
    );
  });

  it('keeps the filters in the URL query and sends them with every list', async () => {
    const server = gateway();
    const { location } = renderApp('/us/dashboard?type=deep&market=UK&q=shop&from=2026-11-01&bogus=1', {
      token: token(),
    });
    await until(() => expect(server.listCalls('archived')).toHaveLength(1), 15_000);
    const params = new URL(server.listCalls('archived')[0].url).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      type: 'deep',
      market: 'UK',
      q: 'shop',
      from: '2026-11-01',
      page: '0',
      size: '20',
    });
    expect((await until(() => screen.getByTestId('column-archived-empty'))).textContent).toBe(
      'No scan matches the filters. Clear them to see every scan.',
    );
    fireEvent.change(dayField('filter-to'), { target: { value: '2026-11-20' } });
    await until(() => expect(location()).toContain('to=2026-11-20'));
    await until(() => expect(server.listCalls('archived')).toHaveLength(2));
    expect(new URL(server.listCalls('archived')[1].url).searchParams.get('to')).toBe('2026-11-20');
  });

  it('writes and reads the date filters as the page’s language does (31.12.2026, 12/31/2026)', async () => {
    const server = gateway();
    const tr = renderApp('/dashboard?from=2026-11-01', { token: token() });
    await until(() => expect(server.listCalls('archived')).toHaveLength(1), 15_000);
    expect(dayField('filter-from').value).toBe('01.11.2026');
    expect(dayField('filter-to').placeholder).toBe('GG.AA.YYYY');
    fireEvent.change(dayField('filter-to'), { target: { value: '20.11.2026' } });
    await until(() => expect(tr.location()).toBe('/dashboard?from=2026-11-01&to=2026-11-20'));
    await until(() => expect(server.listCalls('archived')).toHaveLength(2));
    expect(new URL(server.listCalls('archived')[1].url).searchParams.get('to')).toBe('2026-11-20');
    // Not a day: nothing is set.
    fireEvent.change(dayField('filter-from'), { target: { value: '31.11.2026' } });
    expect(tr.location()).toBe('/dashboard?from=2026-11-01&to=2026-11-20');
    tr.unmount();

    const en = renderApp('/us/dashboard?from=2026-11-01', { token: token() });
    expect(await until(() => screen.getByTestId('filter-from'))).toBeTruthy();
    expect(dayField('filter-from').value).toBe('11/01/2026');
    expect(dayField('filter-to').placeholder).toBe('MM/DD/YYYY');
    fireEvent.change(dayField('filter-to'), { target: { value: '11/20/2026' } });
    await until(() => expect(en.location()).toBe('/us/dashboard?from=2026-11-01&to=2026-11-20'));
  });

  it('speaks Turkish without a prefix and English under /us', async () => {
    gateway({ quota: quota() });
    const tr = renderApp('/dashboard', { token: token() });
    expect(
      await until(() => screen.getByRole('heading', { level: 1, name: 'Arama sayfası' }), 15_000),
    ).toBeTruthy();
    expect(screen.getByText('Yeni tarama')).toBeTruthy();
    expect(screen.getByText('Bekleyen')).toBeTruthy();
    expect(
      await until(() => screen.getByText('Bekleyen tarama yok. “Yeni tarama” ile bir tane başlatın.')),
    ).toBeTruthy();
    tr.unmount();
    renderApp('/us/dashboard', { token: token() });
    expect(await until(() => screen.getByRole('heading', { level: 1, name: 'Search page' }))).toBeTruthy();
    expect(screen.getByText('New scan')).toBeTruthy();
    expect(
      await until(() => screen.getByText('No scan is waiting. Start one with “New scan”.')),
    ).toBeTruthy();
  });

  it('the way into store tracking: how many stores are tracked, and "Track a store"', async () => {
    const server = gateway({ quota: quota() });
    server.routes['GET /api/trackers'] = () =>
      jsonResponse({ success: true, data: [{ id: 't1' }, { id: 't2' }] });
    renderApp('/us/dashboard', { token: token() });
    const box = await until(() => screen.getByRole('region', { name: 'Tracked stores' }), 15_000);
    await until(() =>
      expect(within(box).getByTestId('tracked-stores-count').textContent).toBe('2 stores tracked'),
    );
    expect(within(box).getByRole('link', { name: 'Track a store' }).getAttribute('href')).toBe(
      '/us/trackers?add=1',
    );
    expect(within(box).getByRole('link', { name: 'See tracked stores' }).getAttribute('href')).toBe(
      '/us/trackers',
    );
  });

  it('no tracked store yet (Turkish): says what tracking is for', async () => {
    gateway({ quota: quota() });
    renderApp('/dashboard', { token: token() });
    const box = await until(() => screen.getByRole('region', { name: 'Takip edilen mağazalar' }), 15_000);
    await until(() =>
      expect(within(box).getByTestId('tracked-stores-count').textContent).toContain(
        'Henüz takip edilen mağaza yok',
      ),
    );
    expect(within(box).getByRole('link', { name: 'Mağaza takip et' }).getAttribute('href')).toBe(
      '/trackers?add=1',
    );
  });
});
