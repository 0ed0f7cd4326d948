/**
 * The scans API (the contract in gateway/README.md "Search"): lists by state with filters and the
 * total in `x-total-count`, create (standard, deep, functional, ASIN check), run again, bulk move,
 * delete, the admin status change, quota, markets and categories.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../../app/api';
import type { ApiResponse } from '../../../lib/http';
import { keepRetryAfter } from '../../../lib/retryAfter';
import type {
  AsinCheckPage,
  AsinCheckRow,
  Batch,
  BatchPage,
  CreateBatch,
  Category,
  CreateAsinCheck,
  CreateFunctionalScan,
  CreateStoreScan,
  ListArgs,
  EstimateArgs,
  ScanEstimate,
  Todo,
  TodoPage,
  TodoState,
} from '../model';
import { BATCH_PAGE_SIZE, CHECK_PAGE_SIZE, listParams } from '../model';

const totalOf = (meta: unknown, fallback: number) => {
  const header = Number((meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count'));
  return Number.isFinite(header) && header >= 0 ? header : fallback;
};

// The create dialogs show their own errors (a 422 on its field, 403/429 in the dialog).
const formErrors = { errors: 'network-only' as const };
// Quota, markets and categories only complete the page: their failure must not send it to an error page.
const secondary = { errors: 'network-only' as const };

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTodos: build.query<TodoPage, ListArgs>({
      query: (args) => ({ url: `/api/search-info/${args.state}`, params: listParams(args) }),
      transformResponse: (response: ApiResponse<Todo[]>, meta) => {
        const items = response.data ?? [];
        return { items, total: totalOf(meta, items.length) };
      },
      providesTags: ['SearchInfo'],
    }),
    categories: build.query<Category[], string>({
      query: (market) => ({ url: '/api/category', params: { market } }),
      transformResponse: (response: ApiResponse<Category[]>) => response.data ?? [],
      providesTags: ['Category'],
      extraOptions: secondary,
    }),
    createScan: build.mutation<Todo, CreateStoreScan>({
      query: (body) => ({ url: '/api/search-info', method: 'POST', body }),
      transformResponse: (response: ApiResponse<Todo>) => response.data,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
      invalidatesTags: ['SearchInfo', 'Plan'],
    }),
    createFunctionalScan: build.mutation<Todo, CreateFunctionalScan>({
      query: (body) => ({ url: '/api/search-info/functional-search', method: 'POST', body }),
      transformResponse: (response: ApiResponse<Todo>) => response.data,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
      invalidatesTags: ['SearchInfo', 'Plan'],
    }),
    createAsinCheck: build.mutation<Todo, CreateAsinCheck>({
      query: (body) => ({ url: '/api/search-info/asin-check', method: 'POST', body }),
      transformResponse: (response: ApiResponse<Todo>) => response.data,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
      invalidatesTags: ['SearchInfo', 'Plan'],
    }),
    createBatch: build.mutation<{ batchId: string; scanIds: string[]; batch: Batch }, CreateBatch>({
      query: (body) => ({ url: '/api/search-info/batch', method: 'POST', body }),
      transformResponse: (response: ApiResponse<{ batchId: string; scanIds: string[]; batch: Batch }>) =>
        response.data,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
      invalidatesTags: ['SearchInfo', 'Plan'],
    }),
    /** A page of the user's batches, newest first, each with its scans and combined progress (polled while one runs). */
    batches: build.query<BatchPage, number>({
      query: (page) => ({ url: '/api/search-info/batch', params: { page, size: BATCH_PAGE_SIZE } }),
      transformResponse: (response: ApiResponse<Batch[]>, meta) => {
        const items = response.data ?? [];
        return { items, total: totalOf(meta, items.length) };
      },
      providesTags: ['SearchInfo'],
      extraOptions: secondary,
    }),
    /** One page of an ASIN check's table (the rows checked so far while it runs). */
    asinCheckRows: build.query<AsinCheckPage, { id: string; page: number }>({
      query: ({ id, page }) => ({
        url: `/api/search-info/${encodeURIComponent(id)}/asin-check`,
        params: { page, size: CHECK_PAGE_SIZE },
      }),
      transformResponse: (response: ApiResponse<AsinCheckRow[]>, meta) => {
        const rows = response.data ?? [];
        return { rows, total: totalOf(meta, rows.length) };
      },
      providesTags: ['SearchInfo'],
      extraOptions: secondary,
    }),
    /** The wait before a scan of this store ends (the engine probes one page; kept 10 minutes). */
    estimateScan: build.query<ScanEstimate, EstimateArgs>({
      query: (body) => ({ url: '/api/search-info/estimate', method: 'POST', body }),
      transformResponse: (response: ApiResponse<ScanEstimate>) => response.data,
      keepUnusedDataFor: 600,
      // The dialog shows the product's general wait when there is no estimate, whatever the reason.
      extraOptions: { errors: 'none' as const },
    }),
    rerun: build.mutation<Todo, string>({
      query: (id) => ({ url: `/api/search-info/${encodeURIComponent(id)}/rerun`, method: 'POST' }),
      transformResponse: (response: ApiResponse<Todo>) => response.data,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
      invalidatesTags: ['SearchInfo', 'Plan'],
    }),
    moveTodos: build.mutation<ApiResponse<unknown>, { state: TodoState; ids: string[] }>({
      query: ({ state, ids }) => ({
        url: `/dashboard/${state}`,
        method: 'POST',
        body: { todo: ids.map((id) => ({ id })) },
      }),
      invalidatesTags: ['SearchInfo'],
    }),
    deleteTodo: build.mutation<ApiResponse<unknown>, string>({
      query: (id) => ({ url: `/dashboard/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['SearchInfo'],
    }),
    changeStatus: build.mutation<ApiResponse<Todo>, { id: string; status: 'CANCELED' | 'PENDING' }>({
      query: ({ id, status }) => ({
        url: `/api/search-info/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: ['SearchInfo'],
    }),
  }),
});

export const {
  useListTodosQuery,
  useCategoriesQuery,
  useCreateScanMutation,
  useCreateFunctionalScanMutation,
  useCreateAsinCheckMutation,
  useCreateBatchMutation,
  useBatchesQuery,
  useAsinCheckRowsQuery,
  useEstimateScanQuery,
  useRerunMutation,
  useMoveTodosMutation,
  useDeleteTodoMutation,
  useChangeStatusMutation,
} = dashboardApi;
