import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { jsonResponse, pageResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');
const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input')
  ) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const posts = (calls: Request[]) =>
  calls.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/search-info/batch');

async function openBatch() {
  const button = await screen.findByTestId('create-scan', {}, { timeout: 15_000 });
  await act(async () => fireEvent.click(button));
  await act(async () => fireEvent.click(await screen.findByTestId('create-batch')));
  return screen.findByTestId('dialog-batch');
}

async function chooseCanada() {
  await act(async () => fireEvent.click(input('batch-market')));
  await act(async () => fireEvent.click(await screen.findByRole('option', { name: /Canada|Kanada/ })));
}

const batch = (finished: number) => ({
  id: 'b1',
  searchType: 'standard',
  market: 'CA',
  fileName: 'Rakipler',
  keyword: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  todos: [],
  progress: { asinsFound: 40, finished, scans: 3, percent: finished === 3 ? 100 : 50 },
});

describe('many stores at once', () => {
  it('names a bad line before sending anything, sends the lines of one market, then shows the batch card', async () => {
    const server = gateway({
      answers: {
        'POST /api/search-info/batch': () =>
          jsonResponse({
            success: true,
            data: { batchId: 'b1', scanIds: ['t1', 't2', 't3'], batch: batch(0) },
          }),
        // The dashboard's batches: the new one once it is made (the list is read again then).
        'GET /api/search-info/batch': () => pageResponse(posts(server.calls).length ? [batch(1)] : []),
      },
    });
    renderApp('/us/dashboard', { token: token() });
    const dialog = await openBatch();
    type('batch-file-name', 'Rakipler');
    await chooseCanada();
    type(
      'batch-lines',
      'https://www.amazon.ca/s?me=A2DP2EEPU3VU45\nhttps://www.amazon.co.uk/s?me=A1B2C3D4E5F6G7\n\nhttps://www.amazon.ca/s?me=A1B2C3D4E5F6G7\n',
    );
    expect(within(dialog).getByTestId('batch-count').textContent).toBe('3 stores');
    await act(async () => fireEvent.click(within(dialog).getByTestId('batch-submit')));
    expect(within(dialog).getByTestId('batch-lines-error').textContent).toBe(
      'Line 2: The store link is not on the chosen market.',
    );
    expect(posts(server.calls)).toHaveLength(0);

    type(
      'batch-lines',
      'https://www.amazon.ca/s?me=A2DP2EEPU3VU45\nhttps://www.amazon.ca/s?me=A1B2C3D4E5F6G8\nhttps://www.amazon.ca/s?me=A1B2C3D4E5F6G7',
    );
    await act(async () => fireEvent.click(within(dialog).getByTestId('batch-submit')));
    await waitFor(() => expect(posts(server.calls)).toHaveLength(1));
    expect(await posts(server.calls)[0]!.json()).toEqual({
      searchType: 'standard',
      market: 'CA',
      fileName: 'Rakipler',
      storeUrls: [
        'https://www.amazon.ca/s?me=A2DP2EEPU3VU45',
        'https://www.amazon.ca/s?me=A1B2C3D4E5F6G8',
        'https://www.amazon.ca/s?me=A1B2C3D4E5F6G7',
      ],
    });
    const summary = await screen.findByTestId('batch-b1-summary', {}, { timeout: 5000 });
    expect(summary.textContent).toBe('1 of 3 scans finished · 40 ASINs');
  });

  it('a batch over the quota shows the server’s answer (how many are left) in Turkish', async () => {
    gateway({
      answers: {
        'POST /api/search-info/batch': () =>
          jsonResponse(
            {
              success: false,
              status: 429,
              code: 'batchQuotaExceeded',
              message: 'Kalan arama hakkınız bütün mağazalara yetmiyor (kalan: 2); hiçbiri başlatılmadı.',
            },
            429,
          ),
      },
    });
    renderApp('/dashboard', { token: token() });
    const dialog = await openBatch();
    expect(within(dialog).getByTestId('batch-count').textContent).toBe('0 mağaza');
    type('batch-file-name', 'Rakipler');
    await chooseCanada();
    type(
      'batch-lines',
      'https://www.amazon.ca/s?me=A2DP2EEPU3VU45\nhttps://www.amazon.ca/s?me=A1B2C3D4E5F6G7\nhttps://www.amazon.ca/s?me=A1B2C3D4E5F6G8',
    );
    await act(async () => fireEvent.click(within(dialog).getByTestId('batch-submit')));
    expect((await within(dialog).findByTestId('batch-error')).textContent).toContain('(kalan: 2)');
  });
});
