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
      providesTags: ['AdminUser'],
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
      providesTags: ['AdminUser'],
    }),
    user: build.query<AdminUserDetail, string>({
      query: (address) => `/api/admin/users/${email(address)}`,
      transformResponse: data<AdminUserDetail>,
      providesTags: (_result, _error, address) => [{ type: 'AdminUser', id: address }, 'AdminUser'],
      // The page says itself that no user has this email (a lookup typed by hand).
      extraOptions: secondary,
    }),
    userActivity: build.query<Page<Activity>, { email: string; page: number }>({
      query: ({ email: address, page }) => ({
        url: `/api/admin/users/${email(address)}/activity`,
        params: listParams({}, page),
      }),
      transformResponse: pageOf<Activity>,
      providesTags: ['AdminUser'],
      extraOptions: secondary,
    }),
    setUserActive: build.mutation<ApiResponse<unknown>, { email: string; active: boolean }>({
      query: ({ email: address, active }) => ({
        url: `/api/admin/users/${email(address)}/${active ? 'activate' : 'deactivate'}`,
        method: 'PUT',
      }),
      invalidatesTags: ['AdminUser'],
    }),
    deleteUser: build.mutation<ApiResponse<unknown>, string>({
      query: (address) => ({ url: `/api/admin/users/${email(address)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminUser', 'SearchInfo'],
    }),
    grantPlan: build.mutation<
      ApiResponse<unknown>,
      { email: string; features: string[]; periodEnd: string; reason: string }
    >({
      query: ({ email: address, ...body }) => ({
        url: `/api/admin/users/${email(address)}/plans`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['AdminUser'],
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
      invalidatesTags: ['AdminUser'],
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
