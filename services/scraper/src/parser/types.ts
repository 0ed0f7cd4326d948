/** What kind of page Amazon served (see classify.ts). */
export type PageKind = 'results' | 'no-results' | 'captcha' | 'blocked-503' | 'soft-404' | 'empty-block';

/** Which markup generation a results page uses. */
export type PageLayout = 'current' | 'legacy-2019' | 'none';

export interface Price {
  /** The price exactly as shown on the tile, e.g. `$139.99`, `700,00 €`, `EUR 13,97`. */
  text: string;
  /** Parsed amount in major units, e.g. 139.99. */
  amount: number;
  /** Amount in minor units (cents), e.g. 13999; the unit of Amazon's `p_36` price refinement. */
  minor: number;
  /** The currency marker as shown (`$`, `US$`, `€`, `EUR`, `₹`). */
  symbol: string;
  /** ISO 4217 code when it can be told from the marker and the market domain, otherwise null. */
  currency: string | null;
}

export interface Badge {
  /** The badge label, e.g. `Amazon's Choice`, `Overall Pick`, `Best Seller`, `Bestseller`. */
  label: string;
  /** The text beside it, e.g. `for "6 person tent"`, `in Dome Tents`; null when absent. */
  supplementary: string | null;
}

export interface ResultTile {
  asin: string;
  /** 0-based position among the organic tiles kept (after de-duplication). */
  position: number;
  title: string | null;
  price: Price | null;
  /** The struck-through list price ("List:", "Was:") beside the price, null when the tile shows none. */
  listPrice: Price | null;
  /** Average rating 0–5, null when the tile shows none. */
  stars: number | null;
  /** Number of ratings shown next to the stars, null when absent. */
  reviewCount: number | null;
  amazonsChoice: Badge | null;
  bestSeller: Badge | null;
  /** The tile shows the Prime logo (eligible for Prime delivery). */
  prime: boolean;
}

export interface ResultCount {
  /** The result-info text as shown, whitespace collapsed: `1-16 of over 1,000 results for`. */
  text: string;
  from: number | null;
  to: number | null;
  total: number | null;
  /** True when Amazon only gives a lower bound ("over 1,000", "mehr als 1.000", "超過 1,000"). */
  isLowerBound: boolean;
}

export interface CategoryRefinement {
  /** Browse-node id (the `n:` value). */
  nodeId: string;
  label: string;
  /** Item count when the page shows one next to the label, otherwise null. */
  count: number | null;
  /** Indentation level in the department tree (0 = top). */
  depth: number;
  /** True for the department currently applied (shown bold, without a link). */
  selected: boolean;
  /** The full `rh` of the link (decoded), e.g. `n:2439470011,n:8793299011`; null when selected. */
  rh: string | null;
}

export interface StarRefinement {
  /** The `p_72` refinement id, e.g. `1248879011`. */
  id: string;
  /** Minimum stars of the bucket (4 for "4 Stars & Up"), null if it cannot be read. */
  minStars: number | null;
  label: string;
}

export interface SponsoredSummary {
  /** Result tiles recognised as sponsored / "Featured from Amazon brands" and left out. */
  tiles: number;
  /** Their ASINs in document order (may repeat an organic ASIN). */
  asins: string[];
}

export interface ParsedPage {
  kind: PageKind;
  layout: PageLayout;
  /** The market domain the page was parsed for (from opts or detected from the page), e.g. `amazon.ca`. */
  domain: string | null;
  /** Organic result ASINs in document order, de-duplicated. */
  asins: string[];
  tiles: ResultTile[];
  sponsored: SponsoredSummary;
  /** Organic tiles dropped because their ASIN was already listed. */
  duplicatesDropped: number;
  /** Tiles with an empty or malformed data-asin. */
  placeholdersSkipped: number;
  resultCount: ResultCount | null;
  currentPage: number | null;
  /** The highest page number shown in the pagination strip; null when there is no strip. */
  lastPage: number | null;
  /** The next-page link as found on the page (relative href), null on the last page or without a strip. */
  nextPageHref: string | null;
  categories: CategoryRefinement[];
  starRefinements: StarRefinement[];
}

export interface ParseOptions {
  /** Market domain (`amazon.ca`, `www.amazon.ca`); used to resolve `$` to a currency. */
  domain?: string;
}
