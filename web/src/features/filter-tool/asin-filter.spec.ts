import { describe, expect, it } from 'vitest';
import {
  cleanAsinText,
  disabledControls,
  downloadFileName,
  exceedsUploadWarning,
  filterAsins,
  formatAsinList,
  isDigitalContent,
  previewText,
  runAsinTask,
  splitAsins,
  type FilterOptions,
  type PanelState,
} from './asin-filter';
import { runAsinTaskAsync } from './asinTasks';

describe('cleanAsinText (part 5: uppercase, non-alphanumerics become ",\\n", length multiple of 10)', () => {
  it.each([
    ['empty', '', '', 0, 0, false],
    ['one ASIN, uppercased', 'b00abc1234', 'B00ABC1234', 10, 1, false],
    ['comma', 'B00ABC1234,B00XYZ9876', 'B00ABC1234,\nB00XYZ9876', 20, 2, false],
    ['space', 'B00ABC1234 B00XYZ9876', 'B00ABC1234,\nB00XYZ9876', 20, 2, false],
    [
      'a run of mixed separators is one',
      'B00ABC1234 ;\r\n\t- B00XYZ9876',
      'B00ABC1234,\nB00XYZ9876',
      20,
      2,
      false,
    ],
    ['leading separators dropped', '\n\n, B00ABC1234', 'B00ABC1234', 10, 1, false],
    ['trailing separator kept (typing goes on)', 'B00ABC1234 ', 'B00ABC1234,\n', 10, 1, false],
    ['non-ASCII letters separate', 'B00ABC1234çB00XYZ9876', 'B00ABC1234,\nB00XYZ9876', 20, 2, false],
    ['9 characters: error', 'B00ABC123', 'B00ABC123', 9, 1, true],
    ['11 characters: error', 'B00ABC12345', 'B00ABC12345', 11, 1, true],
    ['two 5-character pieces: 10 in all, no error', 'ABCDE FGHIJ', 'ABCDE,\nFGHIJ', 10, 2, false],
    ['already cleaned text is unchanged', 'B00ABC1234,\nB00XYZ9876', 'B00ABC1234,\nB00XYZ9876', 20, 2, false],
  ])('%s', (_name, raw, text, cleanedLength, entries, lengthError) => {
    expect(cleanAsinText(raw)).toEqual({ text, cleanedLength, entries, lengthError });
  });
});

describe('splitAsins and isDigitalContent', () => {
  it.each([
    ['', []],
    ['a1b2c3d4e5', ['A1B2C3D4E5']],
    [' ,B00ABC1234,,\n1234567890;;x ', ['B00ABC1234', '1234567890', 'X']],
  ])('splitAsins(%j)', (text, entries) => {
    expect(splitAsins(text)).toEqual(entries);
  });

  it.each([
    ['1234567890', true],
    ['0000000001', true],
    ['B00ABC1234', false],
    ['123456789X', false],
    ['', false],
  ])('isDigitalContent(%j) = %s', (entry, digital) => {
    expect(isDigitalContent(entry)).toBe(digital);
  });
});

