import { cardAlias, cardBrand, planForm } from './index.js';
import { COUNTRIES, REGIONS, countryByIso2, regionsOf, type Place } from './places.js';

const byIso2 = (list: readonly Place[]) => [...list].sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('built-in countries and regions (product spec part 3)', () => {
  it('holds the 250 countries, each with an id, a name and a unique iso2 code', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(unique(COUNTRIES.map((c) => c.iso2))).toBe(true);
    expect(unique(COUNTRIES.map((c) => c.id))).toBe(true);
    for (const c of COUNTRIES) {
      expect(c.iso2).toMatch(/^[A-Z]{2}$/);
      expect(c.name.trim()).not.toBe('');
    }
    expect(countryByIso2('tr')?.name).toBe('Turkey');
    expect(countryByIso2('GB')?.name).toBe('United Kingdom');
    expect(countryByIso2('XX')).toBeUndefined();
  });

  it('holds the regions of TR (81 provinces), US (60) and the UK (221), each sorted by iso2', () => {
    expect(Object.keys(REGIONS).sort()).toEqual(['GB', 'TR', 'US']);
    expect(REGIONS.TR).toHaveLength(81);
    expect(REGIONS.US).toHaveLength(60);
    expect(REGIONS.GB).toHaveLength(221);
    for (const list of Object.values(REGIONS)) {
      expect(list).toEqual(byIso2(list));
      expect(unique(list.map((r) => r.iso2))).toBe(true);
    }
    expect(REGIONS.TR[0]).toMatchObject({ name: 'Adana', iso2: '01' });
    expect(REGIONS.TR.find((r) => r.iso2 === '34')?.name).toBe('İstanbul');
    expect(REGIONS.US.find((r) => r.iso2 === 'CA')?.name).toBe('California');
    expect(regionsOf('de')).toEqual([]);
    expect(regionsOf('us')).toBe(REGIONS.US);
  });
});

describe('card helpers', () => {
  it('the alias is the first 3 characters of the full name', () => {
    expect(cardAlias('  Şule Yılmaz')).toBe('Şul');
    expect(cardAlias('Al')).toBe('Al');
  });

  it('detects the brand from the first digits as the provider names it', () => {
    expect(cardBrand('4111 1111')).toBe('VISA');
    expect(cardBrand('5528790000000008')).toBe('MASTER_CARD');
    expect(cardBrand('2221 00')).toBe('MASTER_CARD');
    expect(cardBrand('2720 99')).toBe('MASTER_CARD');
    expect(cardBrand('2721 00')).toBeNull();
    expect(cardBrand('3782 822463 10005')).toBe('AMERICAN_EXPRESS');
    expect(cardBrand('9792 0000')).toBe('TROY');
    expect(cardBrand('')).toBeNull();
  });
});

describe('plan form', () => {
  it('needs at least one known feature; the code is optional, at most 40 characters', () => {
    expect(planForm.safeParse({ features: ['standard'], promotionCode: '' }).success).toBe(true);
    const issues = (v: unknown) =>
      planForm.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ features: [], promotionCode: 'x'.repeat(41) })).toEqual([
      ['features', 'required'],
      ['promotionCode', 'tooLong'],
    ]);
    expect(issues({ features: ['gold'], promotionCode: '' })).toEqual([['features', 'required']]);
  });
});
