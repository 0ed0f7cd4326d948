/**
 * The admin service's routes (gateway/src/admin), the search service's admin list and status change
 * (gateway/src/search), and the contact messages. Lists answer a page with the total in
 * `x-total-count`.
 */
import { api } from '../../../app/api';
import { pageOf, type ApiResponse, type Page } from '../../../lib/http';
import type {
  Activity,
  AdminScan,
  AdminUser,
  AdminUserDetail,
  Charts,
  ContactMessage,
  Counters,
  ParameterChange,
  ScanFilters,
  SystemParameter,
} from '../model';
import { PAGE_SIZE } from '../model';

/** Parts of a page that must not send it to an error page (a route still to come answers 404/501). */
const secondary = { errors: 'network-only' as const };
/** Forms show their own errors (a 422 on its field). */
const formErrors = { errors: 'network-only' as const };

const data = <T>(response: ApiResponse<T>) => response.data;
const email = (value: string) => encodeURIComponent(value);

/** How often, and how many times, a user's detail is fetched again until it shows a change. */
const SETTLE_EVERY_MS = 250;
const SETTLE_TRIES = 40;

type Dispatch = (action: unknown) => unknown;
/** What the admin lists and counters built from the users read model provide (a user's detail provides its own id). */
const USER_LISTS = { type: 'AdminUser' as const, id: 'LIST' };
type UserLookup = { data?: AdminUserDetail; error?: unknown };

/**
 * The admin read models follow the other services' events (a plan granted in billing, a membership
 * changed in auth, a deletion) a moment after the call that caused them has answered. After such a
 * call, the user's detail is fetched again until `shows` holds or the lookup fails (at most
 * SETTLE_TRIES times), then every
 * admin list and counter is fetched again, so the page shows the change rather than the state before it.
 */
export async function settleUser(
  dispatch: Dispatch,
  address: string,
  shows: (lookup: UserLookup) => boolean,
): Promise<void> {
  for (let i = 0; i < SETTLE_TRIES; i++) {
    const lookup = (await dispatch(
      adminApi.endpoints.user.initiate(address, { subscribe: false, forceRefetch: true }),
    )) as UserLookup;
    // An error (the user is gone, the admin service is down) leaves nothing to wait for.
    if (shows(lookup) || lookup.error) break;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_EVERY_MS));
  }
  // The detail was just fetched: only the lists and counters are fetched again.
  dispatch(adminApi.util.invalidateTags([USER_LISTS]));
}

/** Waits for a mutation's answer; false when it failed (the caller shows that). */
async function answered<T>(queryFulfilled: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await queryFulfilled).data;
  } catch {
    return null;
  }
}

const notFound = (lookup: UserLookup) =>
  !!lookup.error && (lookup.error as { status?: unknown }).status === 404;

