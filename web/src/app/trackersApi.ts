/**
 * The user's tracked stores (issue 18: `GET /api/trackers`), shared by the trackers pages and the
 * dashboard's entry point (how many stores are tracked). The rest of the trackers API is the
 * trackers feature's (features/trackers/api).
 */
import type { Market } from '@shelfscan/validation';
import type { ApiResponse } from '../lib/http';
import { api } from './api';

export type TrackerRunStatus =
  'PENDING' | 'PROCESSING' | 'COMPLETED' | 'COMPLETED_PARTIAL' | 'CANCELED' | 'FAILED';

/** One run of a tracker and its diff against the run before (computed once by the search service). */
export interface TrackerRun {
  id: string;
  scanId: string;
  status: TrackerRunStatus;
  startedAt: string;
  finishedAt: string | null;
  /** Share of the store the run saw, 0..1 (null while unknown). */
  coverage: number | null;
  /** The run reached the coverage threshold: only then are removals reported. */
  complete: boolean;
  /** The first run: what it found is the starting point, nothing is "added". */
  baseline: boolean;
  found: number;
  added: string[];
  removed: string[];
  addedCount: number;
  removedCount: number;
  /** ASINs of the last complete picture this run did not see (never counted as removed when partial). */
  notSeen: number;
  /** The store is above the list limit: only what both runs could see was compared. */
  aboveLimit: boolean;
}

export interface TrackerAlerts {
  email: boolean;
  webhook: boolean;
  telegram: boolean;
}

export interface Tracker {
  id: string;
  storeUrl: string;
  market: Market;
  searchType: 'standard' | 'deep';
  keyword: string | null;
  fileName: string;
  schedule: 'daily' | 'weekly';
  /** Istanbul hour, 0–23. */
  hour: number;
  /** 1 = Monday … 7 = Sunday (weekly only). */
  weekday: number | null;
  paused: boolean;
  alerts: TrackerAlerts;
  createdAt: string;
  nextRunAt: string | null;
  running: boolean;
  /** ASINs present now. */
  present: number;
  /** ASINs ever seen. */
  ever: number;
  lastRun: TrackerRun | null;
}

/** The tag of one tracker (its page, runs and ASINs) and of the list. */
export const TRACKER_LIST_TAG = { type: 'Tracker' as const, id: 'LIST' };
export const trackerTag = (id: string) => ({ type: 'Tracker' as const, id });

export const trackerListApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTrackers: build.query<Tracker[], void>({
      query: () => '/api/trackers',
      transformResponse: (response: ApiResponse<Tracker[]>) => response.data ?? [],
      providesTags: (trackers) => [TRACKER_LIST_TAG, ...(trackers ?? []).map((t) => trackerTag(t.id))],
      // The dashboard's entry point only completes its page, and the trackers page words its own failure.
      extraOptions: { errors: 'network-only' },
    }),
  }),
});

export const { useListTrackersQuery } = trackerListApi;