describe('filterAsins (part 1: duplicates, digital content, the four counts)', () => {
  // 2 × A, 1 × B, 2 × the book 1234567890, 1 × the book 0987654321
  const input = 'AAAAAAAAAA,BBBBBBBBBB\n1234567890 AAAAAAAAAA;1234567890,0987654321';
  const keep: FilterOptions = { removeDuplicates: false, digital: 'keep' };
  it.each<
    [string, FilterOptions, string[], { total: number; duplicate: number; digital: number; result: number }]
  >([
    [
      'nothing removed',
      keep,
      ['AAAAAAAAAA', 'BBBBBBBBBB', '1234567890', 'AAAAAAAAAA', '1234567890', '0987654321'],
      { total: 6, duplicate: 2, digital: 3, result: 6 },
    ],
    [
      'duplicates removed (first occurrence stays, order kept)',
      { removeDuplicates: true, digital: 'keep' },
      ['AAAAAAAAAA', 'BBBBBBBBBB', '1234567890', '0987654321'],
      { total: 6, duplicate: 2, digital: 3, result: 4 },
    ],
    [
      'digital content removed',
      { removeDuplicates: false, digital: 'remove' },
      ['AAAAAAAAAA', 'BBBBBBBBBB', 'AAAAAAAAAA'],
      { total: 6, duplicate: 2, digital: 3, result: 3 },
    ],
    [
      'only digital content kept',
      { removeDuplicates: false, digital: 'only' },
      ['1234567890', '1234567890', '0987654321'],
      { total: 6, duplicate: 2, digital: 3, result: 3 },
    ],
    [
      'duplicates and digital content removed',
      { removeDuplicates: true, digital: 'remove' },
      ['AAAAAAAAAA', 'BBBBBBBBBB'],
      { total: 6, duplicate: 2, digital: 3, result: 2 },
    ],
    [
      'duplicates removed, only digital content kept',
      { removeDuplicates: true, digital: 'only' },
      ['1234567890', '0987654321'],
      { total: 6, duplicate: 2, digital: 3, result: 2 },
    ],
  ])('%s', (_name, options, asins, counts) => {
    expect(filterAsins(input, options)).toEqual({ asins, counts });
  });

  it('no result: keeping only digital content of a list without books', () => {
    expect(filterAsins('AAAAAAAAAA BBBBBBBBBB', { removeDuplicates: true, digital: 'only' })).toEqual({
      asins: [],
      counts: { total: 2, duplicate: 0, digital: 0, result: 0 },
    });
  });

  it('lowercase duplicates count as duplicates (text is uppercased)', () => {
    expect(filterAsins('b00abc1234 B00ABC1234', { removeDuplicates: true, digital: 'keep' }).asins).toEqual([
      'B00ABC1234',
    ]);
  });

  it('runAsinTask runs either task', () => {
    expect(runAsinTask({ kind: 'clean', text: 'x' }).lengthError).toBe(true);
    expect(runAsinTask({ kind: 'filter', text: 'AAAAAAAAAA', options: keep }).counts.result).toBe(1);
  });
});

describe('copy/download text, file name, uploads', () => {
  it.each([
    [[], ''],
    [['AAAAAAAAAA'], 'AAAAAAAAAA\n'],
    [['AAAAAAAAAA', '1234567890'], 'AAAAAAAAAA\n1234567890\n'],
  ])('formatAsinList(%j): one ASIN a line', (asins, text) => {
    expect(formatAsinList(asins)).toBe(text);
  });

  it.each([0, 1, 2720, 100000])('the download name includes the result count %i', (count) => {
    expect(downloadFileName(count)).toBe(`asin-filter-${count}.txt`);
  });

  it.each<[string, number, string, boolean]>([
    ['short text: all of it', 22, 'AAAAAAAAAA,\nBBBBBBBBBB', false],
    ['cut after a whole line', 14, 'AAAAAAAAAA,', true],
    ['no line break before the limit: cut at the limit', 5, 'AAAAA', true],
  ])('previewText: %s', (_name, max, preview, truncated) => {
    expect(previewText('AAAAAAAAAA,\nBBBBBBBBBB', max)).toEqual({ preview, truncated });
  });

  it.each([
    [0, false],
    [1_048_576, false],
    [1_048_577, true],
  ])('exceedsUploadWarning(%i) = %s (above 1048576 bytes)', (size, warn) => {
    expect(exceedsUploadWarning(size)).toBe(warn);
  });
});

