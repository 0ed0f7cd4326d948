import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { makeStore } from '../../../app/store';
import { setAuthCookie } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { userToken } from '../../../test/jwt';
import { account, quota } from '../../../test/fixtures';
import { fakeGateway, jsonResponse, ok, type FakeGateway } from '../../../test/gateway';
import { FilterToolPanel } from './FilterToolPanel';

const EMAIL = 'ayse@example.com';
// Three competitors: A from a completed scan, B pasted, C uploaded; my store is saved from D.
const SCAN_A = 'B000000001\nB000000002\nB000000003\n';
const PASTE_B = 'b000000002, B000000003 B000000004';
const FILE_C = 'B000000003\nB000000004\nB000000005\n';
const MINE_D = 'B000000004\nB000000099\n';

function gateway(): FakeGateway {
  const shown = quota({ plans: { standard: true, deep: false, functional: false } });
  return fakeGateway({
    'GET /api/account/user': () => ok(account({ email: EMAIL })),
    'GET /api/search-info/quota': () =>
      ok({
        ...shown,
        standard: { ...shown.standard, dayUsed: 0, monthUsed: 0 },
        deep: { ...shown.deep, dayUsed: 0 },
      }),
    'GET /api/search-info/completed': () =>
      ok([{ id: 'scan-a', fileName: 'Rakip A', asinCount: 3, searchCompleteDate: '2026-11-20T10:00:00Z' }]),
    'GET /api/search-info/scan-a/download': () =>
      new Response(SCAN_A, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
    'GET /api/search-info/missing/download': () => jsonResponse({ success: false, message: 'x' }, 404),
  });
}

const el = <T extends HTMLElement = HTMLElement>(id: string) => screen.getByTestId(id) as T;
const field = (id: string) => {
  const e = el(id);
  return (
    e.tagName === 'INPUT' || e.tagName === 'TEXTAREA' ? e : e.querySelector('input')
  ) as HTMLInputElement;
};
const click = (id: string) => act(async () => fireEvent.click(el(id)));
async function choose(testId: string, label: string) {
  await act(async () => fireEvent.click(field(testId)));
  const option = await waitFor(() => {
    // This Select's own list (the others' stay in the document, hidden).
    const list = document.getElementById(field(testId).getAttribute('aria-controls') ?? '');
    const found = [...(list ?? document).querySelectorAll('[role="option"]')].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await act(async () => fireEvent.click(option));
}
async function paste(name: string, text: string) {
  fireEvent.change(field('set-ops-paste-name'), { target: { value: name } });
  fireEvent.change(field('set-ops-paste'), { target: { value: text } });
  await click('set-ops-add');
}
const sizes = () => screen.getAllByTestId('set-ops-list-size').map((e) => e.textContent);

function renderPanel() {
  setAuthCookie(userToken(EMAIL));
  return render(
    <AppProviders store={makeStore()} env="test">
      <FilterToolPanel />
    </AppProviders>,
  );
}

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('tr');
});
afterEach(() => vi.restoreAllMocks());

describe('filter tool: combining lists', () => {
  it('a scan, a paste and a file; "in at least 2 of 3" minus my store; counts, .txt and .csv (Turkish)', async () => {
    const server = gateway();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:sets';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPanel();
    await waitFor(() => expect(field('set-ops-scan').disabled).toBe(false));

    await choose('set-ops-scan', 'Rakip A (3)');
    await waitFor(() => expect(sizes()).toEqual(['3']));
    expect(server.callsTo('GET /api/search-info/scan-a/download')[0].headers.get('authorization')).toMatch(
      /^Bearer /,
    );
    await paste('Rakip B', PASTE_B);
    const upload = document.querySelectorAll('input[type="file"]')[1] as HTMLInputElement;
    await act(async () =>
      fireEvent.change(upload, {
        target: {
          files: [
            new File([FILE_C], 'Rakip C.csv', { type: 'text/csv' }),
            new File(['%PDF'], 'fatura.pdf', { type: 'application/pdf' }),
          ],
        },
      }),
    );
    expect(el('set-ops-error').textContent).toContain('fatura.pdf');
    await paste('Mağazam', MINE_D);
    await waitFor(() => expect(sizes()).toEqual(['3', '3', '3', '2']));
    expect(screen.getAllByTestId('set-ops-list-name').map((e) => (e as HTMLInputElement).value)).toEqual([
      'Rakip A',
      'Rakip B',
      'Rakip C',
      'Mağazam',
    ]);

    // My store: saved in this browser for this user, and not one of the combined lists.
    await act(async () => fireEvent.click(screen.getAllByTestId('set-ops-list-mine')[3]));
    expect(JSON.parse(localStorage.getItem(`shelfscan.filterTool.myStore.${EMAIL}`)!)).toMatchObject({
      name: 'Mağazam',
      size: 2,
    });
    await act(async () => fireEvent.click(screen.getAllByTestId('set-ops-list-use')[3]));

    await choose('set-ops-kind', 'Listelerin en az k tanesinde');
    expect(field('set-ops-k').value).toBe('2');
    expect(field('set-ops-subtract').checked).toBe(true);
    await click('set-ops-compute');
    await waitFor(() => expect(el('set-ops-result')).toBeTruthy());
    expect(el('set-ops-counts').textContent).toBe(
      'Listeler: Rakip A: 3, Rakip B: 3, Rakip C: 3. Sonuç: 3 ASIN, mağazam çıkarıldıktan sonra 2.',
    );
    expect(el('set-ops-mine-removed').textContent).toBe('Mağazanızdan 1 ASIN çıkarıldı.');
    expect(field('set-ops-preview').value).toBe('B000000002\nB000000003\n');

    await click('set-ops-download-txt');
    await click('set-ops-download-csv');
    await waitFor(() => expect(names).toEqual(['asin-lists-2.txt', 'asin-lists-2.csv']));
    expect(await blobs[0].text()).toBe('B000000002\nB000000003\n');
    expect(blobs[1].type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await blobs[1].arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expect((await blobs[1].text()).replace(/^\uFEFF/, '')).toBe('ASIN,lists\nB000000002,2\nB000000003,3\n');

    // Union, intersection and A minus B on the same lists.
    await choose('set-ops-kind', 'Kesişim: her listede');
    await click('set-ops-compute');
    await waitFor(() => expect(field('set-ops-preview').value).toBe('B000000003\n'));
    await choose('set-ops-kind', 'A eksi B: A’da olup B’de olmayanlar');
    await choose('set-ops-a', 'Rakip C');
    await choose('set-ops-b', 'Rakip A');
    await act(async () => fireEvent.click(field('set-ops-subtract')));
    await click('set-ops-compute');
    await waitFor(() => expect(field('set-ops-preview').value).toBe('B000000004\nB000000005\n'));

    // Copy: the worker writes the text when asked (jsdom has no ClipboardItem: the text is written).
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await click('set-ops-copy');
    await waitFor(() => expect(copied).toEqual(['B000000004\nB000000005\n']));
    expect(el('set-ops-copy').textContent).toBe('Kopyalandı');
  });

  it('my store stays for the next visit, per user; it can be forgotten (English)', async () => {
    gateway();
    await i18n.changeLanguage('en');
    localStorage.setItem(
      `shelfscan.filterTool.myStore.${EMAIL}`,
      JSON.stringify({ name: 'My shop', text: 'B000000001', size: 1 }),
    );
    localStorage.setItem(
      'shelfscan.filterTool.myStore.other@example.com',
      JSON.stringify({ name: 'Not mine', text: 'B000000009', size: 1 }),
    );
    renderPanel();
    await waitFor(() => expect(field('set-ops-scan').disabled).toBe(false));
    expect(el('set-ops').textContent).toContain('Take out my store (My shop, 1 ASIN)');
    await paste('Competitor', 'B000000001 B000000002');
    await waitFor(() => expect(sizes()).toEqual(['2']));
    // A change while an operation runs drops the result it would show (the controls stay enabled).
    await act(async () => {
      fireEvent.click(el('set-ops-compute'));
      fireEvent.click(field('set-ops-subtract'));
    });
    await waitFor(() => expect((el('set-ops-compute') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('set-ops-result')).toBeNull();
    expect(field('set-ops-subtract').checked).toBe(true);
    await click('set-ops-compute');
    await waitFor(() => expect(field('set-ops-preview').value).toBe('B000000002\n'));
    expect(el('set-ops-counts').textContent).toBe(
      'Lists: Competitor: 2. Result: 2 ASINs, 1 after taking out my store.',
    );
    await click('set-ops-forget-mine');
    expect(localStorage.getItem(`shelfscan.filterTool.myStore.${EMAIL}`)).toBeNull();
    expect(localStorage.getItem('shelfscan.filterTool.myStore.other@example.com')).not.toBeNull();
    expect(field('set-ops-subtract').disabled).toBe(true);
  });
});
