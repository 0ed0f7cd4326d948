import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { coverageFactsOf, searchV1 } from '@shelfscan/contracts';
import { functionalFilters } from '@shelfscan/validation';
import type { Lang } from '../common/i18n.js';
import {
  ASIN_CHECK_COLUMNS,
  BATCH_COLUMNS,
  SCAN_ITEM_COLUMNS,
  asinCheckCells,
  scanItemCells,
} from './export/columns.js';
import { pagesOf, type Table } from './export/table.js';
import type {
  AsinCheckDto,
  BatchDto,
  CreateScanDto,
  EstimateDto,
  FunctionalScanDto,
  ListQuery,
} from './search.dto.js';

const { SearchService } = searchV1;

/** ASINs per bus request while streaming a download. */
const DOWNLOAD_PAGE = 5_000;
/** Rows of a table (a scan's items, an ASIN check's rows) per bus request while streaming a .csv or .xlsx. */
const TABLE_PAGE = 1_000;
const ASIN_CHECK_PAGE = 1_000;

/** A Todo of the contract: the bus message without protobuf's type name, absent fields as null. */
function todoJson(t: searchV1.Todo | undefined) {
  if (!t) return null;
  const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return {
    id: t.id,
    searchType: t.searchType,
    state: t.state,
    status: t.status,
    fileName: t.fileName,
    storeUrl: n(t.storeUrl),
    sellerId: n(t.sellerId),
    keyword: n(t.keyword),
    market: t.market,
    categories: t.categories,
    minPrice: n(t.minPrice),
    maxPrice: n(t.maxPrice),
    minStar: n(t.minStar),
    maxStar: n(t.maxStar),
    amazonChoice: t.amazonChoice,
    bestSeller: t.bestSeller,
    searchDate: t.searchDate,
    searchCompleteDate: n(t.searchCompleteDate),
    searchCancelDate: n(t.searchCancelDate),
    asinCount: t.asinCount,
    reportedTotal: n(t.reportedTotal),
    coverageLine: n(t.coverageLine),
    coverage: t.coverage ? coverageFactsOf(t.coverage) : null,
    failureReason: n(t.failureReason),
    failureCode: n(t.failureCode),
    progress: t.progress
      ? {
          pagesFetched: t.progress.pagesFetched,
          asinsFound: t.progress.asinsFound,
          etaSeconds: n(t.progress.etaSeconds),
          reportedTotal: n(t.progress.reportedTotal),
          reportedTotalIsLowerBound: t.progress.reportedTotalIsLowerBound ?? false,
          percent: n(t.progress.percent),
        }
      : null,
    ...(t.userEmail !== undefined ? { userEmail: t.userEmail } : {}),
    asinListSize: n(t.asinListSize),
  };
}

/** A row of an ASIN check's table (absent numbers as null). */
function asinCheckRowJson(r: searchV1.AsinCheckRow) {
  const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return {
    asin: r.asin,
    state: r.state,
    title: r.title || null,
    priceText: r.priceText || null,
    price: n(r.price),
    currency: r.currency || null,
    stars: n(r.stars),
    reviewCount: n(r.reviewCount),
    amazonsChoice: r.amazonsChoice,
    bestSeller: r.bestSeller,
  };
}

/** The generator with its first value already read (its errors thrown here, before a reply starts). */
async function primed<T>(gen: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await gen.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* gen;
  })();
}

/** A batch of the contract as JSON: its scans as todos, the combined progress. */
function batchJson(b: searchV1.Batch | undefined) {
  if (!b) throw new Error('the search service answered without a batch');
  return {
    id: b.id,
    searchType: b.searchType,
    market: b.market,
    fileName: b.fileName,
    keyword: b.keyword ?? null,
    createdAt: b.createdAt,
    todos: b.todos.map((t) => todoJson(t)!),
    progress: { asinsFound: b.asinsFound, finished: b.finished, scans: b.todos.length, percent: b.percent },
  };
}

/**
 * Scan calls: each one bus request to the search service, its answer shaped as gateway/README.md ("Scan routes") says
 * says. Bus errors are not caught here: the exception filter maps them to HTTP answers.
 */
