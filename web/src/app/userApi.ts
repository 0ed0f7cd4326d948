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
    /**
     * Logout on the server: this token is refused from now on. The token is given (the store has
     * dropped it by the time the call goes out); a failure changes nothing for the user, who is
     * logged out in the browser anyway.
     */
    logout: build.mutation<unknown, string>({
      query: (token) => ({
        url: '/api/account/logout',
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      }),
      extraOptions: { errors: 'none' },
    }),
  }),
});

export const { useGetCurrentUserQuery } = userApi;
