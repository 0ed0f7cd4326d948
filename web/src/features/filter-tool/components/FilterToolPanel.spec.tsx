import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { makeStore } from '../../../app/store';
import { setAuthCookie } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { userToken } from '../../../test/jwt';
import { account, quota } from '../../../test/fixtures';
import { fakeGateway, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { FilterToolPanel } from './FilterToolPanel';

type Plans = { standard: boolean; deep: boolean; functional: boolean };

/** The gateway's quota answer (nothing used yet) with the given plans; anything else is a 404. */
function gateway(plans: Plans | 'missing') {
  const shown = quota({
    plans: plans === 'missing' ? undefined : plans,
    nextDayAt: '2026-11-23T21:00:00.000Z',
  });
  const server = fakeGateway({
    'GET /api/account/user': () =>
      ok(account({ id: 1, firstName: 'A', lastName: 'B', fullName: undefined, email: 'u@x.io' })),
    ...(plans !== 'missing' && {
      'GET /api/search-info/quota': () =>
        ok({
          ...shown,
          standard: { ...shown.standard, dayUsed: 0, monthUsed: 0 },
          deep: { ...shown.deep, dayUsed: 0 },
        }),
    }),
  });
  /** The paths asked for. */
  return () => server.calls.map((request) => new URL(request.url).pathname);
}

// A test through the layout at /us switches i18next to English; every other test reads Turkish.
beforeEach(async () => {
  await i18n.changeLanguage('tr');
});

const PREMIUM: Plans = { standard: true, deep: false, functional: false };

function renderPanel() {
  setAuthCookie(userToken());
  const store = makeStore();
  return render(
    <AppProviders store={store} env="test">
      <FilterToolPanel />
    </AppProviders>,
  );
}

const el = <T extends HTMLElement = HTMLElement>(id: string) => screen.getByTestId(id) as T;
const input = () => el<HTMLTextAreaElement>('filter-input');
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const isDisabled = (id: string) => (el(id) as HTMLButtonElement | HTMLInputElement).disabled;
const count = (k: string) => el(`filter-count-${k}`).textContent;

async function ready() {
  await waitFor(() => expect(input().disabled).toBe(false));
}
async function type(value: string) {
  await act(async () => {
    fireEvent.change(input(), { target: { value } });
  });
}
async function click(id: string) {
  await act(async () => {
    fireEvent.click(el(id));
  });
}
async function upload(...files: File[]) {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files } });
  });
}

describe('filter tool panel: premium gate', () => {
  it.each<[string, Plans | 'missing']>([
    ['no plan', { standard: false, deep: false, functional: false }],
    ['the quota call fails', 'missing'],
  ])('%s: the warning shows and every input is disabled', async (_name, plans) => {
    const calls = gateway(plans);
    renderPanel();
    expect(await screen.findByTestId('filter-tool-premium-warning')).toBeTruthy();
    expect(screen.getByText('Premium plan gerekli')).toBeTruthy();
    expect(calls()).toContain('/api/search-info/quota');
    expect(input().disabled).toBe(true);
    expect(fileInput().disabled).toBe(true);
    for (const id of ['filter-upload', 'filter-apply', 'filter-copy', 'filter-download', 'filter-reset'])
      expect(isDisabled(id)).toBe(true);
  });

  it.each<[keyof Plans]>([['standard'], ['deep'], ['functional']])(
    'a %s plan opens the tool',
    async (plan) => {
      gateway({ standard: false, deep: false, functional: false, [plan]: true });
      renderPanel();
      await ready();
      expect(screen.queryByTestId('filter-tool-premium-warning')).toBeNull();
      expect(isDisabled('filter-upload')).toBe(false);
    },
  );

  it('in the index layout (English): the navbar opens the 550 px panel and a user without a plan sees the warning', async () => {
    gateway({ standard: false, deep: false, functional: false });
    renderApp('/us/privacy', { token: userToken() });
    await act(async () => {
      fireEvent.click(await screen.findByTestId('nav-filter-tool'));
    });
    expect(await screen.findByText('Premium plan needed')).toBeTruthy();
    expect(
      screen.getByText(
        'The ASIN filter tool needs a premium plan. Buy a plan on the payment page to use it.',
      ),
    ).toBeTruthy();
    expect(input().disabled).toBe(true);
  });
});

