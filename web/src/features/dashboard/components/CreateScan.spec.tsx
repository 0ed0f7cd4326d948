import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { quota } from '../../../test/fixtures';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input')
  ) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const posts = (calls: Request[], path: string) =>
  calls.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path);

async function openDialog(type: string) {
  // The first render loads the page's lazy chunk, which can be slow on a small machine.
  const button = await screen.findByTestId('create-scan', {}, { timeout: 15_000 });
  await act(async () => fireEvent.click(button));
  await act(async () => fireEvent.click(await screen.findByTestId(`create-${type}`)));
  return screen.findByTestId(`dialog-${type}`);
}

/** Picks an option of a Mantine Select by its label. */
async function choose(testId: string, label: string) {
  await act(async () => fireEvent.click(input(testId)));
  await act(async () => fireEvent.click(await screen.findByRole('option', { name: label })));
}

describe('create dialogs', () => {
  it('standard: the shared rules first, then a server 422 shows on its field', async () => {
    const server = gateway({
      answers: {
        'POST /api/search-info': () =>
          jsonResponse(
            {
              // The gateway's own 422 (its pipe applies the shared scan rules): a list, no top-level code.
              success: false,
              message: 'This link is not a storefront of Amazon.ca.',
              errors: [{ field: 'storeUrl', msg: 'This link is not a storefront of Amazon.ca.' }],
            },
            422,
          ),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const dialog = await openDialog('standard');
    await act(async () => fireEvent.click(within(dialog).getByTestId('scan-submit')));
    expect(within(dialog).getAllByText('This is required.')).toHaveLength(3);
    expect(posts(server.calls, '/api/search-info')).toHaveLength(0);

    type('scan-file-name', 'Şık mağaza');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A2NOTASTORE1');
    await choose('scan-market', 'Canada');
    type('scan-keyword', 'mug');
    await act(async () => fireEvent.click(within(dialog).getByTestId('scan-submit')));
    expect(await within(dialog).findByText('This link is not a storefront of Amazon.ca.')).toBeTruthy();
    expect(input('scan-store-url').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByTestId('scan-error')).toBeNull();
    const [post] = posts(server.calls, '/api/search-info');
    expect(await post.json()).toEqual({
      searchType: 'standard',
      fileName: 'Şık mağaza',
      storeUrl: 'https://www.amazon.ca/s?me=A2NOTASTORE1',
      market: 'CA',
      keyword: 'mug',
    });
  });

  it('functional: offers only CA and MX, checks min ≤ max, sends the filters', async () => {
    const server = gateway({
      answers: {
        'POST /api/search-info/functional-search': (request) =>
          request
            .json()
            .then((body: Record<string, unknown>) =>
              jsonResponse({ success: true, data: { id: 'n1', ...body } }),
            ),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const dialog = await openDialog('FUNCTIONAL');
    await act(async () => fireEvent.click(input('scan-market')));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Canada', 'Mexico']);
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Mexico' })));
    type('scan-file-name', 'filtered');
    type('scan-store-url', 'https://www.amazon.com.mx/s?me=A1MXSTORE01');
    type('scan-min-star', '4');
    type('scan-max-star', '3');
    type('scan-min-price', '20');
    type('scan-max-price', '10');
    fireEvent.click(input('scan-best-seller'));
    await act(async () => fireEvent.click(within(dialog).getByTestId('scan-submit')));
    expect(within(dialog).getAllByText('The maximum may not be below the minimum.')).toHaveLength(2);
    expect(posts(server.calls, '/api/search-info/functional-search')).toHaveLength(0);

    type('scan-max-star', '5');
    type('scan-max-price', '');
    await act(async () => fireEvent.click(within(dialog).getByTestId('scan-submit')));
    await waitFor(() => expect(posts(server.calls, '/api/search-info/functional-search')).toHaveLength(1));
    expect(await posts(server.calls, '/api/search-info/functional-search')[0].json()).toEqual({
      fileName: 'filtered',
      storeUrl: 'https://www.amazon.com.mx/s?me=A1MXSTORE01',
      market: 'MX',
      amazonChoice: false,
      bestSeller: true,
      minStar: 4,
      maxStar: 5,
      minPrice: 20,
    });
    expect(await screen.findByText('Your scan has been created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('dialog-FUNCTIONAL')).toBeNull());
  });

  it('deep: an estimate refused (no plan, the hour’s estimates used up) says why, with the usual wait (both locales)', async () => {
    gateway({
      answers: {
        'POST /api/search-info/estimate': async (request) => {
          const body = (await request.json()) as { storeUrl: string };
          return body.storeUrl.includes('NOPLAN')
            ? jsonResponse({ success: false, status: 403, code: 'noDeepPlan', message: 'x' }, 403)
            : jsonResponse({ success: false, status: 429, code: 'estimateTooMany', message: 'x' }, 429);
        },
      },
    });
    const en = renderApp('/us/dashboard', { token: token() });
    let dialog = await openDialog('deep');
    const wait = () => within(dialog).getByTestId('deep-wait').textContent;
    await choose('scan-market', 'Canada');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1BUSYSTORE1');
    await waitFor(() => expect(wait()).toContain('wait estimates this hour'), { timeout: 5000 });
    expect(wait()).toBe(
      'You have asked for many wait estimates this hour; you can ask again when the next hour starts. Your scans are not affected. A deep scan usually takes about 60 minutes; its progress and remaining time show on the scan while it runs.',
    );
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1NOPLAN0001');
    await waitFor(() => expect(wait()).toContain('You do not have a Deep plan.'), { timeout: 5000 });
    en.unmount();

    renderApp('/dashboard', { token: token() });
    dialog = await openDialog('deep');
    await choose('scan-market', 'Kanada');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1BUSYSTORE1');
    await waitFor(() => expect(wait()).toContain('süre tahmini istediniz'), { timeout: 5000 });
    expect(wait()).toContain('Derin tarama genellikle yaklaşık 60 dakika sürer');
  });

  it("deep: the wait is the engine's estimate for the store (both locales), the usual wait when it has none", async () => {
    const server = gateway({
      answers: {
        'POST /api/search-info/estimate': async (request) => {
          const body = (await request.json()) as { storeUrl: string };
          return jsonResponse({
            success: true,
            data: body.storeUrl.includes('BLOCKED')
              ? {
                  etaSeconds: null,
                  pages: 0,
                  reportedTotal: null,
                  reportedTotalIsLowerBound: false,
                  max: null,
                }
              : body.storeUrl.includes('COUNTED')
                ? {
                    etaSeconds: 195,
                    pages: 78,
                    reportedTotal: 1000,
                    reportedTotalIsLowerBound: true,
                    max: null,
                    counted: { total: 1200, lowerBound: false },
                  }
                : body.storeUrl.includes('LIMIT')
                  ? {
                      etaSeconds: 425,
                      pages: 170,
                      reportedTotal: 1000,
                      reportedTotalIsLowerBound: true,
                      max: { etaSeconds: 425, pages: 170 },
                      counted: { total: 4340, lowerBound: true },
                    }
                  : body.storeUrl.includes('PARTLY')
                    ? {
                        etaSeconds: 328,
                        pages: 131,
                        reportedTotal: 1000,
                        reportedTotalIsLowerBound: true,
                        max: { etaSeconds: 425, pages: 170 },
                        counted: { total: 2027, lowerBound: true },
                      }
                    : body.storeUrl.includes('OVER')
                      ? {
                          etaSeconds: 163,
                          pages: 65,
                          reportedTotal: 1000,
                          reportedTotalIsLowerBound: true,
                          max: { etaSeconds: 425, pages: 170 },
                        }
                      : {
                          etaSeconds: 400,
                          pages: 160,
                          reportedTotal: 2500,
                          reportedTotalIsLowerBound: false,
                          max: null,
                        },
          });
        },
      },
    });
    const en = renderApp('/us/dashboard', { token: token() });
    let dialog = await openDialog('deep');
    const wait = () => within(dialog).getByTestId('deep-wait').textContent;
    expect(wait()).toContain('usually takes about 60 minutes');
    await choose('scan-market', 'Canada');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1BIGSTORE01');
    await waitFor(() => expect(wait()).toContain('takes about 7 min'), { timeout: 5000 });
    expect(wait()).toBe(
      'A deep scan of this store takes about 7 min: the store shows 2,500 listings, about 160 pages at ShelfScan’s polite pace. Its progress and remaining time show on the scan while it runs.',
    );
    const [probe] = posts(server.calls, '/api/search-info/estimate');
    expect(await probe.json()).toEqual({
      searchType: 'deep',
      storeUrl: 'https://www.amazon.ca/s?me=A1BIGSTORE01',
      market: 'CA',
    });
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1OVERTHOUS');
    await waitFor(() => expect(wait()).toContain('over 1,000 listings'), { timeout: 5000 });
    expect(wait()).toBe(
      'The store shows over 1,000 listings (Amazon does not say how many more): a deep scan of it takes at least about 3 min (65 pages at ShelfScan’s polite pace), up to about 8 min if it runs on to the list limit (170 pages). Its progress and remaining time show on the scan while it runs.',
    );
    // Issue 22: a store of 1,200 and one of 6,000 both show "over 1,000"; counted by price range,
    // each gets its own wait, and the text says where its number comes from.
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1COUNTED001');
    await waitFor(() => expect(wait()).toContain('it holds 1,200'), { timeout: 5000 });
    expect(wait()).toBe(
      'The store shows over 1,000 listings; counted by price range, it holds 1,200 with a price. A deep scan of it takes about 4 min (about 78 pages at ShelfScan’s polite pace). Its progress and remaining time show on the scan while it runs.',
    );
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1PARTLY0001');
    await waitFor(() => expect(wait()).toContain('at least 2,027'), { timeout: 5000 });
    expect(wait()).toBe(
      'The store shows over 1,000 listings; counted by price range, it holds at least 2,027 with a price (the count stopped before the end). A deep scan of it takes at least about 6 min (131 pages at ShelfScan’s polite pace), up to about 8 min if it runs on to the list limit (170 pages). Its progress and remaining time show on the scan while it runs.',
    );
    // Counted past the list limit: the scan stops there, so there is no "at least … up to the same".
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1LIMIT00001');
    await waitFor(() => expect(wait()).toContain('at least 4,340'), { timeout: 5000 });
    expect(wait()).toBe(
      'The store shows over 1,000 listings; counted by price range, it holds at least 4,340 with a price, more than a deep scan’s list limit. A deep scan of it runs to that limit: about 8 min (170 pages at ShelfScan’s polite pace). Its progress and remaining time show on the scan while it runs.',
    );
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1BLOCKED001');
    await waitFor(() => expect(wait()).toContain('cannot be estimated now'), { timeout: 5000 });
    expect(wait()).toContain('about 60 minutes');
    en.unmount();

    renderApp('/dashboard', { token: token() });
    dialog = await openDialog('deep');
    await choose('scan-market', 'Kanada');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1BIGSTORE01');
    await waitFor(() => expect(wait()).toContain('yaklaşık 7 dk sürer'), { timeout: 5000 });
    expect(wait()).toContain('mağazada 2.500 ürün görünüyor, ShelfScan’in nazik hızında yaklaşık 160 sayfa');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1COUNTED001');
    await waitFor(() => expect(wait()).toContain('1.200'), { timeout: 5000 });
    expect(wait()).toBe(
      'Mağazada en az 1.000 ürün görünüyor; fiyat aralıklarına göre sayıldığında fiyatı olan 1.200 ürünü var. Derin taraması yaklaşık 4 dk sürer (ShelfScan’in nazik hızında yaklaşık 78 sayfa). Tarama sürerken ilerlemesi ve kalan süresi taramanın üzerinde görünür.',
    );
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1PARTLY0001');
    await waitFor(() => expect(wait()).toContain('en az 2.027'), { timeout: 5000 });
    expect(wait()).toContain('liste sınırına kadar sürerse yaklaşık 8 dk (170 sayfa)');
    type('scan-store-url', 'https://www.amazon.ca/s?me=A1LIMIT00001');
    await waitFor(() => expect(wait()).toContain('en az 4.340'), { timeout: 5000 });
    expect(wait()).toContain(
      'derin taramanın liste sınırından fazla. Derin taraması bu sınıra kadar sürer: yaklaşık 8 dk',
    );
  });

  it('the United Kingdom is offered by its code UK in standard and deep, named in the page language', async () => {
    const server = gateway({
      answers: {
        'POST /api/search-info': (request) =>
          request
            .json()
            .then((body: Record<string, unknown>) =>
              jsonResponse({ success: true, data: { id: 'u1', ...body } }),
            ),
      },
    });
    const optionsOf = async (testId: string) => {
      await act(async () => fireEvent.click(input(testId)));
      const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
      await act(async () => fireEvent.click(input(testId)));
      return options;
    };
    renderApp('/dashboard', { token: token() });
    let dialog = await openDialog('standard');
    expect(await optionsOf('scan-market')).toEqual([
      'Kanada',
      'Meksika',
      'Birleşik Arap Emirlikleri',
      'Avustralya',
      'Singapur',
      'Birleşik Krallık',
    ]);
    type('scan-file-name', 'İngiltere mağazası');
    type('scan-store-url', 'https://www.amazon.co.uk/s?me=A2DP2EEPU3VU45');
    await choose('scan-market', 'Birleşik Krallık');
    await act(async () => fireEvent.click(within(dialog).getByTestId('scan-submit')));
    await waitFor(() => expect(posts(server.calls, '/api/search-info')).toHaveLength(1));
    expect(await posts(server.calls, '/api/search-info')[0].json()).toMatchObject({
      searchType: 'standard',
      market: 'UK',
      storeUrl: 'https://www.amazon.co.uk/s?me=A2DP2EEPU3VU45',
    });
    await waitFor(() => expect(screen.queryByTestId('dialog-standard')).toBeNull());

    dialog = await openDialog('deep');
    expect(await optionsOf('scan-market')).toEqual([
      'Kanada',
      'Meksika',
      'Birleşik Arap Emirlikleri',
      'Birleşik Krallık',
    ]);
    expect(
      within(dialog).getByText(/Kanada, Meksika, Birleşik Arap Emirlikleri ve Birleşik Krallık/),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByText(/^Kapat$|^Close$/)));

    await openDialog('asinCheck');
    const checkMarkets = await optionsOf('check-market');
    expect(checkMarkets).toContain('Birleşik Krallık');
    expect(checkMarkets.join(' ')).not.toMatch(/\(|GB|United/);
  });

  it('deep: a 429 says when the right comes back', async () => {
    const retryAt = new Date(Date.now() + 90 * 60_000).toISOString();
    gateway({
      answers: {
        'POST /api/search-info': () =>
          new Response(
            JSON.stringify({
              success: false,
              code: 'noRemainingDailySearchRights',
              message: 'no remaining daily search rights',
              data: { retryAt },
            }),
            { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '5400' } },
          ),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const dialog = await openDialog('deep');
    type('scan-file-name', 'big store');
    type('scan-store-url', 'https://www.amazon.co.uk/s?me=A9UKSTORE01');
    await choose('scan-market', 'United Kingdom');
    await act(async () => fireEvent.click(within(dialog).getByTestId('scan-submit')));
    const error = await within(dialog).findByTestId('scan-error');
    expect(error.textContent).toBe(
      'You have no remaining daily search rights.\nYou can search again in 1 h 30 min.',
    );
  });

  it('ASIN check: each ASIN 10 characters, at most the list limit, only text files', async () => {
    const server = gateway({
      quota: quota({ listLimit: 3 }),
      answers: {
        'POST /api/search-info/asin-check': () =>
          jsonResponse({ success: true, data: { id: 'k1', searchType: 'asinCheck' } }),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const dialog = await openDialog('asinCheck');
    type('check-file-name', 'my list');
    await choose('check-market', 'Australia');
    type('check-asins', 'B0ABCDEFGH, B0SHORT');
    await act(async () => fireEvent.click(within(dialog).getByTestId('check-submit')));
    expect(within(dialog).getByText('An ASIN must be exactly 10 letters or digits.')).toBeTruthy();
    type('check-asins', 'B0ABCDEFGH B0ABCDEFGI\nB0ABCDEFGJ,B0ABCDEFGK');
    expect(within(dialog).getByTestId('check-count').textContent).toBe('4 ASINs entered');
    await act(async () => fireEvent.click(within(dialog).getByTestId('check-submit')));
    expect(within(dialog).getByText('Too many ASINs.')).toBeTruthy();
    expect(posts(server.calls, '/api/search-info/asin-check')).toHaveLength(0);

    const upload = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(upload, { target: { files: [new File(['x'], 'list.csv', { type: 'text/csv' })] } }),
    );
    expect(within(dialog).getByText('only text files are allowed')).toBeTruthy();
    await act(async () =>
      fireEvent.change(upload, {
        target: { files: [new File(['b0abcdefgh\nB0ABCDEFGI\n'], 'list.txt', { type: 'text/plain' })] },
      }),
    );
    await waitFor(() => expect(input('check-asins').value).toBe('b0abcdefgh\nB0ABCDEFGI\n'));
    await act(async () => fireEvent.click(within(dialog).getByTestId('check-submit')));
    await waitFor(() => expect(posts(server.calls, '/api/search-info/asin-check')).toHaveLength(1));
    expect(await posts(server.calls, '/api/search-info/asin-check')[0].json()).toEqual({
      fileName: 'my list',
      market: 'AU',
      asins: 'b0abcdefgh\nB0ABCDEFGI',
    });
  });
});

describe('plan gating', () => {
  it('a type without its plan is disabled with its message; the quota shows what is left', async () => {
    gateway({ quota: quota({ plans: { standard: true, deep: false, functional: false } }) });
    renderApp('/us/dashboard', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('create-scan')));
    const deep = await screen.findByTestId('create-deep');
    expect(deep.hasAttribute('disabled') || deep.getAttribute('data-disabled') === 'true').toBe(true);
    expect(screen.getByTestId('create-deep-hint').textContent).toBe('You do not have a Deep plan.');
    expect(screen.getByTestId('create-FUNCTIONAL-hint').textContent).toBe(
      'You do not have a Functional plan.',
    );
    expect(screen.getByTestId('create-standard').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('quota-deep').textContent).toBe('Deep: no plan');
  });

  it('the list limit is a number in the page language (2,720 / 2.720)', async () => {
    gateway({});
    const en = renderApp('/us/dashboard', { token: token() });
    expect((await screen.findByTestId('quota-list-limit')).textContent).toBe('At most 2,720 ASINs per list');
    en.unmount();
    renderApp('/dashboard', { token: token() });
    expect((await screen.findByTestId('quota-list-limit')).textContent).toBe(
      'Liste başına en fazla 2.720 ASIN',
    );
  });

  it('without any plan the page says where to buy one (both locales)', async () => {
    gateway({ quota: quota({ plans: { standard: false, deep: false, functional: false } }) });
    const en = renderApp('/us/dashboard', { token: token() });
    expect((await screen.findByTestId('dashboard-no-plan')).textContent).toContain(
      'Scans need a Standard, Deep or Functional plan.',
    );
    expect(screen.getByTestId('dashboard-buy-plan').getAttribute('href')).toBe('/us/payment');
    await act(async () => fireEvent.click(screen.getByTestId('create-scan')));
    expect((await screen.findByTestId('create-standard-hint')).textContent).toBe(
      'You do not have a Standard plan.',
    );
    en.unmount();
    renderApp('/dashboard', { token: token() });
    expect((await screen.findByTestId('dashboard-buy-plan')).getAttribute('href')).toBe('/payment');
    expect(screen.getByTestId('dashboard-no-plan').textContent).toContain('Henüz bir paketiniz yok');
  });
});
