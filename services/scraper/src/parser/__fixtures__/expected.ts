/**
 * Hand-derived expectations for every saved Amazon page in ../shared/fixtures/amazon-pages.
 *
 * How they were derived (never by running the parser under test):
 *  - Tiles were listed straight from the raw HTML with grep/regex (opening tags of
 *    `div[data-component-type="s-search-result"]` and `li#result_N`), HTML comments blanked out
 *    first, and each tile's own markup (up to the next row with a `data-index` / `result_N`) was
 *    read for sponsored markers: class AdHolder, `puis-sponsored-label-text` (label text read:
 *    "Sponsored", "Featured from Amazon brands", "推廣"), 2019 `h5.s-sponsored-header`
 *    ("Gesponsert"), `/sspa/click` and `/gp/slredirect/` links. Every tile flagged by one marker
 *    carried all of them; no organic tile carried any.
 *  - Organic lists below are the unflagged tiles in document order, first occurrence kept.
 *  - Result-count texts, pagination strips, badges, prices, stars and review counts were read
 *    by eye from the tile markup (tags stripped) of the tiles named in `spotChecks`.
 *  - SOURCES.tsv was used as a cross-check: its `asin_count` is the number of DISTINCT non-empty
 *    `data-asin` values ANYWHERE in the page (carousels included) — e.g. ca_search_1 has 63 such
 *    values but 60 tiles (57 distinct) — so it is not an organic count. Its sponsored-tile counts
 *    match ours except de_search_1: SOURCES counts 8 `s-sponsored-header`s, but two of them sit
 *    in `div#results-atf-next`, a page-2 template inside an HTML comment (not part of the DOM);
 *    the 14 `li#result_16..29` tiles in that comment are not results of this page either.
 *  - de_search_2: its `fkmr-results0/1` lists are Amazon's "results for fewer keywords"
 *    ("plastikfrei für" / "für einsteiger", each linking to its own query); the result bar says
 *    "7 Ergebnisse", so only the 7 tiles of atfResults/btfResults are organic results.
 */
import type { PageKind } from '../types.js';

export interface TileCheck {
  asin: string;
  title?: RegExp;
  priceText?: string | null;
  priceMinor?: number;
  currency?: string | null;
  stars?: number | null;
  reviewCount?: number | null;
  amazonsChoice?: { label: string; supplementary: string | null } | null;
  bestSeller?: { label: string; supplementary: string | null } | null;
  /** The struck-through price as shown ("List:", "Was:"); a unit price "($7.86/count)" is not one. */
  listPriceText?: string | null;
  /** An `a-icon-prime` logo in the tile. */
  prime?: boolean;
}

export interface ExpectedResultsPage {
  file: string;
  domain: string;
  layout: 'current' | 'legacy-2019';
  organic: string[];
  /** Result tiles with a sponsored / "Featured from Amazon brands" marker. */
  sponsoredTiles: number;
  /** ASINs shown in both a sponsored and an organic tile on this page (kept once, as organic). */
  sponsoredAlsoOrganic: string[];
  resultCount: { from: number | null; to: number | null; total: number | null; isLowerBound: boolean };
  currentPage: number | null;
  lastPage: number | null;
  hasNext: boolean;
  /** Department node ids of the left navigation, in order (first few). */
  categoriesStartWith: string[];
  /** `p_72` ids found in the left navigation, in order. */
  starIds: string[];
  spotChecks: TileCheck[];
}

