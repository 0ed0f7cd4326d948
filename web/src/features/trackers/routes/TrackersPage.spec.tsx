import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { tracker, trackerRun } from '../../../test/fixtures';
import { jsonResponse } from '../../../test/gateway';
import { userToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { TRACKER_POLL_MS } from '../model';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

/** Picks an option of a Mantine Select by its label. */
async function choose(testId: string, label: string) {
  await act(async () => fireEvent.click(input(testId)));
  await act(async () => fireEvent.click(await screen.findByRole('option', { name: label })));
}

const card = (id: string) => screen.findByTestId(`tracker-${id}`, {}, { timeout: 15_000 });

describe('trackers page: the list', () => {
  it('each tracker with its schedule in words, next run and last run on Istanbul time, paused state (English)', async () => {
    gateway({
      trackers: [
        tracker({
          id: 't1',
          fileName: 'Rival Books',
          present: 118,
          ever: 131,
          lastRun: trackerRun({ id: 'r2', startedAt: '2026-11-28T03:00:00Z' }),
        }),
        tracker({
          id: 't2',
          fileName: 'Big shop',
          schedule: 'weekly',
          weekday: 3,
          hour: 21,
          market: 'UK',
          searchType: 'deep',
          storeUrl: 'https://www.amazon.co.uk/s?me=A9UKSHOP01',
          paused: true,
          lastRun: trackerRun({ id: 'r9', status: 'COMPLETED_PARTIAL', complete: false, notSeen: 61 }),
        }),
      ],
    });
    renderApp('/us/trackers', { token: token() });
    const first = await card('t1');
    expect(within(first).getByTestId('tracker-t1-schedule').textContent).toBe(
      'Every day at 06:00 Istanbul time',
    );
    expect(within(first).getByTestId('tracker-t1-next').textContent).toBe('Next run: 29 Nov 26 06:00');
    expect(within(first).getByTestId('tracker-t1-last').textContent).toBe(
      'Last run 28 Nov 26 06:00: +3 added · −1 removed',
    );
    expect(within(first).getByText('118 ASINs in the store now · 131 ever seen')).toBeTruthy();
    expect(within(first).queryByTestId('tracker-t1-paused')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Rival Books' }).getAttribute('href')).toBe(
      '/us/trackers/t1',
    );

    const second = screen.getByTestId('tracker-t2');
    expect(within(second).getByTestId('tracker-t2-schedule').textContent).toBe(
      'Every Wednesday at 21:00 Istanbul time',
    );
    expect(within(second).getByTestId('tracker-t2-paused').textContent).toBe('Paused');
    expect(within(second).getByTestId('tracker-t2-next').textContent).toBe('Paused: no run is scheduled');
    expect(within(second).getByTestId('tracker-t2-last').textContent).toContain(
      '+3 added · partial: 61 not seen, no removals reported',
    );
    expect(within(second).getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('Turkish: the same list in Turkish words, the navigation names it', async () => {
    gateway({
      trackers: [tracker({ id: 't1', fileName: 'Rakip', schedule: 'weekly', weekday: 1, hour: 3 })],
    });
    renderApp('/trackers', { token: token() });
    const first = await card('t1');
    expect(within(first).getByTestId('tracker-t1-schedule').textContent).toBe(
      "Her pazartesi 03:00'te (İstanbul saati)",
    );
    expect(within(first).getByTestId('tracker-t1-next').textContent).toBe(
      'Sonraki çalıştırma: 29 Kas 26 06:00',
    );
    expect(within(first).getByTestId('tracker-t1-last').textContent).toBe(
      'Henüz çalıştırma yok: ilk çalıştırma başlangıç olur.',
    );
    expect(screen.getByTestId('nav-trackers').textContent).toBe('Takip edilen mağazalar');
    expect(screen.getByTestId('nav-trackers').getAttribute('href')).toBe('/trackers');
  });

  it('empty: says what to do next, and its button opens the dialog', async () => {
    gateway();
    renderApp('/us/trackers', { token: token() });
    const empty = await screen.findByTestId('trackers-empty', {}, { timeout: 15_000 });
    expect(within(empty).getByText("You don't track any store yet")).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(empty).getByRole('button', { name: 'Track your first store' })),
    );
    expect(await screen.findByRole('dialog', { name: 'Track a store' })).toBeTruthy();
  });

  it('is behind the login, like the dashboard', async () => {
    const server = gateway();
    const app = renderApp('/us/trackers');
    await waitFor(() => expect(app.location()).toBe('/us'), { timeout: 15_000 });
    expect(server.callsTo('GET /api/trackers')).toHaveLength(0);
  });

  it('pause, resume and run now: the calls, then the list asked again', async () => {
    const server = gateway({
      trackers: [
        tracker({ id: 't1' }),
        tracker({ id: 't2', paused: true }),
        tracker({ id: 't3', running: true }),
      ],
    });
    renderApp('/us/trackers', { token: token() });
    await card('t1');
    const lists = () => server.callsTo('GET /api/trackers').length;
    const before = lists();
    await act(async () => fireEvent.click(screen.getByTestId('tracker-t1-pause')));
    await waitFor(() => expect(server.callsTo('POST /api/trackers/t1/pause')).toHaveLength(1));
    expect(await screen.findByText('Tracking paused.')).toBeTruthy();
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    await act(async () => fireEvent.click(screen.getByTestId('tracker-t2-resume')));
    await waitFor(() => expect(server.callsTo('POST /api/trackers/t2/resume')).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByTestId('tracker-t1-run')));
    await waitFor(() => expect(server.callsTo('POST /api/trackers/t1/run')).toHaveLength(1));
    expect(await screen.findByText('The run has started.')).toBeTruthy();
    // A tracker whose run is going cannot be run again.
    expect((screen.getByTestId('tracker-t3-run') as HTMLButtonElement).disabled).toBe(true);
  });

  it('run now refused by the server (a run is going): its message is shown', async () => {
    gateway({
      trackers: [tracker({ id: 't1' })],
      answers: {
        'POST /api/trackers/t1/run': () =>
          jsonResponse({ success: false, code: 'x', message: 'A run of this tracker is going.' }, 409),
      },
    });
    renderApp('/us/trackers', { token: token() });
    await card('t1');
    await act(async () => fireEvent.click(screen.getByTestId('tracker-t1-run')));
    expect(await screen.findByText('A run of this tracker is going.')).toBeTruthy();
  });

  it('delete asks first, then deletes and the list is asked again', async () => {
    const server = gateway({
      trackers: (n) => (n <= 1 ? [tracker({ id: 't1', fileName: 'Old rival' })] : []),
    });
    renderApp('/us/trackers', { token: token() });
    await card('t1');
    await act(async () => fireEvent.click(screen.getByTestId('tracker-t1-delete')));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this tracker?' });
    expect(within(confirm).getByText(/“Old rival” is no longer scanned/)).toBeTruthy();
    expect(server.callsTo('DELETE /api/trackers/t1')).toHaveLength(0);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(server.callsTo('DELETE /api/trackers/t1')).toHaveLength(1));
    expect(await screen.findByTestId('trackers-empty')).toBeTruthy();
  });

  it('polls while a tracker runs, and stops once none does', async () => {
    holdTimers();
    const server = gateway({
      trackers: (n) => [
        tracker({ id: 't1', running: n <= 2, lastRun: n <= 2 ? null : trackerRun({ id: 'r1' }) }),
      ],
    });
    renderApp('/us/trackers', { token: token() });
    await until(() => screen.getByTestId('tracker-t1-running'), 15_000);
    const lists = () => server.callsTo('GET /api/trackers').length;
    expect(lists()).toBe(1);
    await pass(TRACKER_POLL_MS - 1);
    expect(lists()).toBe(1);
    await pass(1);
    await until(() => expect(lists()).toBe(2));
    await pass(TRACKER_POLL_MS);
    await until(() => expect(screen.getByTestId('tracker-t1-last').textContent).toContain('+3 added'));
    expect(screen.queryByTestId('tracker-t1-running')).toBeNull();
    await pass(TRACKER_POLL_MS * 3);
    expect(lists()).toBe(3);
  });
});

