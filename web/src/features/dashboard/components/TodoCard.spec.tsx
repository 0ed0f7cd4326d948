import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { adminToken, userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { POLL_MS } from '../model';
import { coverageFacts, todo } from '../../../test/fixtures';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

async function openMenu(id: string) {
  const card = await screen.findByTestId(`todo-${id}`, {}, { timeout: 15_000 });
  await act(async () => fireEvent.click(within(card).getByTestId(`todo-${id}-menu`)));
}

describe('scan card', () => {
  it('progress: polls its list every second while a shown scan runs, and stops once none does', async () => {
    holdTimers();
    const running = todo({
      id: 'r1',
      state: 'ongoing',
      status: 'PROCESSING',
      fileName: 'running',
      progress: { pagesFetched: 3, asinsFound: 120, etaSeconds: 100, reportedTotal: 400, percent: 30 },
    });
    const finished = todo({ id: 'r1', status: 'COMPLETED', fileName: 'running', asinCount: 400 });
    const server = gateway({
      lists: {
        ongoing: (n) => ({ items: n <= 2 ? [running] : [] }),
        completed: (n) => ({ items: n <= 1 ? [] : [finished] }),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const progress = await until(() => screen.getByTestId('todo-r1-progress'), 15_000);
    expect(progress.textContent).toBe(
      '3 pages · 120 ASINs found of 400 the store shows · about 2 min left · 30%',
    );
    expect(screen.getByTestId('todo-r1-bar').getAttribute('data-value')).toBe('30');
    expect(screen.getByTestId('column-ongoing').getAttribute('data-polling')).toBe('true');
    expect(screen.getByTestId('column-completed').getAttribute('data-polling')).toBe('false');

    // Second answer: still running; third: gone from ongoing. Every column is then asked once
    // more (the scan shows in completed, where its status puts it), and polling stops.
    expect(server.listCalls('pending')).toHaveLength(1); // a list without a running scan is not polled
    await pass(POLL_MS - 1);
    expect(server.listCalls('ongoing')).toHaveLength(1); // not before the poll is due
    await pass(1); // second answer: still running
    await until(() => expect(server.listCalls('ongoing')).toHaveLength(2));
    await pass(POLL_MS); // third: gone from ongoing
    const done = await until(() => within(screen.getByTestId('column-completed')).getByTestId('todo-r1'));
    expect(within(done).getByTestId('todo-r1-status').textContent).toBe('Completed');
    await until(() =>
      expect(screen.getByTestId('column-ongoing').getAttribute('data-polling')).toBe('false'),
    );
    expect(server.listCalls('pending')).toHaveLength(2);
    const ongoingCalls = server.listCalls('ongoing').length;
    // A poll's due time passes (inside act: the page's timers and transitions update state).
    await pass(POLL_MS + 500);
    expect(server.listCalls('ongoing')).toHaveLength(ongoingCalls);
    expect(server.listCalls('pending')).toHaveLength(2);
  });

  it('an ASIN check: its progress counts the ASINs checked, and its table opens from the card (Turkish)', async () => {
    holdTimers();
    const running = todo({
      id: 'k1',
      searchType: 'asinCheck',
      state: 'ongoing',
      status: 'PROCESSING',
      fileName: 'Kontrol',
      storeUrl: null,
      sellerId: null,
      asinListSize: 1200,
      progress: { pagesFetched: 1100, asinsFound: 950, etaSeconds: 50, reportedTotal: 1200, percent: 91 },
    });
    const rows = [
      {
        asin: 'B0ABCDEFGH',
        state: 'sold',
        title: 'Kamp çadırı',
        priceText: '$139.99',
        price: 139.99,
        currency: 'CAD',
        stars: 4.5,
        reviewCount: 1234,
        amazonsChoice: true,
        bestSeller: false,
      },
      {
        asin: 'B0NOTFOUND',
        state: 'not-found',
        title: null,
        priceText: null,
        price: null,
        currency: null,
        stars: null,
        reviewCount: null,
        amazonsChoice: false,
        bestSeller: false,
      },
    ];
    const server = gateway({
      lists: { ongoing: { items: [running] } },
      answers: {
        'GET /api/search-info/k1/asin-check': () =>
          new Response(JSON.stringify({ success: true, data: rows }), {
            headers: { 'Content-Type': 'application/json', 'x-total-count': '1100' },
          }),
      },
    });
    renderApp('/dashboard', { token: token() });
    const line = await until(() => screen.getByTestId('todo-k1-progress-text'), 15_000);
    expect(line.textContent).toBe(
      "1.200 ASIN'in 1.100 tanesi kontrol edildi · 950 tanesi satışta · yaklaşık 50 sn kaldı · 91%",
    );
    expect(screen.getByTestId('todo-k1-to-check').textContent).toBe('Kontrol edilecek 1200 ASIN');
    await act(async () => fireEvent.click(screen.getByTestId('todo-k1-table')));
    const table = await until(() => screen.getByTestId('check-table-k1'), 15_000);
    await until(() => expect(within(table).getByTestId('check-table-k1-rows')).toBeTruthy());
    expect(within(table).getByTestId('check-table-k1-summary').textContent).toBe(
      "Kontrol sürüyor: 1200 ASIN'in 1100 tanesi kontrol edildi.",
    );
    const sold = within(table).getByTestId('check-table-k1-row-B0ABCDEFGH');
    expect(sold.textContent).toContain('Evet');
    expect(sold.textContent).toContain('Kamp çadırı');
    expect(sold.textContent).toContain('$139.99');
    expect(sold.textContent).toContain('4,5 ★');
    expect(sold.textContent).toContain('1.234 değerlendirme');
    expect(sold.textContent).toContain('Amazon’un Seçimi');
    expect(within(sold).getByRole('link').getAttribute('href')).toBe('https://www.amazon.ca/dp/B0ABCDEFGH');
    expect(within(table).getByTestId('check-table-k1-state-B0NOTFOUND').textContent).toBe('Hayır');
    // 1,100 rows so far: pages of 20; the table is asked for again while the check runs.
    expect(within(table).getByTestId('check-table-k1-pages')).toBeTruthy();
    const tableCalls = () => server.calls.filter((r) => r.url.includes('/asin-check')).length;
    const before = tableCalls();
    await pass(POLL_MS); // one poll
    await until(() => expect(tableCalls()).toBeGreaterThan(before));
    expect(new URL(server.calls.find((r) => r.url.includes('/asin-check'))!.url).search).toBe(
      '?page=0&size=20',
    );
  });

  it('download: fetched with the token and saved under the Content-Disposition name (Turkish letters kept)', async () => {
    const server = gateway({
      lists: { completed: { items: [todo({ id: 'd1', fileName: 'Şık ürünler', searchType: 'asinCheck' })] } },
      answers: {
        'GET /api/search-info/d1/download': (request) =>
          new URL(request.url).searchParams.get('format') === 'csv'
            ? jsonResponse(
                {
                  success: false,
                  code: 'noActivePlanForDownload',
                  message: 'you cannot download because you do not have an active plan',
                },
                403,
              )
            : new Response('B0ABCDEFGH\nB0ABCDEFGI\n', {
                headers: {
                  'Content-Type': 'text/plain',
                  'Content-Disposition':
                    'attachment; filename="Sik urunler.txt"; filename*=UTF-8\'\'%C5%9E%C4%B1k%20%C3%BCr%C3%BCnler.txt',
                },
              }),
      },
    });
    const saved: { name: string; href: string }[] = [];
    const createObjectURL = vi.fn(() => 'blob:scan-d1');
    // jsdom has no object URLs: a URL class that has them, for this test only.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = createObjectURL;
        static revokeObjectURL = vi.fn();
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const bearer = token();
    renderApp('/us/dashboard', { token: bearer });
    await openMenu('d1');
    await act(async () => fireEvent.click(await screen.findByTestId('todo-d1-download')));
    await waitFor(() => expect(saved).toEqual([{ name: 'Şık ürünler.txt', href: 'blob:scan-d1' }]));
    const request = server.calls.find((r) => r.url.includes('/download'))!;
    expect(request.headers.get('Authorization')).toBe(`Bearer ${bearer}`);
    const blob = (createObjectURL.mock.calls[0] as unknown[])[0] as Blob;
    expect(await blob.text()).toBe('B0ABCDEFGH\nB0ABCDEFGI\n');

    await openMenu('d1');
    await act(async () => fireEvent.click(await screen.findByTestId('todo-d1-download-csv')));
    expect(
      await screen.findByText('You cannot download because you do not have an active plan.'),
    ).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('a store scan downloads as .txt, .csv and .xlsx (Turkish menu); the .xlsx is asked for by format', async () => {
    const server = gateway({
      lists: { completed: { items: [todo({ id: 'x1', fileName: 'Mağaza' })] } },
      answers: {
        'GET /api/search-info/x1/download': () =>
          new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition':
                'attachment; filename="Magaza.xlsx"; filename*=UTF-8\'\'Ma%C4%9Faza.xlsx',
            },
          }),
      },
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = vi.fn(() => 'blob:x1');
        static revokeObjectURL = vi.fn();
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/dashboard', { token: token() });
    await openMenu('x1');
    expect((await screen.findByTestId('todo-x1-download')).textContent).toBe('.txt indir');
    expect(screen.getByTestId('todo-x1-download-csv').textContent).toBe('.csv indir');
    expect(screen.getByTestId('todo-x1-download-xlsx').textContent).toBe('.xlsx indir');
    await act(async () => fireEvent.click(screen.getByTestId('todo-x1-download-xlsx')));
    await waitFor(() => expect(saved).toEqual(['Mağaza.xlsx']));
    const request = server.calls.find((r) => r.url.includes('/download'))!;
    expect(new URL(request.url).search).toBe('?format=xlsx');
  });

  it('the download menu in English', async () => {
    gateway({ lists: { completed: { items: [todo({ id: 'x2' })] } } });
    renderApp('/us/dashboard', { token: token() });
    await openMenu('x2');
    expect((await screen.findByTestId('todo-x2-download')).textContent).toBe('Download .txt');
    expect(screen.getByTestId('todo-x2-download-csv').textContent).toBe('Download .csv');
    expect(screen.getByTestId('todo-x2-download-xlsx').textContent).toBe('Download .xlsx');
  });

  it('delete and run again ask first; the answers show the product texts', async () => {
    const server = gateway({
      lists: { completed: { items: [todo({ id: 'x1', fileName: 'old scan' })] } },
      answers: {
        'DELETE /dashboard/x1': () => jsonResponse({ success: true, message: 'Todo has been deleted.' }),
        'POST /api/search-info/x1/rerun': () => jsonResponse({ success: true, data: todo({ id: 'x2' }) }),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    await openMenu('x1');
    await act(async () => fireEvent.click(await screen.findByTestId('todo-x1-rerun')));
    expect(
      await screen.findByText(
        'Run “old scan” again? A new scan starts with the same inputs and uses one search of your quota.',
      ),
    ).toBeTruthy();
    expect(server.calls.some((r) => r.url.includes('/rerun'))).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId('todo-x1-confirm-rerun-confirm')));
    await waitFor(() => expect(server.calls.filter((r) => r.url.includes('/rerun'))).toHaveLength(1));
    expect(await screen.findByText('Your scan has been created.')).toBeTruthy();

    await openMenu('x1');
    await act(async () => fireEvent.click(await screen.findByTestId('todo-x1-delete')));
    expect(await screen.findByText(/Delete “old scan”\? A running scan is cancelled first/)).toBeTruthy();
    expect(server.calls.some((r) => r.method === 'DELETE')).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId('todo-x1-confirm-delete-confirm')));
    await waitFor(() => expect(server.calls.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(new URL(server.calls.find((r) => r.method === 'DELETE')!.url).pathname).toBe('/dashboard/x1');
    expect(await screen.findByText('Todo has been deleted.')).toBeTruthy();
  });

  it('admin: cancels a running scan and re-queues a failed one; a user has no status menu', async () => {
    const lists = {
      ongoing: { items: [todo({ id: 'o1', state: 'ongoing' as const, status: 'PROCESSING' as const })] },
      completed: { items: [todo({ id: 'f1', status: 'FAILED' as const, failureReason: 'blocked' })] },
    };
    const server = gateway({
      lists,
      answers: {
        'PUT /api/search-info/o1/status': () => jsonResponse({ success: true }),
        'PUT /api/search-info/f1/status': () => jsonResponse({ success: true }),
      },
    });
    const admin = renderApp('/us/dashboard', { token: adminToken() });
    await openMenu('o1');
    await act(async () => fireEvent.click(await screen.findByTestId('todo-o1-cancel')));
    await openMenu('f1');
    await act(async () => fireEvent.click(await screen.findByTestId('todo-f1-requeue')));
    await waitFor(() => expect(server.calls.filter((r) => r.method === 'PUT')).toHaveLength(2));
    const bodies = await Promise.all(server.calls.filter((r) => r.method === 'PUT').map((r) => r.json()));
    expect(bodies).toEqual([{ status: 'CANCELED' }, { status: 'PENDING' }]);
    admin.unmount();

    gateway({ lists });
    renderApp('/us/dashboard', { token: token() });
    await openMenu('f1');
    await screen.findByTestId('todo-f1-delete');
    expect(screen.queryByTestId('todo-f1-requeue')).toBeNull();
  });

  it('words the coverage and the failure reason in the page’s language, not the scraper’s English', async () => {
    gateway({
      lists: {
        completed: {
          items: [
            todo({
              id: 'c1',
              asinCount: 60,
              coverage: coverageFacts(),
            }),
            todo({
              id: 'f1',
              status: 'FAILED',
              failureCode: 'BLOCKED',
              failureReason: 'amazon.ca is asking for a captcha; please try again later.',
            }),
          ],
        },
      },
    });
    renderApp('/dashboard', { token: token() });
    const coverage = await screen.findByTestId('todo-c1-coverage', {}, { timeout: 15_000 });
    expect(coverage.textContent).toBe("Amazon'un bildirdiği 60 üründen 60 ASIN bulundu (%100).");
    expect(screen.getByTestId('todo-f1-reason').textContent).toBe('Neden: Pazar yeri engelledi');
  });

  it('"Track this store" on a finished store scan opens the tracker dialog pre-filled; not on a running scan or an ASIN check', async () => {
    gateway({
      lists: {
        completed: {
          items: [
            todo({
              id: 'd1',
              searchType: 'deep',
              status: 'COMPLETED_PARTIAL',
              storeUrl: 'https://www.amazon.co.uk/s?me=A9UKSHOP01',
              market: 'UK',
              keyword: 'tea',
            }),
            todo({ id: 'k1', searchType: 'asinCheck', storeUrl: null, sellerId: null }),
          ],
        },
        ongoing: { items: [todo({ id: 'g1', state: 'ongoing', status: 'PROCESSING' })] },
      },
    });
    const app = renderApp('/us/dashboard', { token: token() });
    await openMenu('g1');
    await screen.findByTestId('todo-g1-delete');
    expect(screen.queryByTestId('todo-g1-track')).toBeNull();
    await act(async () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));
    await openMenu('k1');
    await screen.findByTestId('todo-k1-delete');
    expect(screen.queryByTestId('todo-k1-track')).toBeNull();
    await act(async () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));

    await openMenu('d1');
    const item = await screen.findByRole('menuitem', { name: 'Track this store' });
    await act(async () => fireEvent.click(item));
    await waitFor(() => expect(app.location()).toMatch(/^\/us\/trackers\?add=1&/));
    const dialog = await screen.findByRole('dialog', { name: 'Track a store' }, { timeout: 15_000 });
    const field = (testId: string) =>
      (within(dialog).getByTestId(testId).tagName === 'INPUT'
        ? within(dialog).getByTestId(testId)
        : within(dialog).getByTestId(testId).querySelector('input')) as HTMLInputElement;
    expect(field('tracker-store-url').value).toBe('https://www.amazon.co.uk/s?me=A9UKSHOP01');
    expect(field('tracker-market').value).toBe('United Kingdom');
    expect(field('tracker-keyword').value).toBe('tea');
    expect((within(dialog).getByRole('radio', { name: 'Deep' }) as HTMLInputElement).checked).toBe(true);
  });
});
