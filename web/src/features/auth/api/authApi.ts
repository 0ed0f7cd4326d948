import { api } from '../../../app/api';
import type { ApiResponse } from '../../../lib/http';
import type { Locale } from '../../../lib/locale';
import { keepRetryAfter } from '../../../lib/retryAfter';

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  langKey: Locale;
}

export interface LoginRequest {
  email: string;
  password: string;
}

// Forms on these pages show their own error messages; only network failures use the global toast.
const formErrors = { errors: 'network-only' as const };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkActivation: build.query<boolean, string>({
      query: (email) => ({ url: '/api/public/check-activation', params: { email } }),
      transformResponse: (response: ApiResponse<boolean>) => !!response.data,
      extraOptions: formErrors,
      keepUnusedDataFor: 0,
    }),
    authenticate: build.mutation<string, LoginRequest>({
      query: (body) => ({ url: '/api/authenticate', method: 'POST', body }),
      transformResponse: (response: ApiResponse<{ token: string }>) => response.data.token,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
    }),
    activate: build.mutation<ApiResponse<unknown>, { email: string; code: string }>({
      query: (body) => ({ url: '/api/public/activate', method: 'POST', body }),
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
    }),
    resendActivation: build.mutation<ApiResponse<unknown>, { email: string }>({
      query: (body) => ({ url: '/api/public/resend-activation', method: 'POST', body }),
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
    }),
    register: build.mutation<ApiResponse<{ id: number | string }>, RegisterRequest>({
      query: (body) => ({ url: '/api/public/register', method: 'POST', body }),
      extraOptions: formErrors,
    }),
    requestPasswordReset: build.mutation<ApiResponse<unknown>, { email: string }>({
      query: (body) => ({ url: '/api/public/password-reset', method: 'POST', body }),
      extraOptions: formErrors,
    }),
    completePasswordReset: build.mutation<
      ApiResponse<unknown>,
      { email: string; key: string; password: string }
    >({
      query: (body) => ({ url: '/api/public/complete-password-reset', method: 'POST', body }),
      extraOptions: formErrors,
    }),
  }),
});

export const {
  useLazyCheckActivationQuery,
  useAuthenticateMutation,
  useRegisterMutation,
  useActivateMutation,
  useResendActivationMutation,
  useRequestPasswordResetMutation,
  useCompletePasswordResetMutation,
} = authApi;