describe('disabledControls (part 4)', () => {
  const base: PanelState = { premium: true, loading: false, text: '', lengthError: false, resultCount: null };
  const all = {
    input: true,
    upload: true,
    options: true,
    apply: true,
    copy: true,
    download: true,
    reset: true,
  };
  it.each<[string, Partial<PanelState>, Partial<typeof all>]>([
    ['no premium plan: everything disabled', { premium: false, text: 'AAAAAAAAAA', resultCount: 1 }, all],
    ['loading: everything disabled', { loading: true, text: 'AAAAAAAAAA', resultCount: 1 }, all],
    [
      'empty text: options, apply and reset need text; copy/download need a result',
      {},
      { input: false, upload: false },
    ],
    [
      'text without a result: options, apply and reset enabled',
      { text: 'AAAAAAAAAA' },
      { input: false, upload: false, options: false, apply: false, reset: false },
    ],
    [
      'length error: apply disabled, the rest as with text',
      { text: 'AAAAAAAAA', lengthError: true },
      { input: false, upload: false, options: false, reset: false },
    ],
    [
      'a result: copy and download enabled',
      { text: 'AAAAAAAAAA', resultCount: 1 },
      {
        input: false,
        upload: false,
        options: false,
        apply: false,
        copy: false,
        download: false,
        reset: false,
      },
    ],
    [
      'an empty result: nothing to copy or download',
      { text: 'AAAAAAAAAA', resultCount: 0 },
      { input: false, upload: false, options: false, apply: false, reset: false },
    ],
  ])('%s', (_name, state, enabledOverrides) => {
    // Every control not named as enabled is disabled.
    const expected = { ...all, ...enabledOverrides };
    expect(disabledControls({ ...base, ...state })).toEqual(expected);
  });
});

describe('100,000 ASINs', () => {
  // Entries separated as a pasted spreadsheet column might be: space, comma, CR LF.
  const SEPARATOR = ' ,\r\n';
  // Deterministic list: 100,000 entries, every 10th a repeat, every 7th a book (digits only).
  function bigList(): { text: string; expectedDistinct: number; expectedDigital: number } {
    const entries: string[] = [];
    let digital = 0;
    for (let i = 0; i < 100_000; i++) {
      const n = i % 10 === 9 ? i - 1 : i; // entry 9 repeats entry 8, 19 repeats 18, ...
      const asin =
        n % 7 === 0 ? String(1_000_000_000 + n) : `B0${n.toString(36).toUpperCase().padStart(8, '0')}`;
      if (/^\d+$/.test(asin)) digital += 1;
      entries.push(i % 3 === 0 ? asin.toLowerCase() : asin);
    }
    return { text: entries.join(SEPARATOR), expectedDistinct: 90_000, expectedDigital: digital };
  }

  it('cleans and filters them correctly; prints the time taken', async () => {
    const { text, expectedDistinct, expectedDigital } = bigList();
    const started = performance.now();
    const cleaned = cleanAsinText(text);
    const cleanedAt = performance.now();
    const outcome = filterAsins(cleaned.text, { removeDuplicates: true, digital: 'remove' });
    const filteredAt = performance.now();
    console.info(
      `[filter-tool] 100,000 ASINs (${(text.length / 1_048_576).toFixed(2)} MB): clean ${(cleanedAt - started).toFixed(1)} ms, ` +
        `filter ${(filteredAt - cleanedAt).toFixed(1)} ms, total ${(filteredAt - started).toFixed(1)} ms`,
    );
    expect(cleaned.cleanedLength).toBe(1_000_000);
    expect(cleaned.entries).toBe(100_000);
    expect(cleaned.lengthError).toBe(false);
    expect(outcome.counts.total).toBe(100_000);
    expect(outcome.counts.duplicate).toBe(100_000 - expectedDistinct);
    expect(outcome.counts.digital).toBe(expectedDigital);
    const distinctDigital = new Set(splitAsins(cleaned.text).filter(isDigitalContent)).size;
    expect(outcome.counts.result).toBe(expectedDistinct - distinctDigital);
    expect(outcome.asins.every((a) => a.length === 10 && !/^\d+$/.test(a) && a === a.toUpperCase())).toBe(
      true,
    );
    // Without a Worker (jsdom) the async runner falls back to the same function on the main thread.
    expect(
      await runAsinTaskAsync({
        kind: 'filter',
        text,
        options: { removeDuplicates: true, digital: 'remove' },
      }),
    ).toEqual(outcome);
  });
});