describe('trackers page: the dialog', () => {
  it('the shared rules first, then sends the tracker; weekly asks for a day (English)', async () => {
    const server = gateway();
    renderApp('/us/trackers?add=1', { token: token() });
    const dialog = await screen.findByRole('dialog', { name: 'Track a store' }, { timeout: 15_000 });
    expect(
      within(dialog).getByText('Webhooks and the Telegram chat are set up on your account page.'),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('tracker-schedule-text').textContent).toBe(
      'Every day at 06:00 Istanbul time',
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Track' })));
    expect(within(dialog).getAllByText('This is required.')).toHaveLength(2);
    expect(server.callsTo('POST /api/trackers')).toHaveLength(0);

    type('tracker-store-url', 'https://www.amazon.co.uk/s?me=A9UKSHOP01');
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Deep' })));
    // Deep is sold in CA, MX, AE and UK only.
    await act(async () => fireEvent.click(input('tracker-market')));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Canada',
      'Mexico',
      'United Arab Emirates',
      'United Kingdom',
    ]);
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'United Kingdom' })));
    type('tracker-keyword', 'mug');
    type('tracker-file-name', 'UK rival');
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Weekly' })));
    await choose('tracker-weekday', 'Friday');
    await choose('tracker-hour', '21:00');
    expect(within(dialog).getByTestId('tracker-schedule-text').textContent).toBe(
      'Every Friday at 21:00 Istanbul time',
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('switch', { name: 'Telegram message' })));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Track' })));
    await waitFor(() => expect(server.callsTo('POST /api/trackers')).toHaveLength(1));
    expect(await server.lastBody('POST /api/trackers')).toEqual({
      storeUrl: 'https://www.amazon.co.uk/s?me=A9UKSHOP01',
      market: 'UK',
      searchType: 'deep',
      keyword: 'mug',
      fileName: 'UK rival',
      schedule: 'weekly',
      hour: 21,
      weekday: 5,
      alerts: { email: true, webhook: false, telegram: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Track a store' })).toBeNull());
    expect(screen.getByText('The store is tracked. Its first run is the baseline.')).toBeTruthy();
  });

  it('a server 422 lands on its field (Turkish)', async () => {
    const server = gateway({
      answers: {
        'POST /api/trackers': () =>
          jsonResponse(
            {
              success: false,
              message: 'Doğrulama hatası',
              errors: [
                { field: 'hour', msg: 'Saat 0 ile 23 arasında olmalı (İstanbul saati).' },
                { field: 'trackers', msg: 'En fazla 10 mağaza takip edebilirsiniz.' },
              ],
            },
            422,
          ),
      },
    });
    renderApp('/trackers?add=1', { token: token() });
    const dialog = await screen.findByRole('dialog', { name: 'Mağaza takip et' }, { timeout: 15_000 });
    type('tracker-store-url', 'https://www.amazon.ca/s?me=A1RIVALSTORE1');
    await choose('tracker-market', 'Kanada');
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Haftalık' })));
    await act(async () => fireEvent.click(input('tracker-weekday')));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Pazartesi',
      'Salı',
      'Çarşamba',
      'Perşembe',
      'Cuma',
      'Cumartesi',
      'Pazar',
    ]);
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Çarşamba' })));
    expect(within(dialog).getByTestId('tracker-schedule-text').textContent).toBe(
      "Her çarşamba 06:00'da (İstanbul saati)",
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Takip et' })));
    await waitFor(() => expect(server.callsTo('POST /api/trackers')).toHaveLength(1));
    expect(await within(dialog).findByText('Saat 0 ile 23 arasında olmalı (İstanbul saati).')).toBeTruthy();
    expect(input('tracker-hour').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByTestId('tracker-error').textContent).toBe(
      'En fazla 10 mağaza takip edebilirsiniz.',
    );
  });

  it('pre-filled from the query (a scan’s "track this store"), and closing clears the query', async () => {
    gateway();
    const app = renderApp(
      '/us/trackers?add=1&storeUrl=https%3A%2F%2Fwww.amazon.ca%2Fs%3Fme%3DA1RIVALSTORE1&market=CA&searchType=deep&keyword=tea',
      { token: token() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Track a store' }, { timeout: 15_000 });
    expect(input('tracker-store-url').value).toBe('https://www.amazon.ca/s?me=A1RIVALSTORE1');
    expect(input('tracker-market').value).toBe('Canada');
    expect(input('tracker-keyword').value).toBe('tea');
    expect((within(dialog).getByRole('radio', { name: 'Deep' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(app.location()).toBe('/us/trackers'));
  });

  it('edit: the tracker’s values, sent with PUT', async () => {
    const server = gateway({
      trackers: [
        tracker({
          id: 't1',
          fileName: 'Rival',
          keyword: 'tea',
          alerts: { email: false, webhook: true, telegram: false },
        }),
      ],
    });
    renderApp('/us/trackers', { token: token() });
    await card('t1');
    await act(async () => fireEvent.click(screen.getByTestId('tracker-t1-edit')));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the tracker' });
    expect(input('tracker-file-name').value).toBe('Rival');
    await choose('tracker-hour', '07:00');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(server.callsTo('PUT /api/trackers/t1')).toHaveLength(1));
    expect(await server.lastBody('PUT /api/trackers/t1')).toEqual({
      storeUrl: 'https://www.amazon.ca/s?me=A1RIVALSTORE1',
      market: 'CA',
      searchType: 'standard',
      keyword: 'tea',
      fileName: 'Rival',
      schedule: 'daily',
      hour: 7,
      alerts: { email: false, webhook: true, telegram: false },
    });
  });
});
