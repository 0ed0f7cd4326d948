/** The envelope every gateway answer uses. */
export interface ApiResponse<T> {
  success: boolean;
  status?: number;
  message?: string;
  code?: string;
  data: T;
}

export interface ApiValidationError {
  field?: string;
  msg: string;
}

/** Every error body: {success:false, code?, message, errors?:[{field,msg}]} */
export interface ApiErrorBody {
  success: false;
  code?: string;
  message?: string;
  errors?: ApiValidationError[];
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return !!value && typeof value === 'object' && ('message' in value || 'code' in value || 'errors' in value);
}

/** A page of a list: its items and the total of every page (the `x-total-count` header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** RTK Query's `transformResponse` for a paged list: the items of `data`, the total from the header. */
export function pageOf<T>(response: ApiResponse<T[]>, meta: { response?: Response } | undefined): Page<T> {
  const items = response.data ?? [];
  const header = Number(meta?.response?.headers.get('x-total-count') ?? Number.NaN);
  return { items, total: Number.isFinite(header) && header >= 0 ? header : items.length };
}
