import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { userToken } from '../../../test/jwt';
import { pageResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import type { Batch } from '../model';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

const batch = (id: string, over: Partial<Batch['progress']> = {}, fileName = `Rakipler ${id}`): Batch => ({
  id,
  searchType: 'standard',
  market: 'CA',
  fileName,
  keyword: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  todos: [],
  progress: { asinsFound: 120, finished: 3, scans: 3, percent: 100, ...over },
});

const listCalls = (server: ReturnType<typeof gateway>) =>
  server.callsTo('GET /api/search-info/batch').map((r) => new URL(r.url).searchParams);

// The page polls while a shown batch runs: the clock is held, so a poll comes only when a test moves it.
beforeEach(() => holdTimers());

describe('batch cards: the batches of the account, from the API', () => {
  it('shows every batch the API lists (none is kept in the browser), newest first, with its progress and downloads', async () => {
    const server = gateway({
      answers: {
        'GET /api/search-info/batch': () =>
          pageResponse([batch('b2', {}, 'Made through the API'), batch('b1', { asinsFound: 1 })]),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const cards = await until(() => screen.getByTestId('batches'), 15_000);
    expect(
      within(cards)
        .getAllByText(/^(Made through the API|Rakipler b1)$/)
        .map((e) => e.textContent),
    ).toEqual(['Made through the API', 'Rakipler b1']);
    expect(screen.getByTestId('batch-b2-summary').textContent).toBe('3 of 3 scans finished · 120 ASINs');
    expect(screen.getByTestId('batch-b1-summary').textContent).toBe('3 of 3 scans finished · 1 ASIN');
    expect(screen.getByTestId('batch-b2-menu')).toBeTruthy();
    expect(listCalls(server).map((p) => [p.get('page'), p.get('size')])).toEqual([['0', '8']]);
    expect(window.localStorage.length).toBe(0);
    // Every batch finished: the list is not asked for again.
    await pass(10_000);
    expect(listCalls(server)).toHaveLength(1);
    expect(screen.queryByTestId('batches-pages')).toBeNull();
  });

  it('reads the page again while a batch runs, and stops once all have finished', async () => {
    let calls = 0;
    const server = gateway({
      answers: {
        'GET /api/search-info/batch': () =>
          pageResponse([batch('b1', ++calls < 3 ? { finished: 1, percent: 40, asinsFound: 30 } : {})]),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const summary = await until(() => screen.getByTestId('batch-b1-summary'), 15_000);
    expect(summary.textContent).toBe('1 of 3 scans finished · 30 ASINs');
    await pass(2_000);
    await until(() => expect(listCalls(server)).toHaveLength(2));
    await pass(2_000);
    await until(() =>
      expect(screen.getByTestId('batch-b1-summary').textContent).toBe('3 of 3 scans finished · 120 ASINs'),
    );
    await pass(10_000);
    expect(listCalls(server)).toHaveLength(3);
  });

  it('pages through many batches with the total of x-total-count', async () => {
    const server = gateway({
      answers: {
        'GET /api/search-info/batch': (_request, url) =>
          url.searchParams.get('page') === '1'
            ? pageResponse([batch('b9'), batch('b10')], 10)
            : pageResponse(
                Array.from({ length: 8 }, (_, i) => batch(`b${i + 1}`)),
                10,
              ),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const pages = await until(() => screen.getByTestId('batches-pages'), 15_000);
    await act(async () => fireEvent.click(within(pages).getByText('2')));
    await until(() => screen.getByTestId('batch-b10'));
    expect(screen.queryByTestId('batch-b1')).toBeNull();
    expect(listCalls(server).at(-1)?.get('page')).toBe('1');
  });

  it.each([
    ['/dashboard', 'Henüz toplu tarama yok'],
    ['/us/dashboard', 'No batch yet'],
  ])('says there is no batch yet (%s)', async (path, text) => {
    gateway();
    renderApp(path, { token: token() });
    const empty = await until(() => screen.getByTestId('batches-empty'), 15_000);
    expect(empty.textContent).toContain(text);
    expect(screen.queryByTestId('batches')).toBeNull();
  });
});
