/** Tracked stores (issue 18): the types of the trackers API and the words the pages use for them. */
import type { Market, TrackerSchedule } from '@shelfscan/validation';
import type { TFunction } from 'i18next';
import type { Tracker, TrackerAlerts, TrackerRun } from '../../app/trackersApi';
import type { Locale } from '../../lib/locale';

export type { Tracker, TrackerRun } from '../../app/trackersApi';

/** `POST /api/trackers` and `PUT /api/trackers/{id}` (libs/validation `trackerRequest`). */
export interface TrackerRequest {
  storeUrl: string;
  market: Market;
  searchType: 'standard' | 'deep';
  keyword?: string;
  fileName?: string;
  schedule: TrackerSchedule;
  hour: number;
  weekday?: number;
  alerts: TrackerAlerts;
}

/** What a tracker is called on the pages: its label, else its store link. */
export const trackerName = (tracker: Pick<Tracker, 'fileName' | 'storeUrl'>) =>
  tracker.fileName || tracker.storeUrl;

/** One ASIN a tracker has seen (`GET /api/trackers/{id}/asins`). */
export interface TrackerAsin {
  asin: string;
  title: string | null;
  firstSeen: string;
  lastSeen: string;
  present: boolean;
}

/** Which ASINs the store page lists: present now, removed, or all ever seen. */
export const ASIN_FILTERS = ['present', 'removed', 'all'] as const;
export type AsinFilter = (typeof ASIN_FILTERS)[number];

export interface AsinsArgs {
  id: string;
  page: number;
  filter: AsinFilter;
}

/** Rows per page of the ASIN table (the search-info lists' size). */
export const ASIN_PAGE_SIZE = 20;

/** The query of `GET /api/trackers/{id}/asins`: 0-based page, size, and `present` unless all. */
export function asinParams({ page, filter }: Omit<AsinsArgs, 'id'>): Record<string, string | number> {
  const params: Record<string, string | number> = { page, size: ASIN_PAGE_SIZE };
  if (filter !== 'all') params.present = filter === 'present' ? 'true' : 'false';
  return params;
}

/**
 * How often a page asks again while a tracker runs. A run takes minutes and shows no progress here
 * (its scan does, on the dashboard): the page only has to notice that it ended.
 */
export const TRACKER_POLL_MS = 5000;

const isRunningStatus = (status: TrackerRun['status']) => status === 'PENDING' || status === 'PROCESSING';

/** A run's diff can be read: it ended (completed, partly, failed or canceled). */
export const runEnded = (run: TrackerRun) => !isRunningStatus(run.status);

/**
 * The Turkish locative suffix of a whole hour read aloud ("altıda", "üçte", "birde"): by the last
 * word of the number, 0 read "sıfır", 10 "on", 20 "yirmi".
 */
const TR_DIGIT_SUFFIX = ['da', 'de', 'de', 'te', 'te', 'te', 'da', 'de', 'de', 'da'];
function trHourSuffix(hour: number): string {
  if (hour === 10) return 'da';
  if (hour === 20) return 'de';
  return TR_DIGIT_SUFFIX[hour % 10];
}

/** "06:00" (English) or "06:00'da" (Turkish): the time a schedule runs at. */
export function atHour(hour: number, locale: Locale): string {
  const time = `${String(hour).padStart(2, '0')}:00`;
  return locale === 'tr' ? `${time}'${trHourSuffix(hour)}` : time;
}

/** "Every day at 06:00 Istanbul time", "Her pazartesi 06:00'da (İstanbul saati)". */
export function scheduleText(
  tracker: Pick<Tracker, 'schedule' | 'hour' | 'weekday'>,
  t: TFunction<'trackers'>,
  locale: Locale,
): string {
  const at = atHour(tracker.hour, locale);
  if (tracker.schedule === 'weekly' && tracker.weekday)
    return t('schedule.weekly', { day: t(`weekdays.${tracker.weekday}`), at });
  return t('schedule.daily', { at });
}

/**
 * What a run found, in words: "+3 added · −1 removed"; the baseline's size; for a run that did not
 * reach the coverage threshold (partial, failed, canceled) its real additions and
 * "partial: 12 not seen, no removals reported"; a failed or canceled run is named first; a store above
 * the list limit says that only what both runs could see was compared.
 */
export function runSummary(run: TrackerRun, t: TFunction<'trackers'>): string {
  if (isRunningStatus(run.status)) return t('run.running');
  const parts: string[] = [];
  if (run.status === 'FAILED' || run.status === 'CANCELED') parts.push(t(`statuses.${run.status}`));
  if (run.baseline) parts.push(t('run.baseline', { count: run.found }));
  else {
    parts.push(t('run.added', { count: run.addedCount }));
    parts.push(
      run.complete ? t('run.removed', { count: run.removedCount }) : t('run.partial', { count: run.notSeen }),
    );
    if (run.aboveLimit) parts.push(t('run.aboveLimit'));
  }
  return parts.join(' · ');
}

/**
 * A coverage share in the page's language ("97%", "%97", "%99,9"), rounded down to a tenth of a
 * percent: a store seen at 99.96 % is never shown as whole.
 */
export function coveragePercent(coverage: number | null, locale: Locale): string {
  if (coverage === null) return '—';
  const floored = Math.floor(coverage * 1000 + 1e-9) / 1000;
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(floored);
}
