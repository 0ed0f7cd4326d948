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