export const EXPECTED_RESULTS: ExpectedResultsPage[] = [
  {
    file: 'ca_search_1.html',
    domain: 'amazon.ca',
    layout: 'current',
    // 60 tiles: index 3-6, 28-31, 64-67 are AdHolder (12); 48 organic, no organic repeats.
    // prettier-ignore
    organic: [
      'B0865GHLNT', 'B07BYYKMN4', 'B08SG3VGD5', 'B0DDSCP32R', 'B09J2J191X', 'B07MM1DJKV', 'B08ZXR5B5V', 'B0CS6CJMBJ',
      'B0C7QDNSWC', 'B0CSCZRNPC', 'B0BF7GDSP7', 'B0F47VV414', 'B08ZNB3G44', 'B00ZWW7Q94', 'B0F1MHBBJS', 'B0CTZSXL1L',
      'B0BNPX8NHN', 'B0F3X1M35C', 'B0BN3M52ZF', 'B0DZNQ1RDW', 'B0CTHZST8W', 'B004E4AW1K', 'B07XGV3FXV', 'B0DFYD3S1N',
      'B019N9W93O', 'B0785MRPH6', 'B0CH81KHF8', 'B01D4VBAXW', 'B08G4R7SG5', 'B0DSVHF21L', 'B01LZY8WYX', 'B0F47V9KM6',
      'B083T9TFW8', 'B0CB5HJH6K', 'B0BZY4XHC2', 'B0F4CYNN6F', 'B09B249MHJ', 'B07YBGXJCK', 'B0DSVG4G9F', 'B0CFY3V7PY',
      'B07CPP8TD2', 'B09HMZBZYJ', 'B0DWV6CXVV', 'B09MRWGCWC', 'B09YGXNJZC', 'B0D7PXJF53', 'B09J2KDP36', 'B0DCNTXYMR',
    ],
    sponsoredTiles: 12,
    // First tile (B0DDSCP32R) is labelled "Featured from Amazon brands"; the others "Sponsored".
    sponsoredAlsoOrganic: ['B0DDSCP32R', 'B0CSCZRNPC', 'B0F1MHBBJS'],
    resultCount: { from: 1, to: 48, total: 5000, isLowerBound: true }, // "1-48 of over 5,000 results for"
    currentPage: 1,
    lastPage: 7,
    hasNext: true,
    categoriesStartWith: ['2439470011', '8793299011', '8793301011', '2439400011', '2406080011'],
    starIds: ['11192170011'],
    spotChecks: [
      {
        asin: 'B0865GHLNT',
        title: /^UNP Tents 6 Person Waterproof/,
        priceText: '$199.90',
        priceMinor: 19990,
        currency: 'CAD',
        stars: 4.4,
        reviewCount: 3280,
        amazonsChoice: { label: "Amazon's Choice", supplementary: 'for "6 person tent"' },
        bestSeller: null,
      },
      {
        asin: 'B09J2J191X',
        priceText: '$169.99',
        stars: 4.3,
        reviewCount: 577,
        amazonsChoice: null,
        bestSeller: { label: 'Bestseller', supplementary: 'in Dome Tents' },
      },
      { asin: 'B09YGXNJZC', bestSeller: { label: 'Bestseller', supplementary: 'in Gazebos' } },
    ],
  },
  {
    file: 'ca_search_2.html',
    domain: 'amazon.ca',
    layout: 'current',
    // 27 tiles, 16 AdHolder ("Sponsored"); 11 organic; single page ("11 results for"), no strip.
    // prettier-ignore
    organic: [
      'B09L5SNZ6N', 'B0C7QFRXCP', 'B08N7VY34R', 'B08YNR42SX', 'B00Q5EQIXS', 'B07GS9XZNS', 'B09PP466HX', 'B005HV2QYU',
      'B07NQ8BVXM', 'B0C2J7M7ST', 'B08VLBXF34',
    ],
    sponsoredTiles: 16,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 1, to: 11, total: 11, isLowerBound: false },
    currentPage: null,
    lastPage: null,
    hasNext: false,
    categoriesStartWith: ['16735210011', '6344771011', '11441792011'],
    starIds: ['11192170011'],
    spotChecks: [
      { asin: 'B09L5SNZ6N', title: /^Vichy Liftactiv 5% NIACINAMIDE/, priceText: '$46.99', priceMinor: 4699 },
    ],
  },
  {
    file: 'ca_search_4.html',
    domain: 'amazon.ca',
    layout: 'current',
    // Page 2 ("49-96 of over 10,000"); 60 tiles, 12 AdHolder; 48 organic.
    // prettier-ignore
    organic: [
      'B07VCR1W1Q', 'B09P8KHQ4P', 'B09QMGDLN5', 'B085X9KGXM', 'B01JQTN8HM', 'B0BXKHFZJS', 'B0BQQLX268', 'B07CJKSPK6',
      'B07F1D55NS', 'B0DZ6P58GD', 'B0BT51NDCW', 'B0DHVDKBH2', 'B09GLS1MD9', 'B0CYLP716T', 'B09JZJR8XH', 'B00XKYLI8Q',
      'B0D7WX632T', 'B08KTXQJ3H', 'B0D6GBZLM3', 'B0DBLR293J', 'B0DL9G1N41', 'B0F3HT5DB8', 'B08YJM12QG', 'B0BVMVTZ86',
      'B083FRFM13', 'B09W9Q75K1', 'B0BTTPSSR2', 'B07F282Q6C', 'B07F2N8KWH', 'B0D6GGL3Z1', 'B07XJCK47H', 'B0DYDWW627',
      'B0CYGMGX57', 'B07HNWWSR8', 'B0BN11DK5S', 'B0BRQYH7W2', 'B0D17QHL83', 'B07HNTYM77', 'B08C2JDY2M', 'B09YVMBBT6',
      'B0DPMCS3S9', 'B0F7LPCHD2', 'B0DG3QCY4T', 'B07VHGRRY1', 'B085DJC6M7', 'B0CPW7J9BX', 'B0788GFQ8G', 'B086J4HPP8',
    ],
    sponsoredTiles: 12,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 49, to: 96, total: 10000, isLowerBound: true },
    currentPage: 2,
    lastPage: 7,
    hasNext: true,
    categoriesStartWith: [
      '8794295011',
      '10287266011',
      '10287307011',
      '10287310011',
      '10287308011',
      '2439028011',
      '10287328011',
    ],
    starIds: ['11192170011'],
    // List prices and Prime logos read from the tiles' markup (data-a-strike spans, a-icon-prime).
    spotChecks: [
      { asin: 'B085X9KGXM', listPriceText: '$39.99', prime: false },
      { asin: 'B07VCR1W1Q', listPriceText: null, prime: true },
      { asin: 'B09P8KHQ4P', listPriceText: null, prime: false },
    ],
  },
  {
    file: 'com_search_1.html',
    domain: 'amazon.com',
    layout: 'current',
    // zh-TW UI; 25 tiles, one AdHolder labelled "推廣" (B09PC4XY5G, a phone case); 24 organic.
    // prettier-ignore
    organic: [
      'B0CBNLS6BD', 'B0BFYRV4CD', 'B0BQ118F2T', 'B0C2SP2L4K', 'B0C9RX9F94', 'B0C2SWQBMB', 'B09TZ5ZBJT', 'B0CP6DDN1H',
      'B0CGWF3F64', 'B098TXKW8K', 'B0C7SSTPD9', 'B0CF7V41CM', 'B0C2XF43BD', 'B0CF2QBQBN', 'B0C2X87QW4', 'B09PFC2DVD',
      'B0CJCV4B9V', 'B0CCT1DQMX', 'B0B3ZGN6P2', 'B0BSQXLQNK', 'B09TG89P52', 'B0BN2YGPFM', 'B0CDF9KRG5', 'B07VCGPX6F',
    ],
    sponsoredTiles: 1,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 1, to: 24, total: 194, isLowerBound: false }, // "1-24的194 個結果"
    currentPage: 1,
    lastPage: 9,
    hasNext: true,
    categoriesStartWith: ['2335752011', '2407755011', '2407760011', '7072561011', '3345523011'],
    starIds: ['2491149011', '2491150011', '2491151011', '2491152011'],
    spotChecks: [
      {
        asin: 'B0CBNLS6BD',
        priceText: 'US$128.00',
        priceMinor: 12800,
        currency: 'USD',
        stars: 4.3,
        reviewCount: 660,
      },
    ],
  },
  {
    file: 'com_search_3.html',
    domain: 'amazon.com',
    layout: 'current',
    // 22 tiles, 6 AdHolder: 4 "Featured from Amazon brands" (B0B2SFTGQ6, B0B2SG1LVB, B0BL5XPDR6,
    // B0B5VQ3XML) and 2 "Sponsored" (B0DPT7CV3N, B0DFLZZ8LZ). B0B2SG1LVB and B0B5VQ3XML also have
    // an earlier organic tile.
    // prettier-ignore
    organic: [
      'B0B1VQ1ZQY', 'B0B2SG1LVB', 'B0BHZT5S12', 'B0C1N3YCP3', 'B0C238GH6N', 'B0DYQJ21T1', 'B0BQ89FPSR', 'B0BL5C43SL',
      'B0CKDP9HN1', 'B0DYQ75MS6', 'B0DYQ6PMLX', 'B0BL5RZMLR', 'B0D94SG8L2', 'B0B5VQ3XML', 'B0BMPR79YS', 'B0C6SM7DX2',
    ],
    sponsoredTiles: 6,
    sponsoredAlsoOrganic: ['B0B2SG1LVB', 'B0B5VQ3XML'],
    resultCount: { from: 1, to: 16, total: 534, isLowerBound: false },
    currentPage: 1,
    lastPage: 20,
    hasNext: true,
    categoriesStartWith: ['13896617011', '1232597011', '6669703011', '2348629011', '3012929011'],
    starIds: ['1248879011'],
    spotChecks: [
      { asin: 'B0B2SG1LVB', listPriceText: '$199.99', prime: false },
      {
        asin: 'B0B1VQ1ZQY',
        title: /^Fire Max 11 tablet \(newest model\)/,
        priceText: '$139.99',
        priceMinor: 13999,
        currency: 'USD',
        stars: 4.4,
        reviewCount: 13429,
        amazonsChoice: { label: 'Overall Pick', supplementary: null },
        bestSeller: null,
      },
      {
        asin: 'B0BHZT5S12',
        bestSeller: { label: 'Best Seller', supplementary: 'in Computers & Accessories' },
      },
    ],
  },
  {
    file: 'com_storefront_1.html',
    domain: 'amazon.com',
    layout: 'current',
    // Seller storefront /s?me=A2DP2EEPU3VU45 (2020): 16 tiles, none sponsored; ul.a-pagination.
    // prettier-ignore
    organic: [
      'B07Y4Z6LBD', 'B07TYWF8K7', 'B083KDYS6W', 'B00VG1AHLE', 'B083W9P5S1', 'B07WPBVBDY', 'B07R3G7NZN', 'B07SQXTJBR',
      'B07VKKLHS6', 'B07ST8Z9PQ', 'B07X8GLFLR', 'B07WY5D2LQ', 'B07STBBGJW', 'B07VRZT8BM', 'B07PY6J9VH', 'B07Z5L6WZX',
    ],
    sponsoredTiles: 0,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 1, to: 16, total: 28, isLowerBound: false },
    currentPage: 1,
    lastPage: 2,
    hasNext: true,
    categoriesStartWith: [],
    starIds: [],
    spotChecks: [{ asin: 'B07TYWF8K7', priceText: '$22.99', priceMinor: 2299, stars: 2.7, reviewCount: 137 }],
  },
  {
    file: 'de_search_1.html',
    domain: 'amazon.de',
    layout: 'legacy-2019',
    // 22 li#result_N in the DOM; result_0, 1, 10, 11, 20, 21 carry h5.s-sponsored-header
    // "Gesponsert" and /gp/slredirect/ links. B077ZB6LWK is sponsored (result_0) then organic (result_2).
    // prettier-ignore
    organic: [
      'B077ZB6LWK', 'B07JMDGDYL', 'B07DM5823X', 'B07BLNMZBG', 'B07CG44SMK', 'B019GCE13O', 'B01E77JBBA', 'B078XPP5CY',
      'B019GCE3X2', 'B01N2NA5UZ', 'B07G2G2523', 'B07JZH4Y3L', 'B07J6P5251', 'B078XLBFYY', 'B07DXM31R3', 'B06XKW3FLY',
    ],
    sponsoredTiles: 6,
    sponsoredAlsoOrganic: ['B077ZB6LWK'],
    resultCount: { from: 1, to: 16, total: 139, isLowerBound: false }, // "1-16 von 139 Ergebnissen oder Vorschlägen"
    currentPage: 1,
    lastPage: 9,
    hasNext: true,
    categoriesStartWith: ['16435051', '3024178031', '355007011', '3968918031'],
    starIds: ['419117031', '419118031', '419119031', '419120031'],
    spotChecks: [
      // 2019 layout: an empty a-text-strike beside a used offer is no list price.
      { asin: 'B07JMDGDYL', listPriceText: null, prime: true },
      {
        asin: 'B077ZB6LWK',
        priceText: 'EUR 24,90',
        priceMinor: 2490,
        currency: 'EUR',
        stars: 4.8,
        reviewCount: 7,
      },
      { asin: 'B07JMDGDYL', priceText: 'EUR 34,00', stars: 5, reviewCount: 5 },
    ],
  },
  {
    file: 'de_search_2.html',
    domain: 'amazon.de',
    layout: 'legacy-2019',
    // 7 organic (books: ISBN-10 ASINs, one ending in X); the 8 fkmr tiles are left out.
    // prettier-ignore
    organic: [
      '3868829938', 'B07LCT8J4V', 'B07882SLQ2', '1731219210', '1731222831', '1731219296', '173121913X',
    ],
    sponsoredTiles: 0,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 1, to: 7, total: 7, isLowerBound: false }, // "7 Ergebnisse für"
    currentPage: null,
    lastPage: null,
    hasNext: false,
    categoriesStartWith: [],
    starIds: ['419117031', '419118031', '419119031', '419120031'],
    spotChecks: [
      { asin: '3868829938', title: /^Plastikfrei für Einsteiger$/, priceText: 'EUR 14,99', priceMinor: 1499 },
    ],
  },
  {
    file: 'es_search_1.html',
    domain: 'amazon.es',
    layout: 'current',
    // 48 tiles, no sponsored marker anywhere in the file.
    // prettier-ignore
    organic: [
      'B09832H9VT', 'B096XZZ92Q', 'B09966SXDY', 'B09831RB76', 'B08PFZ28CN', 'B097QC2M42', 'B09968R87B', 'B098R4K8PV',
      'B096SLMXK9', 'B096SN631Y', 'B096Y2SND1', 'B09831JZR2', 'B09D3TSZSP', 'B096Y39QYR', 'B096SL7B5G', 'B08NW3TVRT',
      'B09832YFZF', 'B095X5QHK5', 'B0968M6446', 'B0971D8FB4', 'B08WRK84PS', 'B0957V23FM', 'B01M6ZANMP', 'B08WHJFYM8',
      'B0957VHM86', 'B0957TPT1Y', 'B096YC41RT', 'B095X51RHY', 'B095YF4L9W', 'B01N683IAQ', 'B08WRP83LN', 'B0957WCY1M',
      'B096Y2NLV4', 'B0957TV4YR', 'B083V93HJG', 'B0968L2F5F', 'B097RVF1LM', 'B07RS1G6XW', 'B00NQ4MZE6', 'B09N7CWH84',
      'B01M2ZC61B', 'B096Y2TYKV', 'B095X7XXQK', 'B09KD1QNTZ', 'B096KTPQ9J', 'B096Y3NSV3', 'B096658ZWP', 'B0914MNS43',
    ],
    sponsoredTiles: 0,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 1, to: 48, total: 94, isLowerBound: false }, // "1-48 de 94 resultados para"
    currentPage: 1,
    lastPage: 2,
    hasNext: true,
    categoriesStartWith: ['17478031031', '937935031', '937994031', '937913031'],
    starIds: ['831280031', '831281031', '831282031', '831283031'],
    spotChecks: [
      // The page separates amount and € with a no-break space.
      { asin: 'B09832H9VT', priceText: '700,00\u00a0€', priceMinor: 70000, currency: 'EUR', stars: 4.3 },
      {
        asin: 'B096XZZ92Q',
        priceText: null, // no price on this tile (unavailable)
        stars: 4.4,
        reviewCount: 19,
        amazonsChoice: { label: "Amazon's Choice", supplementary: 'para "3060 ti"' },
      },
    ],
  },
  {
    file: 'in_search_1.html',
    domain: 'amazon.in',
    layout: 'current',
    // 22 tiles, 6 AdHolder ("Sponsored"); 16 organic.
    // prettier-ignore
    organic: [
      'B0FFN4GPJG', 'B0FFN49G12', 'B0FFMYZP7J', 'B0F7GPS691', 'B0FMDL81GS', 'B0FJWDYMN5', 'B0FJWL7XYR', 'B0FY6X2RP3',
      'B0FJVXSBFM', 'B0FW5F888F', 'B0FJWD5GK8', 'B0FXR5983B', 'B0F847D532', 'B0F847GD6K', 'B0F7GQ5SHN', 'B0FHDSG1FX',
    ],
    sponsoredTiles: 6,
    sponsoredAlsoOrganic: [],
    resultCount: { from: 1, to: 16, total: 306, isLowerBound: false },
    currentPage: 1,
    lastPage: 20,
    hasNext: true,
    categoriesStartWith: [],
    starIds: ['1318476031'],
    spotChecks: [
      // "₹2,219" with "M.R.P: ₹2,499" struck through: the shown price is the first one.
      {
        asin: 'B0FFN4GPJG',
        priceText: '₹2,219',
        priceMinor: 221900,
        currency: 'INR',
        stars: 3.7,
        reviewCount: 66,
      },
    ],
  },
];

/** The non-results pages and what they are (SOURCES.tsv `kind` column, confirmed by reading them). */
export const EXPECTED_BLOCKS: { file: string; kind: PageKind }[] = [
  { file: 'com_503_1.html', kind: 'blocked-503' }, // "Sorry! Something went wrong!", cs_503 links, Dogs of Amazon
  { file: 'com_captcha_1.html', kind: 'captcha' }, // /errors/validateCaptcha + #captchacharacters, opfcaptcha.amazon.com
  { file: 'com_captcha_3.html', kind: 'captcha' }, // AWS WAF challenge.js, no Amazon markup
  { file: 'uk_captcha_1.html', kind: 'captcha' }, // classic image captcha, opfcaptcha.amazon.co.uk
];
