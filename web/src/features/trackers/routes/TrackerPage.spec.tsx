import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { tracker, trackerRun } from '../../../test/fixtures';
import { userToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { TRACKER_POLL_MS, type TrackerAsin } from '../model';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

const runs = [
  trackerRun({
    id: 'r3',
    startedAt: '2026-11-28T03:00:00Z',
    status: 'COMPLETED_PARTIAL',
    complete: false,
    coverage: 0.6,
    found: 72,
    addedCount: 2,
    removedCount: 0,
    added: ['B0ADD00004', 'B0ADD00005'],
    removed: [],
    notSeen: 49,
  }),
  trackerRun({ id: 'r2', startedAt: '2026-11-27T03:00:00Z', coverage: 0.97, found: 121, aboveLimit: true }),
  trackerRun({
    id: 'r1',
    startedAt: '2026-11-26T03:00:00Z',
    baseline: true,
    coverage: 1,
    found: 119,
    addedCount: 0,
    removedCount: 0,
    added: [],
    removed: [],
  }),
];

const asin = (n: number, present = true): TrackerAsin => ({
  asin: `B0ASIN${String(n).padStart(4, '0')}`,
  title: `Product ${n}`,
  firstSeen: '2026-11-26T03:05:00Z',
  lastSeen: present ? '2026-11-28T03:05:00Z' : '2026-11-27T03:05:00Z',
  present,
});

const rival = tracker({
  id: 't1',
  fileName: 'Rival Books',
  keyword: 'tea',
  present: 121,
  ever: 124,
  alerts: { email: true, webhook: true, telegram: false },
  lastRun: runs[0],
});

describe('a tracked store’s page', () => {
  it('the runs with their honest diffs: coverage, added, removed or none reported, not seen, badges (English)', async () => {
    gateway({ trackers: [rival], runs: { t1: runs } });
    renderApp('/us/trackers/t1', { token: token() });
    const table = await screen.findByTestId('runs-table', {}, { timeout: 15_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Rival Books' })).toBeTruthy();
    expect(screen.getByTestId('tracker-schedule').textContent).toBe('Every day at 06:00 Istanbul time');
    expect(screen.getByTestId('tracker-next').textContent).toBe('29 Nov 26 06:00');
    expect(screen.getByTestId('tracker-alerts').textContent).toBe('email, webhook');

    const cells = (id: string) =>
      ['coverage', 'added', 'removed', 'not-seen'].map(
        (c) => within(table).getByTestId(`run-${id}-${c}`).textContent,
      );
    expect(cells('r3')).toEqual(['60%', '+2', 'no removals reported', '49']);
    expect(within(table).getByTestId('run-r3-partial').textContent).toBe('Partial');
    expect(cells('r2')).toEqual(['97%', '+3', '−1', '0']);
    expect(within(table).getByTestId('run-r2-above-limit').textContent).toBe('Above the list limit');
    expect(within(table).getByTestId('run-r1-baseline').textContent).toBe('Baseline');
    expect(within(table).getByTestId('run-r3').textContent).toContain('28 Nov 26 06:00');

    // The page says why: above the limit only what both runs saw is compared; a partial run removes nothing.
    expect(screen.getByTestId('tracker-above-limit').textContent).toContain(
      'only what both runs could see is compared',
    );
    expect(screen.getByTestId('tracker-partial-note').textContent).toContain('never a removal');
    expect(screen.queryByTestId('tracker-unpriced-note')).toBeNull();
    // The chart's text summary (the chart is its own chunk): oldest run first.
    expect((await screen.findByTestId('tracker-chart-summary', {}, { timeout: 15_000 })).textContent).toBe(
      '3 runs: from 119 to 72 ASINs; 5 added and 1 removed in all.',
    );
  });

  it('Turkish: the facts and runs in Turkish, percent the Turkish way', async () => {
    gateway({ trackers: [rival], runs: { t1: runs } });
    renderApp('/trackers/t1', { token: token() });
    const table = await screen.findByTestId('runs-table', {}, { timeout: 15_000 });
    expect(screen.getByTestId('tracker-schedule').textContent).toBe("Her gün 06:00'da (İstanbul saati)");
    expect(within(table).getByTestId('run-r3-coverage').textContent).toBe('%60');
    expect(within(table).getByTestId('run-r3-removed').textContent).toBe('kaldırma bildirilmedi');
    expect(within(table).getByTestId('run-r3').textContent).toContain('28 Kas 26 06:00');
  });

  it('a complete run that did not claim unpriced listings gone says why (Turkish)', async () => {
    const unsure = trackerRun({
      id: 'r4',
      startedAt: '2026-11-29T03:00:00Z',
      coverage: 1,
      found: 120,
      notSeen: 2,
    });
    gateway({ trackers: [{ ...rival, lastRun: unsure }], runs: { t1: [unsure, runs[1]!, runs[2]!] } });
    renderApp('/trackers/t1', { token: token() });
    const table = await screen.findByTestId('runs-table', {}, { timeout: 15_000 });
    expect(within(table).getByTestId('run-r4-not-seen').textContent).toBe('2');
    expect(screen.getByTestId('tracker-unpriced-note').textContent).toContain('fiyatı görünmeyen');
    expect(screen.queryByTestId('tracker-partial-note')).toBeNull();
  });

  it('the ASINs: present first, then removed or all, paged by 20 like the scans lists', async () => {
    const all = [...Array.from({ length: 25 }, (_, i) => asin(i + 1)), asin(90, false)];
    const server = gateway({ trackers: [rival], runs: { t1: runs }, asins: { t1: all } });
    renderApp('/us/trackers/t1', { token: token() });
    const table = await screen.findByTestId('asins-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(screen.getByTestId('asins-total').textContent).toBe('25 ASINs');
    const first = new URL(server.callsTo('GET /api/trackers/t1/asins')[0].url).searchParams;
    expect(Object.fromEntries(first)).toEqual({ page: '0', size: '20', present: 'true' });
    const row = within(table).getByTestId('asin-B0ASIN0001');
    expect(within(row).getByRole('link', { name: 'B0ASIN0001' }).getAttribute('href')).toBe(
      'https://www.amazon.ca/dp/B0ASIN0001',
    );
    expect(row.textContent).toContain('Product 1');
    expect(row.textContent).toContain('26 Nov 26 06:05');

    await act(async () => fireEvent.click(within(screen.getByTestId('asins-pages')).getByText('2')));
    await waitFor(() => expect(screen.getByTestId('asin-B0ASIN0025')).toBeTruthy());
    expect(new URL(server.callsTo('GET /api/trackers/t1/asins').at(-1)!.url).searchParams.get('page')).toBe(
      '1',
    );

    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Removed' })));
    await waitFor(() => expect(screen.getByTestId('asins-total').textContent).toBe('1 ASIN'));
    const removed = new URL(server.callsTo('GET /api/trackers/t1/asins').at(-1)!.url).searchParams;
    expect(Object.fromEntries(removed)).toEqual({ page: '0', size: '20', present: 'false' });
    expect(within(screen.getByTestId('asin-B0ASIN0090')).getByText('Removed')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'All ever seen' })));
    await waitFor(() => expect(screen.getByTestId('asins-total').textContent).toBe('26 ASINs'));
    expect(
      new URL(server.callsTo('GET /api/trackers/t1/asins').at(-1)!.url).searchParams.has('present'),
    ).toBe(false);
  });

  it('a new tracker’s empty runs and ASINs say what comes next (English)', async () => {
    const fresh = tracker({ id: 't2', fileName: 'New rival' });
    gateway({ trackers: [fresh], runs: { t2: [] } });
    renderApp('/us/trackers/t2', { token: token() });
    expect(await screen.findByTestId('runs-empty', {}, { timeout: 15_000 })).toHaveProperty(
      'textContent',
      'No run yet. The first one runs at the scheduled time, or now with “Run now”.',
    );
    expect(await screen.findByTestId('asins-empty')).toHaveProperty(
      'textContent',
      'No ASIN seen yet. The first run lists the store’s ASINs here: it runs at the scheduled time, or now with “Run now”.',
    );
    expect(screen.getByRole('button', { name: 'Run now' })).toBeTruthy();
  });

  it('Turkish: the empty states of a new tracker, of one whose first run is going, and of no removal yet', async () => {
    gateway({
      trackers: [tracker({ id: 't2' }), tracker({ id: 't3', running: true }), rival],
      runs: { t2: [], t3: [], t1: runs },
      asins: { t1: [asin(1)] },
    });
    const first = renderApp('/trackers/t2', { token: token() });
    expect(await screen.findByTestId('asins-empty', {}, { timeout: 15_000 })).toHaveProperty(
      'textContent',
      "Henüz ASIN görülmedi. İlk çalıştırma mağazanın ASIN'lerini burada listeler: planlanan saatte ya da “Şimdi çalıştır” ile hemen çalışır.",
    );
    first.unmount();
    const second = renderApp('/trackers/t3', { token: token() });
    expect(await screen.findByTestId('asins-empty', {}, { timeout: 15_000 })).toHaveProperty(
      'textContent',
      "İlk çalıştırma sürüyor: mağazanın ASIN'leri bitince burada görünür.",
    );
    second.unmount();
    renderApp('/trackers/t1', { token: token() });
    await screen.findByTestId('asins-table', {}, { timeout: 15_000 });
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Kaldırılan' })));
    expect(await screen.findByTestId('asins-empty')).toHaveProperty(
      'textContent',
      "Şimdiye kadar kaldırılan ASIN yok. Tam bir çalıştırma bir ASIN'i artık bulamadığında burada ve bildirimlerinizde görünür.",
    );
  });

  it('downloads a run’s added or removed list with the token; a partial run offers no removed list', async () => {
    const server = gateway({
      trackers: [rival],
      runs: { t1: runs },
      answers: {
        'GET /api/trackers/t1/runs/r2/download': () =>
          new Response('asin,title\nB0DEL00001,Gone\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="removed-r2.csv"',
            },
          }),
      },
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = vi.fn(() => 'blob:run');
        static revokeObjectURL = vi.fn();
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const bearer = token();
    renderApp('/us/trackers/t1', { token: bearer });
    await screen.findByTestId('runs-table', {}, { timeout: 15_000 });
    await act(async () =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Download the lists of the run of 28 Nov 26 06:00' }),
      ),
    );
    expect(await screen.findByTestId('run-r3-added-txt')).toBeTruthy();
    expect(screen.queryByTestId('run-r3-removed-txt')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('run-r3-added-txt')));

    await act(async () => fireEvent.click(screen.getByTestId('run-r2-download')));
    await act(async () => fireEvent.click(await screen.findByTestId('run-r2-removed-csv')));
    await waitFor(() => expect(saved).toContain('removed-r2.csv'));
    const request = server.callsTo('GET /api/trackers/t1/runs/r2/download')[0];
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({ format: 'csv', list: 'removed' });
    expect(request.headers.get('Authorization')).toBe(`Bearer ${bearer}`);
  });

  it('while a run is going the page asks again; when it ends, the runs and ASINs are fetched again', async () => {
    holdTimers();
    const going = trackerRun({ id: 'r4', status: 'PROCESSING', finishedAt: null, coverage: null });
    const ended = trackerRun({ id: 'r4' });
    const server = gateway({
      trackers: (n) => [tracker({ id: 't1', running: n <= 2 })],
      runs: { t1: (n) => (n <= 2 ? [going] : [ended]) },
    });
    renderApp('/us/trackers/t1', { token: token() });
    await until(() => expect(screen.getByTestId('run-r4-added').textContent).toBe('—'), 15_000);
    const asinCalls = () => server.callsTo('GET /api/trackers/t1/asins').length;
    await until(() => expect(asinCalls()).toBe(1));
    await pass(TRACKER_POLL_MS);
    await until(() => expect(server.callsTo('GET /api/trackers/t1/runs')).toHaveLength(2));
    await pass(TRACKER_POLL_MS);
    await until(() => expect(screen.getByTestId('run-r4-added').textContent).toBe('+3'));
    await until(() => expect(asinCalls()).toBe(2));
    const runCalls = server.callsTo('GET /api/trackers/t1/runs').length;
    await pass(TRACKER_POLL_MS * 3);
    expect(server.callsTo('GET /api/trackers/t1/runs')).toHaveLength(runCalls);
  });

  it('delete from the page goes back to the list', async () => {
    const server = gateway({ trackers: (n) => (n <= 1 ? [rival] : []), runs: { t1: runs } });
    const app = renderApp('/us/trackers/t1', { token: token() });
    await screen.findByTestId('runs-table', {}, { timeout: 15_000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this tracker?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(app.location()).toBe('/us/trackers'));
    expect(server.callsTo('DELETE /api/trackers/t1')).toHaveLength(1);
  });
});
