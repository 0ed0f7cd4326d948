import { coverageMessageOf, type scraperV1 } from '@shelfscan/contracts';
import { RUNNING, stateOfStatus, type AsinCheckRecord, type TodoRecord } from './todo.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);
const orUndefined = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/**
 * Progress of a running scan: pages (ASINs checked, for an ASIN check), ASINs found, ETA, Amazon's
 * count (the list's length, for an ASIN check) and the share done (see progressPercent).
 */
function progressOf(t: TodoRecord) {
  if (!RUNNING.includes(t.status)) return undefined;
  const reported = t.reportedTotal && t.reportedTotal > 0 ? t.reportedTotal : undefined;
  return {
    pagesFetched: t.pagesFetched,
    asinsFound: t.asinCount,
    etaSeconds: orUndefined(t.etaSeconds),
    reportedTotal: reported,
    percent: orUndefined(t.progressPercent),
    reportedTotalIsLowerBound: reported ? t.reportedTotalLowerBound : undefined,
  };
}

/** A todo as the bus carries it (absent optional fields are the contract's nulls). */
export function toTodoMessage(t: TodoRecord, withUser = false) {
  return {
    id: t.id,
    searchType: t.searchType,
    state: t.archived ? 'archived' : stateOfStatus(t.status),
    status: t.status,
    fileName: t.fileName,
    storeUrl: orUndefined(t.storeUrl),
    sellerId: orUndefined(t.sellerId),
    keyword: orUndefined(t.keyword),
    market: t.market,
    categories: t.categories,
    minPrice: orUndefined(t.minPrice),
    maxPrice: orUndefined(t.maxPrice),
    minStar: orUndefined(t.minStar),
    maxStar: orUndefined(t.maxStar),
    amazonChoice: t.amazonChoice,
    bestSeller: t.bestSeller,
    searchDate: t.searchDate.toISOString(),
    searchCompleteDate: iso(t.searchCompleteDate),
    searchCancelDate: iso(t.searchCancelDate),
    asinCount: t.asinCount,
    reportedTotal: t.reportedTotal && t.reportedTotal > 0 ? t.reportedTotal : undefined,
    coverageLine: orUndefined(t.coverageLine),
    coverage: t.coverage ? coverageMessageOf(t.coverage) : undefined,
    failureReason: orUndefined(t.failureReason),
    failureCode: orUndefined(t.failureCode),
    progress: progressOf(t),
    userEmail: withUser ? t.userEmail : undefined,
    asinListSize: t.searchType === 'asinCheck' ? t.asins.length : undefined,
  };
}

/** A row of the scraper's ListAsinCheckItems as the search service keeps it. */
export function asinCheckRecordOf(i: scraperV1.AsinCheckItem): Omit<AsinCheckRecord, 'seq'> {
  return {
    asin: i.asin,
    state: i.state as AsinCheckRecord['state'],
    title: i.title || null,
    priceText: i.priceText || null,
    price: i.price ?? null,
    currency: i.currency || null,
    stars: i.stars ?? null,
    reviewCount: i.reviewCount ?? null,
    amazonsChoice: i.amazonsChoice,
    bestSeller: i.bestSeller,
  };
}
