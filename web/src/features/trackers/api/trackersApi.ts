/**
 * The trackers API (issue 18; envelope `{success, message, data}`): one tracker, its runs newest
 * first, its ASINs paged like the scans' lists, create, edit, delete, run now, pause and resume. The
 * list is app/trackersApi (the dashboard shows its count). A change refreshes the list and the
 * tracker's page (its runs and ASINs carry the tracker's tag); a delete refreshes the list only, as
 * the deleted tracker's page is left.
 */
import { api } from '../../../app/api';
import { TRACKER_LIST_TAG, trackerTag } from '../../../app/trackersApi';
import { pageOf, type ApiResponse, type Page } from '../../../lib/http';
import {
  asinParams,
  type AsinsArgs,
  type Tracker,
  type TrackerAsin,
  type TrackerRequest,
  type TrackerRun,
} from '../model';

const path = (id: string) => `/api/trackers/${encodeURIComponent(id)}`;
// The dialog shows its own errors (a 422 on its field).
const formErrors = { errors: 'network-only' as const };

export const trackersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTracker: build.query<Tracker, string>({
      query: (id) => path(id),
      transformResponse: (response: ApiResponse<Tracker>) => response.data,
      providesTags: (_result, _error, id) => [trackerTag(id)],
    }),
    trackerRuns: build.query<TrackerRun[], string>({
      query: (id) => `${path(id)}/runs`,
      transformResponse: (response: ApiResponse<TrackerRun[]>) => response.data ?? [],
      providesTags: (_result, _error, id) => [trackerTag(id)],
    }),
    trackerAsins: build.query<Page<TrackerAsin>, AsinsArgs>({
      query: ({ id, ...args }) => ({ url: `${path(id)}/asins`, params: asinParams(args) }),
      transformResponse: (response: ApiResponse<TrackerAsin[]>, meta) => pageOf(response, meta),
      providesTags: (_result, _error, { id }) => [trackerTag(id)],
    }),
    createTracker: build.mutation<{ id: string }, TrackerRequest>({
      query: (body) => ({ url: '/api/trackers', method: 'POST', body }),
      transformResponse: (response: ApiResponse<{ id: string }>) => response.data,
      extraOptions: formErrors,
      invalidatesTags: [TRACKER_LIST_TAG],
    }),
    updateTracker: build.mutation<unknown, { id: string; body: TrackerRequest }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
      extraOptions: formErrors,
      invalidatesTags: (_result, _error, { id }) => [TRACKER_LIST_TAG, trackerTag(id)],
    }),
    deleteTracker: build.mutation<unknown, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: [TRACKER_LIST_TAG],
    }),
    /** Run now, pause or resume (a run now is refused while a run is going). */
    trackerAction: build.mutation<unknown, { id: string; action: 'run' | 'pause' | 'resume' }>({
      query: ({ id, action }) => ({ url: `${path(id)}/${action}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { id }) => [TRACKER_LIST_TAG, trackerTag(id)],
    }),
  }),
});

export const {
  useGetTrackerQuery,
  useTrackerRunsQuery,
  useTrackerAsinsQuery,
  useCreateTrackerMutation,
  useUpdateTrackerMutation,
  useDeleteTrackerMutation,
  useTrackerActionMutation,
} = trackersApi;
