/** The scans of the dashboard: types of the API contract and the rules the screens apply. */
import type { AsinCheckRecord } from '@shelfscan/asin-check';
import type { CoverageFacts } from '@shelfscan/contracts';
import type { Market, ScanInputs } from '@shelfscan/validation';
import type { TFunction } from 'i18next';
import { retryAfterOf } from '../../lib/retryAfter';

export const TODO_STATES = ['pending', 'ongoing', 'completed', 'archived'] as const;
export type TodoState = (typeof TODO_STATES)[number];

export const TODO_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'COMPLETED_PARTIAL',
  'CANCELED',
  'FAILED',
] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export const SEARCH_TYPES = ['standard', 'deep', 'FUNCTIONAL', 'asinCheck'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Rows per page of a column (the API's default size). */
export const PAGE_SIZE = 20;
/**
 * How often the shown lists are fetched again while one of their scans runs. Progress must reach
 * the browser within 2 s of a page: the scraper announces at most every 0.5 s, the bus takes
 * milliseconds, and this poll the rest (it works the same behind any number of gateways).
 */
export const POLL_MS = 1000;
/** Product spec part 9: items per list, until the quota answer says otherwise. */
export const LIST_LIMIT = 2720;
/** Product spec part 9: the deep-search wait shown when the engine gives no estimate. */
export const DEEP_WAIT_MINUTES = 60;

export interface Progress {
  pagesFetched: number;
  asinsFound: number;
  etaSeconds: number | null;
  reportedTotal: number | null;
  /** The store said only "over <reportedTotal>". */
  reportedTotalIsLowerBound?: boolean;
  percent: number | null;
}

/**
 * A finished scan's coverage facts (scraper.v1.ScanCoverage as the gateway answers it), worded by
 * the card in the page's language.
 */
export type Coverage = CoverageFacts;

export interface Todo extends ScanInputs<Market> {
  id: string;
  searchType: SearchType;
  state: TodoState;
  status: TodoStatus;
  searchDate: string;
  searchCompleteDate: string | null;
  searchCancelDate: string | null;
  asinCount: number;
  reportedTotal: number | null;
  coverage: Coverage | null;
  /** English, for the logs; the card words `failureCode`. */
  failureReason: string | null;
  failureCode: string | null;
  progress: Progress | null;
  userEmail?: string;
  /** ASIN checks: how many ASINs were asked for. */
  asinListSize: number | null;
}

/** What an ASIN check found for one ASIN on its market (the gateway leaves out its place, `seq`). */
export type AsinCheckRow = Omit<AsinCheckRecord, 'seq'>;

export interface AsinCheckPage {
  rows: AsinCheckRow[];
  total: number;
}

/** Rows of an ASIN check's table per page. */
export const CHECK_PAGE_SIZE = 20;

/** The wait before a scan of a store ends, from the engine's estimate (null: the store could not be probed). */
export interface ScanEstimate {
  etaSeconds: number | null;
  pages: number;
  reportedTotal: number | null;
  reportedTotalIsLowerBound: boolean;
  /** While the size is only a lower bound: the wait and pages if the scan runs on to the list limit. */
  max?: { etaSeconds: number; pages: number } | null;
  /** "Over 1,000" (deep): the listings with a price, counted by price ranges (a lower bound if unfinished). */
  counted?: { total: number; lowerBound: boolean } | null;
}

export interface EstimateArgs {
  searchType: 'standard' | 'deep';
  storeUrl: string;
  market: Market;
  keyword?: string;
  categories?: string[];
}

export interface TodoPage {
  items: Todo[];
  total: number;
}

export interface Category {
  label: string;
  level: number;
  suffix: string;
  nodeId: string;
}

/**
 * A category as the scan dialog lists it: node 1 is the spec's "All Categories" entry, worded in the
 * page's language; a department keeps the name Amazon gives it on its market.
 */
export function categoryLabel(c: Category, t: TFunction<'dashboard'>): string {
  return c.nodeId === '1' ? t('create.allCategories') : c.label;
}

/** The caller's plans and quota (one endpoint for the app: src/app/searchQuotaApi.ts). */
export type { SearchQuota as Quota } from '../../app/searchQuotaApi';

export interface CreateStoreScan {
  searchType: 'standard' | 'deep';
  fileName: string;
  storeUrl: string;
  market: Market;
  keyword?: string;
  categories?: string[];
}

export interface CreateFunctionalScan extends Omit<CreateStoreScan, 'searchType'> {
  amazonChoice?: boolean;
  bestSeller?: boolean;
  minStar?: number;
  maxStar?: number;
  minPrice?: number;
  maxPrice?: number;
}

export interface CreateAsinCheck {
  fileName: string;
  market: Market;
  asins: string;
}

/** The filters of the dashboard, kept in the URL query. */
export interface Filters {
  type?: SearchType;
  status?: TodoStatus;
  market?: Market;
  q?: string;
  from?: string;
  to?: string;
}

export const FILTER_KEYS = ['type', 'status', 'market', 'q', 'from', 'to'] as const;

export interface ListArgs extends Filters {
  state: TodoState;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of a URL query; unknown values are left out. */
export function filtersFromQuery(query: URLSearchParams, markets: readonly string[]): Filters {
  const text = query.get('q')?.trim();
  const date = (key: string) => {
    const value = query.get(key);
    return value && DATE.test(value) ? value : undefined;
  };
  return {
    type: oneOf(SEARCH_TYPES, query.get('type')),
    status: oneOf(TODO_STATUSES, query.get('status')),
    market: oneOf(markets, query.get('market')) as Market | undefined,
    q: text || undefined,
    from: date('from'),
    to: date('to'),
  };
}

/** The query parameters of a list call: the filters that are set, the 0-based page and its size. */
export function listParams({ state: _state, page, ...filters }: ListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params[key] = value;
  }
  return { ...params, page, size: PAGE_SIZE };
}

export const isRunning = (todo: Pick<Todo, 'status'>) =>
  todo.status === 'PENDING' || todo.status === 'PROCESSING';

/** The column a status puts a scan in (unless the user filed it in archived). */
export function stateOfStatus(status: TodoStatus): TodoState {
  if (status === 'PENDING') return 'pending';
  if (status === 'PROCESSING') return 'ongoing';
  return 'completed';
}

/** Where a scan may be moved: to archived, and from archived back to the column its status gives. */
export function canMove(todo: Pick<Todo, 'state' | 'status'>, target: TodoState): boolean {
  if (todo.state === target) return false;
  if (target === 'archived') return true;
  return todo.state === 'archived' && stateOfStatus(todo.status) === target;
}

/**
 * Seconds until a refused right comes back (429): the body's `data.retryAt`, else `Retry-After`.
 * Undefined when the answer names neither.
 */
export function waitOf(error: unknown, nowMs: number = Date.now()): number | undefined {
  const data = (error as { data?: { data?: { retryAt?: unknown } } } | null)?.data?.data;
  const at = typeof data?.retryAt === 'string' ? Date.parse(data.retryAt) : NaN;
  if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  return retryAfterOf(error);
}

/**
 * What a move of `todos` to `target` sends: the ids that may go there (see canMove), and whether
 * some were left out.
 */
export function planMove(todos: readonly Todo[], target: TodoState): { ids: string[]; refused: number } {
  const ids = todos.filter((todo) => canMove(todo, target)).map((todo) => todo.id);
  const same = todos.filter((todo) => todo.state === target).length;
  return { ids, refused: todos.length - ids.length - same };
}

/** Many stores of one market and type scanned at once (POST /api/search-info/batch). */
export interface CreateBatch {
  searchType: 'standard' | 'deep';
  market: Market;
  fileName: string;
  keyword?: string;
  storeUrls: string[];
}

/** A batch: its scans and their combined progress (GET /api/search-info/batch/{id}). */
export interface Batch {
  id: string;
  searchType: string;
  market: string;
  fileName: string;
  keyword: string | null;
  createdAt: string;
  todos: Todo[];
  progress: { asinsFound: number; finished: number; scans: number; percent: number };
}

/** A page of the user's batches (GET /api/search-info/batch) and how many there are (x-total-count). */
export interface BatchPage {
  items: Batch[];
  total: number;
}

/** Batch cards a page: two rows of the widest grid. */
export const BATCH_PAGE_SIZE = 8;
