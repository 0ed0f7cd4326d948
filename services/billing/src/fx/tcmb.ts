import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One bulletin of the central bank (TCMB `today.xml`): its date, number and USD selling rate. */
export interface Bulletin {
  /** YYYY-MM-DD. */
  date: string;
  number: string;
  /** USD ForexSelling as written, 4 decimals ("7.9073"). */
  usdForexSelling: string;
}

export class BulletinParseError extends Error {
  constructor(message: string) {
    super(`central bank bulletin unreadable: ${message}`);
    this.name = 'BulletinParseError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Currency',
});

/** Parses `today.xml` with a real XML parser; anything unexpected is a BulletinParseError. */
export function parseBulletin(xml: string): Bulletin {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new BulletinParseError(`${valid.err.msg} (line ${valid.err.line})`);
  const root = (parser.parse(xml) as { Tarih_Date?: Record<string, unknown> }).Tarih_Date;
  if (!root) throw new BulletinParseError('no Tarih_Date element');
  const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(root['@Date'] ?? ''));
  if (!date) throw new BulletinParseError(`bad Date attribute "${String(root['@Date'])}"`);
  const currencies = (root.Currency ?? []) as Record<string, unknown>[];
  const usd = currencies.find((c) => c['@CurrencyCode'] === 'USD' || c['@Kod'] === 'USD');
  if (!usd) throw new BulletinParseError('no USD in the bulletin');
  if (String(usd.Unit ?? '1') !== '1') throw new BulletinParseError(`USD unit is ${String(usd.Unit)}`);
  const selling = String(usd.ForexSelling ?? '').trim();
  if (!/^\d+\.\d{1,4}$/.test(selling) || Number(selling) <= 0)
    throw new BulletinParseError(`bad USD ForexSelling "${selling}"`);
  const [int, frac] = selling.split('.');
  return {
    date: `${date[3]}-${date[1]}-${date[2]}`,
    number: String(root['@Bulten_No'] ?? ''),
    usdForexSelling: `${int}.${frac.padEnd(4, '0')}`,
  };
}
