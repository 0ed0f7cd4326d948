/**
 * One checked ASIN of an ASIN check, as the scraper stores it (`asin_check_item`) and the search
 * service keeps it for the user's scan (`todo_asin_check`): both tables have these columns, and
 * both list it on the bus with the same fields (`scraper.v1.AsinCheckItem`, `search.v1.AsinCheckRow`).
 */
export interface AsinCheckRecord {
  asin: string;
  /** Place in the list asked for (0-based). */
  seq: number;
  /** "sold": a product page with an offer; "unavailable": currently unavailable; "not-found": no such product. */
  state: 'sold' | 'unavailable' | 'not-found';
  title: string | null;
  priceText: string | null;
  price: number | null;
  currency: string | null;
  stars: number | null;
  reviewCount: number | null;
  amazonsChoice: boolean;
  bestSeller: boolean;
}

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A record from its table row (`SELECT *`: snake_case columns; numeric columns come back as text). */
export function asinCheckRecordOfRow(r: Record<string, unknown>): AsinCheckRecord {
  return {
    asin: r.asin as string,
    seq: r.seq as number,
    state: r.state as AsinCheckRecord['state'],
    title: (r.title as string | null) ?? null,
    priceText: (r.price_text as string | null) ?? null,
    price: numberOrNull(r.price),
    currency: (r.currency as string | null) ?? null,
    stars: numberOrNull(r.stars),
    reviewCount: numberOrNull(r.review_count),
    amazonsChoice: r.amazons_choice as boolean,
    bestSeller: r.best_seller as boolean,
  };
}

/** The fields of its bus message: an unknown text is empty, an unknown number unset. */
export function asinCheckMessageOf(r: Omit<AsinCheckRecord, 'seq'>) {
  return {
    asin: r.asin,
    state: r.state,
    title: r.title ?? '',
    priceText: r.priceText ?? '',
    price: r.price ?? undefined,
    currency: r.currency ?? '',
    stars: r.stars ?? undefined,
    reviewCount: r.reviewCount ?? undefined,
    amazonsChoice: r.amazonsChoice,
    bestSeller: r.bestSeller,
  };
}

/** The two tables of records, each with the column naming the scan the rows belong to. */
const SCAN_COLUMN = { asin_check_item: 'scan_id', todo_asin_check: 'todo_id' } as const;
export type AsinCheckTable = keyof typeof SCAN_COLUMN;

/** A page of a scan's records and how many the scan has in all. */
export interface AsinCheckPage {
  rows: AsinCheckRecord[];
  total: number;
}

/** What runs SQL (a TypeORM DataSource or EntityManager). */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * A page of a scan's ASIN check records in the order asked (`seq`), with how many the scan has in all:
 * the scraper's `asin_check_item` by `scan_id`, the search service's `todo_asin_check` by `todo_id`.
 */
export async function asinCheckPage(
  db: Queryable,
  table: AsinCheckTable,
  scanId: string,
  offset: number,
  limit: number,
): Promise<AsinCheckPage> {
  const column = SCAN_COLUMN[table];
  const rows = (await db.query(
    `SELECT * FROM ${table} WHERE ${column} = $1 ORDER BY seq OFFSET $2 LIMIT $3`,
    [scanId, offset, limit],
  )) as Record<string, unknown>[];
  const count = (await db.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [scanId])) as {
    n: string;
  }[];
  return { rows: rows.map(asinCheckRecordOfRow), total: Number(count[0]?.n ?? 0) };
}

/**
 * Stores records of a scan in either table, in one statement. `skipStored`: a record whose key is
 * already stored is kept as it was (the scraper: a row checked again after a resume is kept once);
 * otherwise a stored key is an error.
 */
export async function insertAsinCheckRecords(
  db: Queryable,
  table: AsinCheckTable,
  scanId: string,
  records: AsinCheckRecord[],
  { skipStored = false }: { skipStored?: boolean } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO ${table} (${SCAN_COLUMN[table]}, seq, asin, state, title, price_text, price, currency, stars,
                           review_count, amazons_choice, best_seller)
     SELECT $1, r.seq, r.asin, r.state, r.title, r."priceText", r.price, r.currency, r.stars, r."reviewCount",
            r."amazonsChoice", r."bestSeller"
       FROM jsonb_to_recordset($2::jsonb) AS r(seq int, asin text, state text, title text, "priceText" text,
            price numeric, currency text, stars real, "reviewCount" int, "amazonsChoice" boolean, "bestSeller" boolean)
     ${skipStored ? 'ON CONFLICT DO NOTHING' : ''}`,
    [scanId, JSON.stringify(records)],
  );
}
