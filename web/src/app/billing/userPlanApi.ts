/**
 * The user's plans (GET /api/user-plan), shared by the payment page (current packages) and the
 * account page (my plans): features cannot import each other, so this endpoint lives in the app.
 */
import type { ApiResponse } from '../../lib/http';
import { api } from '../api';

/** active · past_due (a renewal failed, retried) · cancelled (usable to its end) · inactive · pending (payment being settled). */
export type PlanStatus = 'active' | 'past_due' | 'cancelled' | 'inactive' | 'pending';

export interface UserPlan {
  id: string;
  features: string[];
  trial: boolean;
  status: PlanStatus;
  /** A paid plan: Istanbul dates `YYYY-MM-DD` (the end is the 1st it renews on); a trial: ISO instants. */
  startDate: string;
  endDate: string;
  autoRenew: boolean;
}

/** The plan the user can use now (or whose payment is being settled): a new one can be bought after its end. */
export function openPlanOf(plans: readonly UserPlan[] | undefined): UserPlan | undefined {
  return plans?.find((p) => p.status !== 'inactive');
}

/** Whether the user has had the free trial (it is given once). */
export function hadTrial(plans: readonly UserPlan[] | undefined): boolean {
  return !!plans?.some((p) => p.trial);
}

/** A paid plan that renews can be cancelled (it stays usable to its end date). */
export function isCancellable(plan: UserPlan | undefined): plan is UserPlan {
  return !!plan && !plan.trial && (plan.status === 'active' || plan.status === 'past_due');
}

export const userPlanApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserPlans: build.query<UserPlan[], void>({
      query: () => '/api/user-plan',
      transformResponse: (response: ApiResponse<UserPlan[]>) => response.data ?? [],
      // A section of a page: a failure is shown in the section, not as an error page.
      extraOptions: { errors: 'network-only' },
      providesTags: ['UserPlan'],
    }),
  }),
});

export const { useGetUserPlansQuery } = userPlanApi;
