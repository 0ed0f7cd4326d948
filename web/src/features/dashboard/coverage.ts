import type { TFunction } from 'i18next';
import type { Coverage, Todo } from './model';

/**
 * The closing line of a finished scan in the page's language, from the facts the scraper reports
 * ("Found 60 ASINs of the 60 Amazon reports (100%)." / "Amazon'un bildirdiği 60 üründen 60 ASIN
 * bulundu (%100)."); null without facts (the API's English `coverageLine` is never shown: the search
 * migration 1766000000003 read every line the scraper wrote into facts).
 */
export function coverageText(todo: Todo, t: TFunction<'dashboard'>, locale: string): string | null {
  const c = todo.coverage;
  if (!c) return null;
  const n = (v: number) => v.toLocaleString(locale);
  if (c.asinCheck) {
    const a = c.asinCheck;
    return t('coverage.asinCheck', {
      count: a.checked,
      checked: n(a.checked),
      sold: n(a.sold),
      unavailable: n(a.unavailable),
      notFound: n(a.notFound),
    });
  }
  const found = { count: c.found, found: n(c.found) };
  const parts = [headLine(c, t, locale, found)];
  if (c.stoppedAtListLimit) parts.push(t('coverage.listLimit', { limit: n(c.listLimit) }));
  if (todo.status === 'COMPLETED_PARTIAL') parts.push(missingLine(c, t, n));
  return parts.join(' ');
}

function headLine(
  c: Coverage,
  t: TFunction<'dashboard'>,
  locale: string,
  found: { count: number; found: string },
): string {
  const n = (v: number) => v.toLocaleString(locale);
  if (!c.reported) return t('coverage.noReport', found);
  if (c.reportedIsLowerBound) return t('coverage.lowerBound', { ...found, reported: n(c.reported) });
  if (c.filtered) return t('coverage.filtered', { ...found, reported: n(c.reported) });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    Math.floor((c.found / c.reported) * 1000) / 1000,
  );
  return t('coverage.found', { ...found, reported: n(c.reported), percent });
}

function missingLine(c: Coverage, t: TFunction<'dashboard'>, n: (v: number) => string): string {
  const parts: string[] = [];
  if (c.unpricedMissing > 0)
    parts.push(
      t(c.unpricedMissingEstimated ? 'coverage.unpricedEstimated' : 'coverage.unpriced', {
        count: c.unpricedMissing,
        missing: n(c.unpricedMissing),
      }),
    );
  if (c.unreached > 0) parts.push(t('coverage.unreached', { count: c.unreached, missing: n(c.unreached) }));
  return parts.length ? t('coverage.incomplete', { parts: parts.join('; ') }) : t('coverage.incompleteBare');
}
