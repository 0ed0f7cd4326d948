import {
  SCAN_VERDICTS,
  TRACKER_VERDICTS,
  VALID_SCANS,
  VALID_TRACKER,
} from '../../../../libs/validation/test/verdict-table';
import { asinCheckViolations, scanViolations, trackerViolations } from './scan-rules.js';

const LIST_LIMIT = 2720;

/** A row's payload as the gateway puts it on the bus (the contract's request). */
function violationsOfRow(form: string, values: Record<string, unknown>) {
  const text = (key: string) => (values[key] as string | undefined) ?? '';
  if (form === 'asinCheck')
    return asinCheckViolations(
      { fileName: text('fileName'), market: text('market'), asins: text('asins') },
      LIST_LIMIT,
    );
  const functional = form === 'functionalScan';
  return scanViolations({
    searchType: functional ? 'functional' : text('searchType'),
    fileName: text('fileName'),
    storeUrl: text('storeUrl'),
    market: text('market'),
    keyword: text('keyword'),
    categories: (values.categories as string[] | undefined) ?? [],
    filters: functional
      ? {
          amazonChoice: values.amazonChoice as boolean,
          bestSeller: values.bestSeller as boolean,
          minStar: values.minStar as number,
          maxStar: values.maxStar as number,
          minPrice: values.minPrice as number,
          maxPrice: values.maxPrice as number,
        }
      : undefined,
  });
}

describe('the search service gives the verdicts of the shared scan table', () => {
  it.each(SCAN_VERDICTS.map((row) => [`${row.form}: ${row.case}`, row] as const))('%s', (_name, row) => {
    const violations = violationsOfRow(row.form, { ...VALID_SCANS[row.form], ...row.change });
    expect(violations.map(({ field, msg }) => ({ field, msg }))).toEqual(
      row.field ? [{ field: row.field, msg: row.verdict }] : [],
    );
  });

  it('gives a store-link verdict the reason storeUrlInvalid (the gateway answers it as its code)', () => {
    expect(violationsOfRow('scan', { ...VALID_SCANS.scan, storeUrl: 'https://www.ebay.com/x' })).toEqual([
      { field: 'storeUrl', msg: 'storeUrlNotAmazon', reason: 'storeUrlInvalid' },
    ]);
  });

  it('counts the ASINs of a check against the list limit', () => {
    const asins = Array.from({ length: 3 }, (_, i) => `B0ABCDEFG${i}`).join(' ');
    expect(asinCheckViolations({ fileName: 'x', market: 'CA', asins }, 2)).toEqual([
      { field: 'asins', msg: 'asinTooMany' },
    ]);
  });
});

describe('the search service gives the verdicts of the shared tracker table', () => {
  it.each(TRACKER_VERDICTS.map((row) => [row.case, row] as const))('%s', (_name, row) => {
    const v = { ...VALID_TRACKER, ...row.change } as Record<string, unknown>;
    const alerts = v.alerts as { email?: boolean; webhook?: boolean; telegram?: boolean } | undefined;
    // The row's payload as the gateway puts it on the bus (TrackerInput: absent fields unset).
    const violations = trackerViolations({
      storeUrl: (v.storeUrl as string | undefined) ?? '',
      market: (v.market as string | undefined) ?? '',
      searchType: (v.searchType as string | undefined) ?? '',
      schedule: (v.schedule as string | undefined) ?? '',
      keyword: v.keyword as string | undefined,
      fileName: v.fileName as string | undefined,
      hour: v.hour as number | undefined,
      weekday: v.weekday as number | undefined,
      alertEmail: alerts?.email,
      alertWebhook: alerts?.webhook,
      alertTelegram: alerts?.telegram,
    });
    expect(violations.map(({ field, msg }) => ({ field, msg }))).toEqual(
      row.field ? [{ field: row.field, msg: row.verdict }] : [],
    );
  });
});
