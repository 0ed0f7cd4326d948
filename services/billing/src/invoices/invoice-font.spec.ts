import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { invoiceFont } from './invoice-pdf.js';

/** The parts of a fontkit TrueType font this check reads (fontkit ships no types). */
interface Font {
  numGlyphs: number;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  bbox: object;
  characterSet: number[];
  glyphForCodePoint(cp: number): { id: number };
  layout(text: string): { glyphs: { id: number }[]; positions: object[] };
  loca: { offsets: number[] };
  hmtx: { metrics: { toArray(): { advance: number }[] } };
  _getTableStream(tag: string): { buffer: Uint8Array; pos: number };
}

const open = (data: Buffer) => fontkit.create(data) as unknown as Font;
const ttf = open(
  fs.readFileSync(
    path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'),
  ),
);
const shipped = open(invoiceFont());

/** Each glyph's TrueType program (contours, points, instructions), its bounding box left out. */
function glyphPrograms(font: Font): string[] {
  const glyf = font._getTableStream('glyf');
  const data = Buffer.from(glyf.buffer);
  const { offsets } = font.loca;
  return Array.from({ length: font.numGlyphs }, (_, i) => {
    const g = Buffer.from(data.subarray(glyf.pos + offsets[i], glyf.pos + offsets[i + 1]));
    if (g.length >= 10) g.fill(0, 2, 10); // xMin, yMin, xMax, yMax: recomputed by the WOFF's maker
    return g.toString('hex');
  });
}

describe("the invoice's font: the one face it uses, drawn exactly as DejaVuSans.ttf 2.37", () => {
  it('is the TrueType face the WOFF wraps, each table as its checksum says', () => {
    const sfnt = invoiceFont();
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const tables = sfnt.readUInt16BE(4);
    for (let i = 0; i < tables; i++) {
      const [tag, checksum, offset, length] = [0, 4, 8, 12].map((d) => sfnt.readUInt32BE(12 + i * 16 + d));
      const data = Buffer.alloc((length + 3) & ~3);
      sfnt.copy(data, 0, offset, offset + length);
      let sum = 0;
      for (let at = 0; at < data.length; at += 4) sum = (sum + data.readUInt32BE(at)) >>> 0;
      // head's checksum is taken with its checkSumAdjustment as 0
      if (tag !== 0x68656164) expect([tag.toString(16), sum]).toEqual([tag.toString(16), checksum]);
    }
  });

  it('has the same glyphs for the same characters, with the same outlines and widths', () => {
    expect([shipped.numGlyphs, shipped.unitsPerEm, shipped.ascent, shipped.descent, shipped.bbox]).toEqual([
      ttf.numGlyphs,
      ttf.unitsPerEm,
      ttf.ascent,
      ttf.descent,
      ttf.bbox,
    ]);
    expect(shipped.characterSet).toEqual(ttf.characterSet);
    const ids = (f: Font) => f.characterSet.map((cp) => f.glyphForCodePoint(cp).id);
    expect(ids(shipped)).toEqual(ids(ttf));
    const widths = (f: Font) => f.hmtx.metrics.toArray().map((m) => m.advance);
    expect(widths(shipped)).toEqual(widths(ttf));
    const programs = glyphPrograms(shipped);
    const expected = glyphPrograms(ttf);
    expect(programs.filter((p, i) => p !== expected[i])).toEqual([]);
  });

  it('lays text out the same (kerning included): the invoice labels, Turkish letters, other scripts', () => {
    for (const text of [
      'Fatura no: 12 — Ödeme no, Satıcı, Alıcı, Vergi dairesi / no, Açıklama, Dönem',
      'KDV dahil %20: 7.57 TRY — Toplam (TRY): 45.39 TRY — Kesinleşti / Ödendi',
      'İŞĞÜÖÇ ışğüöç — AVATAR Tow Wa Yo. — Invoice, VAT included, Total (TRY)',
      'Ελληνικά Кириллица Ünïcödé ﬁ ﬂ',
    ]) {
      const a = shipped.layout(text);
      const b = ttf.layout(text);
      expect([a.glyphs.map((g) => g.id), a.positions]).toEqual([b.glyphs.map((g) => g.id), b.positions]);
    }
  });
});
