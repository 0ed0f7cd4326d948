/** The current user (GET /api/account/user), shared by the index layout, navbar and account page. */
import type { ApiResponse } from '../lib/http';
import { api } from './api';

export interface UserPlanSummary {
  id?: number | string;
  plan?: { name?: string; planCode?: string; trial?: boolean; feature?: string } | null;
  status?: string;
  startDate?: string;
  endDate?: string;
}

export interface CurrentUser {
  id: number | string;
  firstName: string;
  lastName: string;
  fullName?: string;
  email: string;
  phone?: string | null;
  phoneVerified?: boolean;
  /** Profile photo URL (GET /api/account/photo/:userId), null without a photo. */
  imageUrl?: string | null;
  activated?: boolean;
  authorities?: string[];
  langKey?: string;
  createdDate?: string;
  userPlanExist?: boolean;
  userPlans?: UserPlanSummary[];
}

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser, void>({
      query: () => '/api/account/user',
      transformResponse: (response: ApiResponse<CurrentUser>) => response.data,
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = userApi;
