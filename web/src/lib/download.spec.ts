import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('downloads', () => {
  it('file name of Content-Disposition: filename* (UTF-8) first, then filename, else the fallback', () => {
    expect(
      fileNameFromDisposition(
        'attachment; filename="Magaza.txt"; filename*=UTF-8\'\'Ma%C4%9Faza%20%C3%BCr%C3%BCnleri.txt',
        'x.txt',
      ),
    ).toBe('Mağaza ürünleri.txt');
    expect(fileNameFromDisposition('attachment; filename="plain name.csv"', 'x.txt')).toBe('plain name.csv');
    expect(fileNameFromDisposition('attachment; filename=bare.txt', 'x.txt')).toBe('bare.txt');
    expect(fileNameFromDisposition(null, 'fallback.txt')).toBe('fallback.txt');
  });
});
