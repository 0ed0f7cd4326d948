import http from 'node:http';
import { listen } from './listen.js';

/**
 * A local stand-in for the central bank (TCMB) of `make demo`, as the marketplace simulator stands in
 * for Amazon: it serves a bulletin in the shape of `https://www.tcmb.gov.tr/kurlar/today.xml`, dated
 * today in Istanbul, so billing can price a purchase on a machine without internet. The bulletin says
 * it is simulated three times over: a comment, its number (`SIM/…`) and the currency names, and its
 * rates are this double's, not the bank's.
 */
export interface CentralBankOptions {
  /** 0 (default) = any free port. */
  port?: number;
  host?: string;
  /** USD ForexSelling, 4 decimals; the rate every demo purchase is priced at. */
  usdSelling?: string;
  /** The double's clock (tests); default the machine's. */
  now?: () => Date;
}

export interface CentralBank {
  /** The URL of its `today.xml`, for `FX_RATES_URL`. */
  url: string;
  usdSelling: string;
  close(): Promise<void>;
}

/** Simulated, not the bank's: 1 USD in TRY, selling. */
export const SIMULATED_USD_SELLING = '42.5000';

/** The Istanbul date of `now`, YYYY-MM-DD. */
function istanbulDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}

/** A `today.xml` of `day` (YYYY-MM-DD) with this USD selling rate, labelled as simulated. */
export function simulatedBulletin(day: string, usdSelling = SIMULATED_USD_SELLING): string {
  if (!/^\d+\.\d{4}$/.test(usdSelling))
    throw new Error(`usdSelling must have 4 decimals, got "${usdSelling}"`);
  const [y, m, d] = day.split('-');
  const [int, frac] = usdSelling.split('.');
  // Buying a little below selling, as the bank publishes them (0.18 % apart).
  const sellingUnits = BigInt(int + frac);
  const buyingUnits = sellingUnits - (sellingUnits * 18n) / 10_000n;
  const buying = `${buyingUnits / 10_000n}.${String(buyingUnits % 10_000n).padStart(4, '0')}`;
  const dayOfYear =
    (Date.UTC(Number(y), Number(m) - 1, Number(d)) - Date.UTC(Number(y), 0, 1)) / 86_400_000 + 1;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- SIMULATED bulletin of the ShelfScan demo (make demo): not published by the Central Bank of the
     Republic of Turkey; its rates are made up. make up reads the bank's own today.xml. -->
<Tarih_Date Tarih="${d}.${m}.${y}" Date="${m}/${d}/${y}" Bulten_No="SIM/${y}/${String(dayOfYear).padStart(3, '0')}">
\t<Currency CrossOrder="0" Kod="USD" CurrencyCode="USD">
\t\t<Unit>1</Unit>
\t\t<Isim>ABD DOLARI (SİMÜLE)</Isim>
\t\t<CurrencyName>US DOLLAR (SIMULATED)</CurrencyName>
\t\t<ForexBuying>${buying}</ForexBuying>
\t\t<ForexSelling>${usdSelling}</ForexSelling>
\t\t<BanknoteBuying/>
\t\t<BanknoteSelling/>
\t\t<CrossRateUSD/>
\t\t<CrossRateOther/>
\t</Currency>
</Tarih_Date>
`;
}

/** Serves the simulated bulletin of the current Istanbul day at `/kurlar/today.xml` (and `/today.xml`). */
export async function startCentralBank(options: CentralBankOptions = {}): Promise<CentralBank> {
  const usdSelling = options.usdSelling ?? SIMULATED_USD_SELLING;
  simulatedBulletin('2000-01-01', usdSelling); // a bad rate stops the start, not the first request
  const now = options.now ?? (() => new Date());
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' || (path !== '/kurlar/today.xml' && path !== '/today.xml')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res
      .writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(simulatedBulletin(istanbulDay(now()), usdSelling));
  });
  const { address, port, close } = await listen(server, options.port, options.host);
  return { url: `http://${address}:${port}/kurlar/today.xml`, usdSelling, close };
}