@Injectable()
export class SearchApiService {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async list(userEmail: string, query: ListQuery & { state?: string }, allUsers: boolean) {
    const r = await this.bus.request(SearchService.method.listTodos, {
      userEmail,
      allUsers,
      filterUserEmail: allUsers ? (query.userEmail ?? '') : '',
      state: query.state ?? '',
      searchType: query.type ?? '',
      status: query.status ?? '',
      market: query.market ?? '',
      q: query.q ?? '',
      from: query.from ?? '',
      to: query.to ?? '',
      page: query.page ?? 0,
      size: query.size ?? 20,
    });
    return { todos: r.todos.map((t) => todoJson(t)!), total: r.total };
  }

  async get(userEmail: string, id: string) {
    return todoJson((await this.bus.request(SearchService.method.getTodo, { userEmail, id })).todo)!;
  }

  async create(userEmail: string, dto: CreateScanDto | (FunctionalScanDto & { searchType: 'functional' })) {
    const functional = dto.searchType === 'functional' ? (dto as FunctionalScanDto) : undefined;
    const r = await this.bus.request(SearchService.method.createScan, {
      userEmail,
      searchType: dto.searchType,
      fileName: dto.fileName,
      storeUrl: dto.storeUrl,
      market: dto.market,
      keyword: dto.keyword ?? '',
      categories: dto.categories ?? [],
      filters: functional && functionalFilters(functional),
    });
    return todoJson(r.todo)!;
  }

  async createAsinCheck(userEmail: string, dto: AsinCheckDto) {
    const r = await this.bus.request(SearchService.method.createAsinCheck, {
      userEmail,
      fileName: dto.fileName,
      market: dto.market,
      asins: dto.asins,
    });
    return todoJson(r.todo)!;
  }

  /** A page of an ASIN check's table, with the number of rows. */
  async asinCheckTable(userEmail: string, id: string, page: number, size: number) {
    const r = await this.bus.request(SearchService.method.listAsinCheck, {
      userEmail,
      id,
      offset: page * size,
      limit: size,
      forDownload: false,
    });
    return { rows: r.rows.map(asinCheckRowJson), total: r.total };
  }

  /**
   * A scan's table for the .csv and .xlsx downloads, read page by page as the file is written:
   * a store scan's items (what it saw of each ASIN, with the market), or an ASIN check's rows. The
   * first page is asked for before anything is sent, so a 404 or 403 is still an ordinary JSON answer.
   */
  async table(userEmail: string, id: string, lang: Lang): Promise<{ fileName: string; table: Table }> {
    const items = (offset: number) =>
      this.bus.request(SearchService.method.downloadItems, { userEmail, id, offset, limit: TABLE_PAGE });
    const first = await items(0);
    if (first.searchType === 'asinCheck') return this.asinCheckRows(userEmail, id, lang);
    const { market } = first;
    return {
      fileName: first.fileName,
      table: {
        columns: SCAN_ITEM_COLUMNS,
        pages: pagesOf(
          first,
          items,
          (p) => p.items,
          (p) => p.done,
          (i) => scanItemCells(market, i),
        ),
      },
    };
  }

  /** An ASIN check's rows as a table (its .csv and .xlsx). */
  private async asinCheckRows(userEmail: string, id: string, lang: Lang) {
    const page = (offset: number) =>
      this.bus.request(SearchService.method.listAsinCheck, {
        userEmail,
        id,
        offset,
        limit: ASIN_CHECK_PAGE,
        forDownload: true,
      });
    const first = await page(0);
    const table: Table = {
      columns: ASIN_CHECK_COLUMNS,
      pages: pagesOf(
        first,
        page,
        (p) => p.rows,
        (p) => p.done,
        (r) => asinCheckCells(r, lang),
      ),
    };
    return { fileName: first.fileName, table };
  }