/** The query of a list: the set values only, then the page. */
function listParams(filters: Record<string, string | undefined>, page: number) {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
  return { ...params, page, size: PAGE_SIZE };
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    counters: build.query<Counters, void>({
      query: () => '/api/admin/counters',
      transformResponse: data<Counters>,
      providesTags: [USER_LISTS],
      extraOptions: secondary,
    }),
    charts: build.query<Charts, { from: string; to: string }>({
      query: (range) => ({ url: '/api/admin/charts', params: range }),
      transformResponse: data<Charts>,
      extraOptions: secondary,
    }),
    users: build.query<Page<AdminUser>, { search: string; page: number }>({
      query: ({ search, page }) => ({ url: '/api/admin/users', params: listParams({ search }, page) }),
      transformResponse: pageOf<AdminUser>,
      providesTags: [USER_LISTS],
    }),
    user: build.query<AdminUserDetail, string>({
      query: (address) => `/api/admin/users/${email(address)}`,
      transformResponse: data<AdminUserDetail>,
      providesTags: (_result, _error, address) => [{ type: 'AdminUser', id: address }],
      // The page says itself that no user has this email (a lookup typed by hand).
      extraOptions: secondary,
    }),
    userActivity: build.query<Page<Activity>, { email: string; page: number }>({
      query: ({ email: address, page }) => ({
        url: `/api/admin/users/${email(address)}/activity`,
        params: listParams({}, page),
      }),
      transformResponse: pageOf<Activity>,
      providesTags: [USER_LISTS],
      extraOptions: secondary,
    }),
    setUserActive: build.mutation<ApiResponse<{ changed: boolean }>, { email: string; active: boolean }>({
      query: ({ email: address, active }) => ({
        url: `/api/admin/users/${email(address)}/${active ? 'activate' : 'deactivate'}`,
        method: 'PUT',
      }),
      async onQueryStarted({ email: address, active }, { dispatch, queryFulfilled }) {
        if (await answered(queryFulfilled))
          await settleUser(dispatch, address, ({ data }) => data?.membershipActive === active);
      },
    }),
    deleteUser: build.mutation<ApiResponse<{ userId: string; email: string; deletedAt: string }>, string>({
      query: (address) => ({ url: `/api/admin/users/${email(address)}`, method: 'DELETE' }),
      invalidatesTags: ['SearchInfo'],
      // The users list stops showing the user once the deletion has reached the read model.
      async onQueryStarted(address, { dispatch, queryFulfilled }) {
        if (await answered(queryFulfilled)) await settleUser(dispatch, address, notFound);
      },
    }),
    grantPlan: build.mutation<
      ApiResponse<{ id: string }>,
      { email: string; features: string[]; periodEnd: string; reason: string }
    >({
      query: ({ email: address, ...body }) => ({
        url: `/api/admin/users/${email(address)}/plans`,
        method: 'POST',
        body,
      }),
      async onQueryStarted({ email: address }, { dispatch, queryFulfilled }) {
        const granted = await answered(queryFulfilled);
        if (granted)
          await settleUser(
            dispatch,
            address,
            ({ data }) => !!data?.plans.some((p) => p.subscriptionId === granted.data.id),
          );
      },
      extraOptions: formErrors,
    }),
    revokePlan: build.mutation<
      ApiResponse<unknown>,
      { email: string; subscriptionId: string; reason: string }
    >({
      query: ({ email: address, subscriptionId, reason }) => ({
        url: `/api/admin/users/${email(address)}/plans/${encodeURIComponent(subscriptionId)}`,
        method: 'DELETE',
        body: { reason },
      }),
      async onQueryStarted({ email: address, subscriptionId }, { dispatch, queryFulfilled }) {
        if (await answered(queryFulfilled))
          await settleUser(
            dispatch,
            address,
            ({ data }) =>
              !!data?.plans.some((p) => p.subscriptionId === subscriptionId && p.status === 'expired'),
          );
      },
    }),
    contactMessages: build.query<Page<ContactMessage>, number>({
      query: (page) => ({ url: '/api/admin/contact-messages', params: listParams({}, page) }),
      transformResponse: pageOf<ContactMessage>,
      extraOptions: secondary,
    }),
    systemParameters: build.query<SystemParameter[], void>({
      query: () => '/api/system-parameter',
      transformResponse: (response: ApiResponse<SystemParameter[]>) => response.data ?? [],
      providesTags: ['SystemParameter'],
    }),
    saveSystemParameters: build.mutation<ApiResponse<SystemParameter[]>, SystemParameter[]>({
      query: (body) => ({ url: '/api/system-parameter', method: 'PUT', body }),
      invalidatesTags: ['SystemParameter'],
      extraOptions: formErrors,
    }),
    parameterChanges: build.query<Page<ParameterChange>, number>({
      query: (page) => ({ url: '/api/admin/system-parameter/changes', params: listParams({}, page) }),
      transformResponse: pageOf<ParameterChange>,
      providesTags: ['SystemParameter'],
      extraOptions: secondary,
    }),
    adminScans: build.query<Page<AdminScan>, ScanFilters & { page: number }>({
      query: ({ page, ...filters }) => ({
        url: '/api/search-info',
        params: { all: 'true', ...listParams(filters, page) },
      }),
      transformResponse: pageOf<AdminScan>,
      providesTags: ['SearchInfo'],
    }),
    changeScanStatus: build.mutation<ApiResponse<AdminScan>, { id: string; status: 'CANCELED' | 'PENDING' }>({
      query: ({ id, status }) => ({
        url: `/api/search-info/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: ['SearchInfo', 'AdminUser'],
    }),
  }),
});

export const {
  useCountersQuery,
  useChartsQuery,
  useUsersQuery,
  useUserQuery,
  useUserActivityQuery,
  useSetUserActiveMutation,
  useDeleteUserMutation,
  useGrantPlanMutation,
  useRevokePlanMutation,
  useContactMessagesQuery,
  useSystemParametersQuery,
  useSaveSystemParametersMutation,
  useParameterChangesQuery,
  useAdminScansQuery,
  useChangeScanStatusMutation,
} = adminApi;
