/** Every answer of the API is shaped as the product spec says: success, message, data. */
export interface ApiResponse<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
  /** Machine-readable reason of a failure, which the web app translates (`emailIsAlreadyTaken`). */
  code?: string;
  /** 422 only: one entry per validation failure. */
  errors?: { field?: string; msg: string }[];
  status?: number;
}

export function ok<T>(data: T, message = 'ok'): ApiResponse<T> {
  return { success: true, message, data };
}