  async estimate(userEmail: string, dto: EstimateDto) {
    const r = await this.bus.request(SearchService.method.estimateScan, {
      userEmail,
      searchType: dto.searchType,
      storeUrl: dto.storeUrl,
      market: dto.market,
      keyword: dto.keyword ?? '',
      categories: dto.categories ?? [],
    });
    return {
      etaSeconds: r.etaSeconds >= 0 ? r.etaSeconds : null,
      pages: r.pages,
      reportedTotal: r.reportedTotal > 0 ? r.reportedTotal : null,
      reportedTotalIsLowerBound: r.reportedTotalIsLowerBound,
      // "Over 1,000": the wait if the scan runs on to the list limit.
      max: r.maxPages > 0 ? { etaSeconds: r.maxEtaSeconds, pages: r.maxPages } : null,
      // "Over 1,000": the listings with a price, counted by price ranges before the scan.
      counted: r.countedTotal > 0 ? { total: r.countedTotal, lowerBound: r.countedTotalIsLowerBound } : null,
    };
  }

  async rerun(userEmail: string, id: string) {
    return todoJson((await this.bus.request(SearchService.method.rerunScan, { userEmail, id })).todo)!;
  }

  async move(userEmail: string, state: string, ids: string[]): Promise<void> {
    await this.bus.request(SearchService.method.moveTodos, { userEmail, state, ids });
  }

  async delete(userEmail: string, id: string): Promise<void> {
    await this.bus.request(SearchService.method.deleteTodo, { userEmail, id });
  }

  /**
   * The scan's ASINs as a stream of lines, page by page over the bus. The first page is asked
   * for before anything is sent, so a 404 or 403 is still an ordinary JSON answer.
   */
  async download(userEmail: string, id: string): Promise<{ fileName: string; body: Readable }> {
    const page = (offset: number) =>
      this.bus.request(SearchService.method.downloadPage, { userEmail, id, offset, limit: DOWNLOAD_PAGE });
    const first = await page(0);
    async function* lines() {
      let current = first;
      let sent = 0;
      for (;;) {
        if (current.asins.length) yield current.asins.join('\n') + '\n';
        sent += current.asins.length;
        if (current.done) return;
        current = await page(sent);
      }
    }
    return { fileName: first.fileName, body: Readable.from(lines()) };
  }

  async createBatch(userEmail: string, dto: BatchDto) {
    const r = await this.bus.request(SearchService.method.createBatch, {
      userEmail,
      searchType: dto.searchType,
      market: dto.market,
      storeUrls: dto.storeUrls,
      fileName: dto.fileName,
      keyword: dto.keyword ?? '',
    });
    const batch = batchJson(r.batch);
    return { batchId: batch.id, scanIds: batch.todos.map((t) => t.id), batch };
  }

  /** A page of the user's batches, newest first, with how many there are. */
  async batches(userEmail: string, page: number, size: number) {
    const r = await this.bus.request(SearchService.method.listBatches, { userEmail, page, size });
    return { batches: r.batches.map(batchJson), total: r.total };
  }

  async batch(userEmail: string, id: string) {
    return batchJson((await this.bus.request(SearchService.method.getBatch, { userEmail, id })).batch);
  }

  /**
   * A batch's combined .txt: the union of its scans' ASINs, in the order of its stores then of
   * discovery, each ASIN once. Read scan by scan, page by page; for each page the search service
   * says (counted in PostgreSQL: CountBatchAsins) which scan lists each ASIN first, and the page
   * keeps those whose first scan is this one. Nothing but the page is held: the gateway's memory
   * does not grow with the batch.
   */
  async batchTxt(userEmail: string, id: string): Promise<{ fileName: string; body: Readable }> {
    const batch = await this.batch(userEmail, id);
    const asinsOf = (scanId: string) => this.scanAsins(userEmail, scanId);
    const counts = (asins: string[]) => this.batchCounts(userEmail, id, asins);
    async function* lines() {
      for (const t of batch.todos) {
        for await (const page of asinsOf(t.id)) {
          const carried = await counts(page);
          const fresh = page.filter((a) => (carried.get(a)?.firstScanId ?? t.id) === t.id);
          if (fresh.length) yield fresh.join('\n') + '\n';
        }
      }
    }
    // The first page is read before anything is sent: a 403 (no plan) is still an ordinary answer.
    return { fileName: batch.fileName, body: Readable.from(await primed(lines())) };
  }

