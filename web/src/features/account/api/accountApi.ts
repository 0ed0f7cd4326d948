import { api } from '../../../app/api';
import type { ApiResponse } from '../../../lib/http';
import { keepRetryAfter } from '../../../lib/retryAfter';

export interface UpdateUserRequest {
  id: number | string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** A personal API token as listed (issue 19); `token` only in the answer to its creation. */
export interface ApiToken {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export interface CreateApiTokenRequest {
  name: string;
  scopes: string[];
  expiresAt?: string;
}

// The account forms show their own error messages; only network failures use the global toast.
const formErrors = { errors: 'network-only' as const };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<ApiResponse<unknown>, UpdateUserRequest>({
      query: (body) => ({ url: '/api/account/user', method: 'PUT', body }),
      extraOptions: formErrors,
      invalidatesTags: ['CurrentUser'],
    }),
    /** The answer's token replaces this session's: the old one is refused after the change. */
    changePassword: build.mutation<ApiResponse<{ token: string }>, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/account/change-password', method: 'POST', body }),
      extraOptions: formErrors,
    }),
    uploadPhoto: build.mutation<ApiResponse<{ imageUrl: string }>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/api/account/photo', method: 'POST', body };
      },
      extraOptions: formErrors,
      invalidatesTags: ['CurrentUser'],
    }),
    sendVerificationCode: build.mutation<ApiResponse<{ sent: boolean }>, string>({
      query: (gsm) => ({ url: '/api/account/send-verification-code', params: { gsm } }),
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
    }),
    checkVerificationCode: build.mutation<boolean, string>({
      query: (verificationCode) => ({
        url: '/api/account/check-verification-code',
        params: { verificationCode },
      }),
      transformResponse: (response: ApiResponse<{ isValid: boolean }>) => !!response.data?.isValid,
      transformErrorResponse: keepRetryAfter,
      extraOptions: formErrors,
    }),
    apiTokens: build.query<ApiToken[], void>({
      query: () => '/api/account/tokens',
      transformResponse: (response: ApiResponse<ApiToken[]>) => response.data ?? [],
      providesTags: ['ApiToken'],
    }),
    createApiToken: build.mutation<ApiResponse<ApiToken & { token: string }>, CreateApiTokenRequest>({
      query: (body) => ({ url: '/api/account/tokens', method: 'POST', body }),
      extraOptions: formErrors,
      invalidatesTags: ['ApiToken'],
    }),
    revokeApiToken: build.mutation<ApiResponse<unknown>, string>({
      query: (id) => ({ url: `/api/account/tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ApiToken'],
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useChangePasswordMutation,
  useUploadPhotoMutation,
  useSendVerificationCodeMutation,
  useCheckVerificationCodeMutation,
  useApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
} = accountApi;
