import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SCAN_ITEM_COLUMNS, scanItemCells } from './columns.js';
import { csvFile } from './csv.js';
import type { CellValue, Table } from './table.js';
import { xlsxFile } from './xlsx.js';

const item = (over: Record<string, unknown> = {}) =>
  ({
    asin: 'B0C1234567',
    title: 'Çadır; "şık", 4 kişilik',
    price: 24.99,
    currency: 'CAD',
    listPrice: 29.99,
    stars: 4.5,
    reviewCount: 1234,
    amazonsChoice: true,
    bestSeller: false,
    prime: true,
    category: 'Sports & Outdoors',
    firstPage: 2,
    firstQuery: 'https://www.amazon.ca/s?me=A1&page=2',
    sponsored: true,
    book: false,
    firstSeenAt: '2026-11-28T09:30:00.000Z',
    ...over,
  }) as never;

const tableOf = (pages: CellValue[][][]): Table => ({
  columns: SCAN_ITEM_COLUMNS,
  pages: (async function* () {
    yield* pages;
  })(),
});

async function text(gen: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of gen) out += chunk;
  return out;
}

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function workbookOf(stream: Readable): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await bytes(stream)) as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

/** The formula-injection cases: = + - @, a tab and a CR first. */
const INJECTIONS = ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];

describe('scan item tables as CSV', () => {
  it('starts with the BOM and a header, one row per item with the market, Turkish separators', async () => {
    const csv = await text(csvFile(tableOf([[scanItemCells('CA', item())]]), 'tr'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Pazar;ASIN;Başlık;Fiyat;Para birimi;Liste fiyatı;Yıldız;Değerlendirme;Amazon’un Seçimi;Çok Satan;Prime;Sponsorlu da;Kitap;Kategori;İlk sayfa;Sorgu;İlk görülme',
      'CA;B0C1234567;"Çadır; ""şık"", 4 kişilik";24,99;CAD;29,99;4,5;1234;Evet;Hayır;Evet;Evet;Hayır;Sports & Outdoors;2;https://www.amazon.ca/s?me=A1&page=2;2026-11-28T09:30:00.000Z',
      '',
    ]);
  });

  it('writes English with commas and points, and empty cells for facts the tile did not show', async () => {
    const bare = item({
      asin: '0306406152',
      title: undefined,
      price: undefined,
      currency: undefined,
      listPrice: undefined,
      stars: undefined,
      reviewCount: undefined,
      amazonsChoice: false,
      prime: false,
      sponsored: false,
      category: undefined,
      firstPage: 0,
      firstQuery: '',
      book: true,
      firstSeenAt: '',
    });
    const csv = await text(csvFile(tableOf([[scanItemCells('UK', bare)]]), 'en'));
    expect(csv.slice(1).split('\r\n').slice(0, 2)).toEqual([
      "Market,ASIN,Title,Price,Currency,List price,Stars,Ratings,Amazon's Choice,Best Seller,Prime,Also sponsored,Book,Category,First page,Query,First seen",
      'UK,0306406152,,,,,,,No,No,No,No,Yes,,,,',
    ]);
  });

  it.each(INJECTIONS)('neutralises a cell starting like a formula: %j', async (title) => {
    const csv = await text(csvFile(tableOf([[scanItemCells('CA', item({ title }))]]), 'en'));
    const row = csv.slice(1).split('\r\n')[1] ?? '';
    const cell = `'${title}`;
    const written = /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    expect(csv).toContain(`,${written},`);
    expect(row.startsWith('CA,B0C1234567,')).toBe(true);
  });
});

describe('scan item tables as XLSX', () => {
  it('is a workbook the library opens: one frozen header row with an autofilter, typed cells', async () => {
    const sheet = await workbookOf(
      xlsxFile(
        tableOf([[scanItemCells('CA', item())], [scanItemCells('CA', item({ asin: 'B0C7654321' }))]]),
        'tr',
        'Mağaza ürünleri',
      ),
    );
    expect(sheet.name).toBe('Mağaza ürünleri');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, ...SCAN_ITEM_COLUMNS.map((c) => c.header.tr)]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:Q3');
    const row = sheet.getRow(2);
    const cell = (header: string) =>
      row.getCell(SCAN_ITEM_COLUMNS.findIndex((c) => c.header.en === header) + 1);
    expect(cell('ASIN').value).toBe('B0C1234567');
    expect(cell('Title').value).toBe('Çadır; "şık", 4 kişilik');
    expect(cell('Price').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Price').value).toBe(24.99);
    expect(cell('Price').numFmt).toBe('0.00');
    expect(cell('List price').value).toBe(29.99);
    expect(cell('Stars').value).toBe(4.5);
    expect(cell('Ratings').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Ratings').value).toBe(1234);
    expect(cell('First page').value).toBe(2);
    expect(cell('First seen').type).toBe(ExcelJS.ValueType.Date);
    expect((cell('First seen').value as Date).toISOString()).toBe('2026-11-28T09:30:00.000Z');
    expect(cell("Amazon's Choice").value).toBe('Evet');
    expect(cell('Best Seller').value).toBe('Hayır');
    expect(cell('Market').value).toBe('CA');
  });

  it.each(INJECTIONS)(
    'writes a text cell starting like a formula as text, neutralised: %j',
    async (title) => {
      const sheet = await workbookOf(xlsxFile(tableOf([[scanItemCells('CA', item({ title }))]]), 'en', 'x'));
      const cell = sheet.getRow(2).getCell(3);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      // (XML reads a CR back as a line feed.)
      expect(cell.value).toBe(`'${title}`.replace('\r', '\n'));
      expect(cell.formula).toBeUndefined();
    },
  );

  it('follows its reader: a reader that does not read holds the pages back (memory does not grow with the file)', async () => {
    let pulled = 0;
    const rows = Array.from({ length: 500 }, (_, i) =>
      scanItemCells('CA', item({ asin: `B0${String(i).padStart(8, '0')}` })),
    );
    const table: Table = {
      columns: SCAN_ITEM_COLUMNS,
      pages: (async function* () {
        for (let p = 0; p < 60; p++) {
          pulled++;
          yield rows;
        }
      })(),
    };
    const stream = xlsxFile(table, 'en', 'slow');
    // Nobody reads: once the buffers are full, no more pages are asked for. Wait until the count
    // stops moving (without the hold it moves on to all 60, however slow the machine).
    for (let seen = -1; seen !== pulled;) {
      seen = pulled;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(pulled).toBeLessThan(60);
    // A reader takes it all.
    expect((await bytes(stream)).length).toBeGreaterThan(0);
    expect(pulled).toBe(60);
  }, 30_000);

  it('streams: bytes leave before the last page is read', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lastPageRead = false;
    const rows = Array.from({ length: 500 }, (_, i) =>
      scanItemCells('CA', item({ asin: `B0${String(i).padStart(8, '0')}` })),
    );
    const table: Table = {
      columns: SCAN_ITEM_COLUMNS,
      pages: (async function* () {
        for (let p = 0; p < 4; p++) yield rows;
        await held;
        lastPageRead = true;
        yield rows;
      })(),
    };
    const stream = xlsxFile(table, 'en', 'big');
    const chunks: Buffer[] = [];
    let before = 0;
    stream.on('data', (c: Buffer) => {
      chunks.push(c);
      if (!lastPageRead) before += c.length;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(before).toBeGreaterThan(0);
    release();
    await new Promise((r) => stream.on('end', r));
    const sheet = await workbookOf(Readable.from([Buffer.concat(chunks)]));
    expect(sheet.rowCount).toBe(2_501);
  }, 30_000);
});