  /**
   * A batch's combined table: one row per store and ASIN (an ASIN several stores carry appears once
   * per store), with the store and how many of the batch's stores carry it. Streamed scan by scan,
   * page by page; each page's counts come from the search service (CountBatchAsins), so only the
   * page is held.
   */
  async batchTable(userEmail: string, id: string): Promise<{ fileName: string; table: Table }> {
    const batch = await this.batch(userEmail, id);
    const counts = (asins: string[]) => this.batchCounts(userEmail, id, asins);
    const items = (scanId: string, offset: number) =>
      this.bus.request(SearchService.method.downloadItems, {
        userEmail,
        id: scanId,
        offset,
        limit: TABLE_PAGE,
      });
    async function* pages() {
      for (const t of batch.todos) {
        const store = t.storeUrl ?? t.sellerId ?? '';
        const scanPages = pagesOf(
          await items(t.id, 0),
          (sent) => items(t.id, sent),
          (p) => p.items,
          (p) => p.done,
          (i) => i,
        );
        for await (const page of scanPages) {
          const carried = await counts(page.map((i) => i.asin));
          yield page.map((i) => [store, ...scanItemCells(batch.market, i), carried.get(i.asin)?.stores ?? 1]);
        }
      }
    }
    return { fileName: batch.fileName, table: { columns: BATCH_COLUMNS, pages: pages() } };
  }

  /** For a page of a batch's ASINs: how many of its stores carry each, and the scan listing it first. */
  private async batchCounts(userEmail: string, id: string, asins: string[]) {
    const r = await this.bus.request(SearchService.method.countBatchAsins, { userEmail, id, asins });
    return new Map(r.counts.map((c) => [c.asin, c]));
  }

  /** A scan's ASINs, a page at a time (DownloadPage). */
  private async *scanAsins(userEmail: string, id: string): AsyncGenerator<string[]> {
    let sent = 0;
    for (;;) {
      const page = await this.bus.request(SearchService.method.downloadPage, {
        userEmail,
        id,
        offset: sent,
        limit: DOWNLOAD_PAGE,
      });
      if (page.asins.length) yield page.asins;
      sent += page.asins.length;
      if (page.done) return;
    }
  }

  async quota(userEmail: string) {
    const q = await this.bus.request(SearchService.method.getQuota, { userEmail });
    return {
      plans: {
        standard: q.plans?.standard ?? false,
        deep: q.plans?.deep ?? false,
        functional: q.plans?.functional ?? false,
      },
      standard: {
        dayUsed: q.standardDayUsed,
        dayLimit: q.standardDayLimit,
        monthUsed: q.standardMonthUsed,
        monthLimit: q.standardMonthLimit,
      },
      deep: { dayUsed: q.deepDayUsed, dayLimit: q.deepDayLimit },
      listLimit: q.listLimit,
      nextDayAt: q.nextDayAt,
    };
  }

  async changeStatus(adminEmail: string, id: string, status: string) {
    const r = await this.bus.request(SearchService.method.changeStatus, { adminEmail, id, status });
    return todoJson(r.todo)!;
  }

  async marketplaces() {
    const r = await this.bus.request(SearchService.method.listMarketplaces, {});
    return r.marketplaces.map((m) => ({
      id: m.id,
      name: m.name,
      countryCode: m.countryCode,
      marketPlaceId: m.marketPlaceId,
      suffix: m.suffix,
      code: m.code,
      deep: m.deep,
      functional: m.functional,
    }));
  }

  async categories(market: string) {
    const r = await this.bus.request(SearchService.method.listCategories, { market });
    return r.categories.map((c) => ({ label: c.label, level: c.level, suffix: c.suffix, nodeId: c.nodeId }));
  }
}

/**
 * RFC 6266 Content-Disposition for a download: an ASCII fallback (Turkish letters transliterated)
 * and the exact name in filename* (RFC 8187, UTF-8).
 */
export function attachmentDisposition(name: string): string {
  const ascii =
    name
      .replace(/ı/g, 'i')
      .replace(/İ/g, 'I')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
