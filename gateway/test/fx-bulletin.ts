import fs from 'node:fs';
import path from 'node:path';

/** The central bank's today.xml (the repo's real sample), dated today with USD ForexSelling 10.0000. */
export function todaysBulletin(): string {
  const sample = fs.readFileSync(
    path.join(__dirname, '../../services/billing/test/data/tcmb-today-2020-10-08.xml'),
    'utf8',
  );
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' })
    .format(new Date())
    .split('-');
  return sample
    .replace('Tarih="08.10.2020"', `Tarih="${d}.${m}.${y}"`)
    .replace('Date="10/08/2020"', `Date="${m}/${d}/${y}"`)
    .replace('<ForexSelling>7.9073</ForexSelling>', '<ForexSelling>10.0000</ForexSelling>');
}