describe('filter tool panel: with a premium plan', () => {
  it('disabled states of part 4 as the user goes', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    // Empty: options, apply and reset need text; copy and download need a result.
    for (const id of ['filter-remove-duplicates', 'filter-digital-remove', 'filter-digital-only'])
      expect(isDisabled(id)).toBe(true);
    for (const id of ['filter-apply', 'filter-copy', 'filter-download', 'filter-reset'])
      expect(isDisabled(id)).toBe(true);

    await type('b00abc123');
    // Length error: 9 characters, apply disabled; options and reset enabled.
    expect(screen.getByText(/Listede 9 harf ve rakam var/)).toBeTruthy();
    expect(isDisabled('filter-apply')).toBe(true);
    expect(isDisabled('filter-remove-duplicates')).toBe(false);
    expect(isDisabled('filter-reset')).toBe(false);

    await type('b00abc1234');
    expect(screen.queryByText(/Listede/)).toBeNull();
    expect(isDisabled('filter-apply')).toBe(false);
    expect(isDisabled('filter-copy')).toBe(true);

    await click('filter-apply');
    expect(isDisabled('filter-copy')).toBe(false);
    expect(isDisabled('filter-download')).toBe(false);

    // Changing an option clears the result: copy and download wait for the next apply.
    await click('filter-remove-duplicates');
    expect(isDisabled('filter-copy')).toBe(true);
    expect(isDisabled('filter-download')).toBe(true);
  });

  it('pasted text is uppercased and split; apply shows the four counts, the result and the success message', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    await type('b00abc1234 B00ABC1234;1234567890\n0987654321,B00XYZ9876');
    expect(input().value).toBe('B00ABC1234,\nB00ABC1234,\n1234567890,\n0987654321,\nB00XYZ9876');
    await click('filter-remove-duplicates');
    await click('filter-digital-remove');
    await click('filter-apply');
    expect([count('total'), count('duplicate'), count('digital'), count('result')]).toEqual([
      '5',
      '1',
      '2',
      '2',
    ]);
    expect(el<HTMLTextAreaElement>('filter-result').value).toBe('B00ABC1234\nB00XYZ9876\n');
    expect(await screen.findByText('Filtre uygulandı: sonuçta 2 ASIN var.')).toBeTruthy();

    await click('filter-digital-only');
    await click('filter-apply');
    expect(count('result')).toBe('2');
    expect(el<HTMLTextAreaElement>('filter-result').value).toBe('1234567890\n0987654321\n');
  });

  it('no result: the noResultMessage shows and nothing can be copied', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    await type('B00ABC1234');
    await click('filter-digital-only');
    await click('filter-apply');
    expect(await screen.findByText('Sonuç bulunamadı.')).toBeTruthy();
    expect(count('result')).toBe('0');
    expect(screen.queryByTestId('filter-result')).toBeNull();
    expect(isDisabled('filter-copy')).toBe(true);
    expect(isDisabled('filter-download')).toBe(true);
  });

  it('download: a text file, one ASIN a line, named with the result count', async () => {
    gateway(PREMIUM);
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((b: Blob) => {
          blobs.push(b);
          return 'blob:filter';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPanel();
    await ready();
    await type('B00ABC1234 B00XYZ9876 B00ABC1234');
    await click('filter-remove-duplicates');
    await click('filter-apply');
    await click('filter-download');
    expect(names).toEqual(['asin-filter-2.txt']);
    expect(blobs[0].type).toBe('text/plain;charset=utf-8');
    expect(await blobs[0].text()).toBe('B00ABC1234\nB00XYZ9876\n');
  });

  it('copy: the result goes to the clipboard', async () => {
    gateway(PREMIUM);
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      renderPanel();
      await ready();
      await type('B00ABC1234,B00XYZ9876');
      await click('filter-apply');
      await click('filter-copy');
      expect(writeText).toHaveBeenCalledWith('B00ABC1234\nB00XYZ9876\n');
      await waitFor(() => expect(el('filter-copy').textContent).toBe('Kopyalandı'));
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('reset empties the text, the options, the counts and the result', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    await type('B00ABC1234 B00ABC1234');
    await click('filter-remove-duplicates');
    await click('filter-apply');
    expect(count('total')).toBe('2');
    await click('filter-reset');
    expect(input().value).toBe('');
    expect(el<HTMLInputElement>('filter-remove-duplicates').checked).toBe(false);
    expect(el<HTMLInputElement>('filter-digital-keep').checked).toBe(true);
    expect(count('total')).toBe('0');
    expect(screen.queryByTestId('filter-result')).toBeNull();
    expect(isDisabled('filter-reset')).toBe(true);
  });

  it('upload of a non-text file: onlyTextFilesAllowed, the text is unchanged', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    await type('B00ABC1234');
    await upload(new File(['%PDF-1.7'], 'list.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Yalnızca metin dosyalarına izin verilir: list.pdf')).toBeTruthy();
    expect(input().value).toBe('B00ABC1234');
  });

  it('upload of .txt files: their text is added to the box and cleaned', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    await type('B00ABC1234');
    await upload(
      new File(['b00xyz9876\r\n1234567890\r\n'], 'a.txt', { type: 'text/plain' }),
      new File(['B00QQQ1111'], 'b.txt', { type: '' }),
      new File(['x'], 'c.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(input().value).toBe('B00ABC1234,\nB00XYZ9876,\n1234567890,\nB00QQQ1111'));
    expect(screen.getByText('Yalnızca metin dosyalarına izin verilir: c.png')).toBeTruthy();
    expect(screen.queryByText(/1 MB/)).toBeNull();
  });

  it('upload above 1 MB: the warning shows, the file is still read, the large list shows as a preview', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    const asins = Array.from({ length: 100_000 }, (_, i) => `B0${String(i).padStart(8, '0')}`);
    const file = new File([asins.join('\n')], 'big.txt', { type: 'text/plain' });
    expect(file.size).toBeGreaterThan(1_048_576);
    await upload(file);
    expect(
      await screen.findByText("big.txt 1 MB'tan büyük; okunması ve filtrelenmesi biraz zaman alabilir."),
    ).toBeTruthy();
    const preview = await screen.findByTestId('filter-input-preview');
    expect((preview as HTMLTextAreaElement).value.startsWith('B000000000,\nB000000001,\n')).toBe(true);
    expect((preview as HTMLTextAreaElement).value.length).toBeLessThan(13_000);
    expect(screen.getByText(/100.000 girdilik büyük bir liste/)).toBeTruthy();
    await waitFor(() => expect(isDisabled('filter-apply')).toBe(false));
    await click('filter-apply');
    await waitFor(() => expect(count('result')).toBe('100.000'));
    expect(count('total')).toBe('100.000');
    expect(count('duplicate')).toBe('0');
    expect(await screen.findByText('Filtre uygulandı: sonuçta 100.000 ASIN var.')).toBeTruthy();
    // The result box shows its beginning; the download has all of it.
    expect(el<HTMLTextAreaElement>('filter-result').value.length).toBeLessThan(13_000);
    expect(screen.getByText(/100.000 ASIN'in tamamı için/)).toBeTruthy();

    await click('filter-reset');
    expect(screen.queryByTestId('filter-input-preview')).toBeNull();
    expect(input().value).toBe('');
  });

  it('a large paste is taken over (cleaned off the textarea, shown as a preview); a small one is typed as usual', async () => {
    gateway(PREMIUM);
    renderPanel();
    await ready();
    await type('B00ABC1234 ');
    const big = Array.from({ length: 20_000 }, (_, i) => `b0${String(i).padStart(8, '0')}`).join('\t');
    await act(async () => {
      input().setSelectionRange(12, 12);
      fireEvent.paste(input(), { clipboardData: { getData: () => big } });
    });
    const preview = (await screen.findByTestId('filter-input-preview')) as HTMLTextAreaElement;
    expect(preview.value.startsWith('B00ABC1234,\nB000000000,\nB000000001,\n')).toBe(true);
    expect(screen.getByText(/20.001 girdilik büyük bir liste/)).toBeTruthy();
  });
});
