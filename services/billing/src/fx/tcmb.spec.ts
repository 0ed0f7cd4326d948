import fs from 'node:fs';
import path from 'node:path';
import { BulletinParseError, parseBulletin } from './tcmb.js';

const sample = fs.readFileSync(path.join(__dirname, '../../test/data/tcmb-today-2020-10-08.xml'), 'utf8');

describe('parseBulletin', () => {
  it('reads the date, number and USD ForexSelling of a real bulletin', () => {
    expect(parseBulletin(sample)).toEqual({
      date: '2020-10-08',
      number: '2020/192',
      usdForexSelling: '7.9073',
    });
  });

  it.each([
    ['truncated', sample.slice(0, 600)],
    ['not XML', 'Service Unavailable'],
    ['no USD', sample.replace(/Kod="USD" CurrencyCode="USD"/, 'Kod="XXX" CurrencyCode="XXX"')],
    ['empty rate', sample.replace('<ForexSelling>7.9073</ForexSelling>', '<ForexSelling/>')],
    ['bad date', sample.replace('Date="10/08/2020"', 'Date="yesterday"')],
  ])('fails clearly on %s', (_, xml) => {
    expect(() => parseBulletin(xml)).toThrow(BulletinParseError);
  });
});
