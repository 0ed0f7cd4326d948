/**
 * The caller's plans and search quota (GET /api/search-info/quota; the search API contract), shared by
 * the filter tool (premium gate) and the dashboard (remaining searches).
 */
import type { ApiResponse } from '../lib/http';
import { api } from './api';

export interface SearchPlans {
  standard: boolean;
  deep: boolean;
  functional: boolean;
}

export interface SearchQuota {
  plans: SearchPlans;
  standard: { dayUsed: number; dayLimit: number; monthUsed: number; monthLimit: number };
  deep: { dayUsed: number; dayLimit: number };
  listLimit: number;
  /** ISO date: the next Istanbul midnight, when daily rights come back. */
  nextDayAt: string;
}

/** A premium user holds any of the three plans (the filter tool needs one). */
export function hasPremiumPlan(quota: Pick<SearchQuota, 'plans'> | undefined): boolean {
  const plans = quota?.plans;
  return !!plans && (plans.standard || plans.deep || plans.functional);
}

export const searchQuotaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSearchQuota: build.query<SearchQuota, void>({
      query: () => '/api/search-info/quota',
      transformResponse: (response: ApiResponse<SearchQuota>) => response.data,
      // A side panel must not send the page to the error pages: only network failures are toasted.
      extraOptions: { errors: 'network-only' },
      providesTags: [{ type: 'SearchInfo', id: 'QUOTA' }, 'UserPlan'],
    }),
  }),
});

export const { useGetSearchQuotaQuery } = searchQuotaApi;
