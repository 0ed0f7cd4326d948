/** The tracker dialog's values, what it starts from (new, from a scan, or a tracker to edit) and what it sends. */
import { trackerForm, type FormSchema, type Market, type TrackerSchedule } from '@shelfscan/validation';
import type { Tracker, TrackerRequest } from './model';

export interface TrackerValues extends Record<string, unknown> {
  storeUrl: string;
  market: string;
  searchType: 'standard' | 'deep';
  keyword: string;
  /** The label; undefined while empty (the shared rules refuse an empty one, and none is optional). */
  fileName?: string;
  schedule: TrackerSchedule;
  hour: number;
  weekday: number;
  alerts: { email: boolean; webhook: boolean; telegram: boolean };
}

/** A new tracker: daily at 06:00 Istanbul time, a standard scan, the email digest on. */
export const NEW_TRACKER: TrackerValues = {
  storeUrl: '',
  market: '',
  searchType: 'standard',
  keyword: '',
  schedule: 'daily',
  hour: 6,
  weekday: 1,
  alerts: { email: true, webhook: false, telegram: false },
};

/** What a store scan hands the dialog ("track this store"): its store, market, type and keyword. */
export interface TrackerPrefill {
  storeUrl?: string;
  market?: string;
  searchType?: string;
  keyword?: string;
  fileName?: string;
}

/** The dialog's first values: a tracker being edited, else a new one with what a scan handed over. */
export function initialValues(tracker?: Tracker, prefill: TrackerPrefill = {}): TrackerValues {
  if (tracker)
    return {
      storeUrl: tracker.storeUrl,
      market: tracker.market,
      searchType: tracker.searchType,
      keyword: tracker.keyword ?? '',
      fileName: tracker.fileName,
      schedule: tracker.schedule,
      hour: tracker.hour,
      weekday: tracker.weekday ?? 1,
      alerts: { ...tracker.alerts },
    };
  return {
    ...NEW_TRACKER,
    storeUrl: prefill.storeUrl ?? '',
    market: prefill.market ?? '',
    // A scan of another type (functional) is tracked with a standard scan.
    searchType: prefill.searchType === 'deep' ? 'deep' : 'standard',
    keyword: prefill.keyword ?? '',
    fileName: prefill.fileName || undefined,
  };
}

/** The request of the values: texts trimmed, an empty keyword or label left out, the weekday only when weekly. */
export function trackerRequestOf(values: TrackerValues): TrackerRequest {
  const keyword = values.keyword.trim();
  const fileName = values.fileName?.trim();
  return {
    storeUrl: values.storeUrl.trim(),
    market: values.market as Market,
    searchType: values.searchType,
    ...(keyword ? { keyword } : {}),
    ...(fileName ? { fileName } : {}),
    schedule: values.schedule,
    hour: values.hour,
    ...(values.schedule === 'weekly' ? { weekday: values.weekday } : {}),
    alerts: values.alerts,
  };
}

/** The dialog's rules: the shared `trackerForm` (the gateway's and the search service's too). */
export const trackerDialogSchema = trackerForm as unknown as FormSchema<TrackerValues>;
