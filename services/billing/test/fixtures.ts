// Test data shared by the billing suites and the gateway's billing suites (which run billing too).
import fs from 'node:fs';
import path from 'node:path';

export const SAMPLE_XML = fs.readFileSync(path.join(__dirname, 'data/tcmb-today-2020-10-08.xml'), 'utf8');
/** The sample's bulletin: 8 Oct 2020, USD ForexSelling 7.9073. */
export const SAMPLE_DAY = '2020-10-08';

/** Today's date in Europe/Istanbul, YYYY-MM-DD. */
export const istanbulToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());

/** The real sample as a bulletin of another day and USD selling rate (a later bulletin of the same shape). */
export function bulletinOf(day: string, usdSelling = '7.9073'): string {
  const [y, m, d] = day.split('-');
  return SAMPLE_XML.replace('Tarih="08.10.2020"', `Tarih="${d}.${m}.${y}"`)
    .replace('Date="10/08/2020"', `Date="${m}/${d}/${y}"`)
    .replace('<ForexSelling>7.9073</ForexSelling>', `<ForexSelling>${usdSelling}</ForexSelling>`);
}

/** POST /api/card's payload (product spec part 3) for a test card. */
export const cardPayload = (cardNumber: string, holder = 'Ayşe Yılmaz') => ({
  cardHolderName: holder,
  cardNumber,
  expireYear: '2035',
  expireMonth: '12',
  cvc: '123',
  billing: {
    address: 'Kızılay Mah. 1',
    zipCode: '06420',
    contactName: holder,
    city: 'Ankara',
    country: 'Turkey',
    region: '06',
  },
});
