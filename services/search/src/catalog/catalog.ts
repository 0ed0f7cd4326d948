import { MARKETS, type Market } from '@shelfscan/scraper-service';

/** The markets scans are sold for (the scraper's market table; amazon.com is a reference market only). */
export const SOLD_MARKETS: readonly Market[] = MARKETS.filter((m) => m.sold);

export function soldMarket(code: string): Market | undefined {
  return SOLD_MARKETS.find((m) => m.code === code.toUpperCase());
}

/** The domain's suffix after "amazon.": ca, com.mx, ae, com.au, sg, co.uk. */
export function marketSuffix(m: Market): string {
  return m.domain.replace(/^amazon\./, '');
}

/** GET /api/marketplace: the six markets, in the product's order. */
export function marketplaces() {
  return SOLD_MARKETS.map((m, i) => ({
    id: i + 1,
    name: m.name.en,
    countryCode: m.countryCode,
    marketPlaceId: m.marketplaceId,
    suffix: marketSuffix(m),
    code: m.code,
    deep: m.deep,
    functional: m.functional,
  }));
}

/**
 * Top-level departments of each market: browse node ids Amazon itself uses for them (its
 * department links search with `rh=n:<id>`). Physical-goods departments only (no Kindle, apps,
 * video, gift cards). Where each list comes from, and how it was cross-checked, is in the service
 * README ("Categories"). Amazon renames and regroups departments from time to time: check the
 * lists again when a market's left navigation stops showing one of these ids.
 */
const DEPARTMENTS: Record<string, [label: string, nodeId: string][]> = {
  CA: [
    ['Automotive', '6948389011'],
    ['Baby', '3561346011'],
    ['Beauty & Personal Care', '6205124011'],
    ['Books', '916520'],
    ['Computer & Video Games', '3198031'],
    ['Computers', '2404990011'],
    ['Electronics', '667823011'],
    ['Everything Else', '2356392011'],
    ['Fashion', '21204935011'],
    ['Grocery', '6967215011'],
    ['Health & Household', '6205177011'],
    ['Home', '2206275011'],
    ['Home Improvement', '3006902011'],
    ['Industrial & Scientific', '11076213011'],
    ['Livres', '916522'],
    ['Movies & TV', '917972'],
    ['Music', '916514'],
    ['Musical Instruments, Stage & Studio', '6916844011'],
    ['Office Products', '6205511011'],
    ['Patio, Lawn & Garden', '6205499011'],
    ['Pet Supplies', '6205514011'],
    ['Sports & Outdoors', '2242989011'],
    ['Toys & Games', '6205517011'],
  ],
  MX: [
    ['Automotriz y Motocicletas', '13848848011'],
    ['Bebé', '9482650011'],
    ['Deportes y Aire Libre', '9482660011'],
    ['Electrónicos', '9482558011'],
    ['Herramientas y Mejoras del Hogar', '9482670011'],
    ['Hogar y Cocina', '9482593011'],
    ['Industria, Empresas y Ciencia', '11076223011'],
    ['Instrumentos Musicales', '13848858011'],
    ['Juguetes y Juegos', '11260442011'],
    ['Libros', '9298576011'],
    ['Música', '9482620011'],
    ['Oficina y Papelería', '9673844011'],
    ['Películas y Series de TV', '9482630011'],
    ['Productos para Animales', '11782336011'],
    ['Ropa, Zapatos y Accesorios', '13848838011'],
    ['Salud, Belleza y Cuidado Personal', '9482610011'],
    ['Software', '9482690011'],
    ['Videojuegos', '9482640011'],
  ],
  AE: [
    ['Appliances', '15149780031'],
    ['Automotive', '11498030031'],
    ['Baby Products', '11498087031'],
    ['Beauty', '11497859031'],
    ['Books', '11497688031'],
    ['Computers', '11497745031'],
    ['Electronics', '11601326031'],
    ['Fashion', '11497631031'],
    ['Grocery', '15150008031'],
    ['Health & Personal Care', '18050412031'],
    ['Home', '16725681031'],
    ['Kitchen & Dining', '16402718031'],
    ['Office Products', '15150350031'],
    ['Pet Supplies', '15150407031'],
    ['Sports, Fitness & Outdoors', '11601213031'],
    ['Tools & Home Improvement', '11601269031'],
    ['Toys & Games', '17930529031'],
    ['Video Games', '11601383031'],
  ],
  AU: [
    ['Automotive', '4851453051'],
    ['Baby', '4851510051'],
    ['Beauty', '4851567051'],
    ['Books', '4851626051'],
    ['CDs & Vinyl', '4852330051'],
    ['Clothing, Shoes & Accessories', '4851856051'],
    ['Computers', '4851683051'],
    ['Electronics', '4851799051'],
    ['Everything Else', '4103126051'],
    ['Health, Household & Personal Care', '4851917051'],
    ['Home', '4851975051'],
    ['Home Improvement', '4852033051'],
    ['Kitchen & Dining', '4852150051'],
    ['Lighting', '4852207051'],
    ['Movies & TV', '4852264051'],
    ['Pantry Food & Drinks', '5547635051'],
    ['Pet Supplies', '5514967051'],
    ['Software', '4852502051'],
    ['Sports, Fitness & Outdoors', '4852559051'],
    ['Stationery & Office Products', '4852445051'],
    ['Toys & Games', '4852617051'],
    ['Video Games', '4852675051'],
  ],
  // Only the department whose id several sources agree on (see the README).
  SG: [['Electronics', '6314449051']],
  UK: [
    ['Automotive', '248877031'],
    ['Baby Products', '59624031'],
    ['Beauty', '117332031'],
    ['Books', '266239'],
    ['Business, Industry & Science', '5866054031'],
    ['CDs & Vinyl', '229816'],
    ['Clothing', '83450031'],
    ['Computers & Accessories', '340831031'],
    ['DIY & Tools', '79903031'],
    ['DVD & Blu-ray', '283920'],
    ['Electronics & Photo', '560798'],
    ['Everything Else', '72911031'],
    ['Garden & Outdoors', '11052671'],
    ['Grocery', '340834031'],
    ['Health & Personal Care', '65801031'],
    ['Home & Kitchen', '11052681'],
    ['Jewellery', '193716031'],
    ['Large Appliances', '908798031'],
    ['Lighting', '213077031'],
    ['Luggage', '2454166031'],
    ['Musical Instruments & DJ', '340837031'],
    ['PC & Video Games', '300703'],
    ['Pet Supplies', '340840031'],
    ['Shoes & Bags', '355005011'],
    ['Software', '300435'],
    ['Sports & Outdoors', '318949011'],
    ['Stationery & Office Supplies', '192413031'],
    ['Toys & Games', '468292'],
    ['Watches', '328228011'],
  ],
};

/** GET /api/category?market=: the market's departments, then the spec's "All Categories" entry. */
export function categories(market: Market) {
  const suffix = marketSuffix(market);
  return [
    ...(DEPARTMENTS[market.code] ?? []).map(([label, nodeId]) => ({ label, level: 1, suffix, nodeId })),
    { label: 'All Categories', level: 1, suffix, nodeId: '1' },
  ];
}
