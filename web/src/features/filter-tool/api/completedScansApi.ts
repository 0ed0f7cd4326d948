import { api } from '../../../app/api';
import type { ApiResponse } from '../../../lib/http';

/** A finished scan the set operations can load (its ASINs come from its download route). */
export interface CompletedScan {
  id: string;
  fileName: string;
  asinCount: number | null;
  searchCompleteDate: string | null;
}

/** The seller's completed scans, newest first (the dashboard's completed column). */
const completedScansApi = api.injectEndpoints({
  endpoints: (build) => ({
    filterToolCompletedScans: build.query<CompletedScan[], void>({
      query: () => ({ url: '/api/search-info/completed', params: { page: 0, size: 100 } }),
      transformResponse: (response: ApiResponse<CompletedScan[]>) => response.data ?? [],
      providesTags: ['SearchInfo'],
      // Without it the picker only says there is no completed scan: no error toast over the tool.
      extraOptions: { errors: 'none' as const },
    }),
  }),
});

export const { useFilterToolCompletedScansQuery } = completedScansApi;
