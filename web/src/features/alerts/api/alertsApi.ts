import type { WebhookEvent } from '@shelfscan/validation';
import { api } from '../../../app/api';
import type { ApiResponse } from '../../../lib/http';

/** A webhook as GET /api/webhooks answers (gateway/README.md, "Webhook routes"). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string;
  enabled: boolean;
  createdAt: string;
  disabledAt: string | null;
}

export interface WebhookDelivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseCode: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface CreateWebhookRequest {
  url: string;
  events: WebhookEvent[];
  description?: string;
}

/** GET /api/account/telegram. */
export interface TelegramState {
  configured: boolean;
  linked: boolean;
  chatName: string | null;
  linkedAt: string | null;
  botUsername: string | null;
}

/** POST /api/account/telegram/link: the one-time code and the bot's deep link. */
export interface TelegramLinkCode {
  code: string;
  deepLink: string;
  expiresAt: string;
}

// The sections show their own errors (a failed list must not take the account page away to an
// error page); only network failures use the global toast.
const formErrors = { errors: 'network-only' as const };

const withTags = api.enhanceEndpoints({ addTagTypes: ['Webhook', 'WebhookDelivery', 'Telegram'] });

export const alertsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<Webhook[], void>({
      query: () => '/api/webhooks',
      transformResponse: (r: ApiResponse<Webhook[]>) => r.data ?? [],
      extraOptions: formErrors,
      providesTags: ['Webhook'],
    }),
    createWebhook: build.mutation<Webhook & { secret: string }, CreateWebhookRequest>({
      query: (body) => ({ url: '/api/webhooks', method: 'POST', body }),
      transformResponse: (r: ApiResponse<Webhook & { secret: string }>) => r.data!,
      extraOptions: formErrors,
      invalidatesTags: ['Webhook'],
    }),
    deleteWebhook: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/webhooks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: formErrors,
      invalidatesTags: ['Webhook'],
    }),
    webhookDeliveries: build.query<WebhookDelivery[], string>({
      query: (id) => `/api/webhooks/${encodeURIComponent(id)}/deliveries`,
      transformResponse: (r: ApiResponse<WebhookDelivery[]>) => r.data ?? [],
      extraOptions: formErrors,
      providesTags: (_r, _e, id) => [{ type: 'WebhookDelivery', id }],
    }),
    testWebhook: build.mutation<WebhookDelivery, string>({
      query: (id) => ({ url: `/api/webhooks/${encodeURIComponent(id)}/test`, method: 'POST' }),
      transformResponse: (r: ApiResponse<WebhookDelivery>) => r.data!,
      extraOptions: formErrors,
      invalidatesTags: (_r, _e, id) => ['Webhook', { type: 'WebhookDelivery', id }],
    }),
    getTelegram: build.query<TelegramState, void>({
      query: () => '/api/account/telegram',
      transformResponse: (r: ApiResponse<TelegramState>) => r.data,
      extraOptions: formErrors,
      providesTags: ['Telegram'],
    }),
    linkTelegram: build.mutation<TelegramLinkCode, void>({
      query: () => ({ url: '/api/account/telegram/link', method: 'POST' }),
      transformResponse: (r: ApiResponse<TelegramLinkCode>) => r.data,
      extraOptions: formErrors,
    }),
    unlinkTelegram: build.mutation<unknown, void>({
      query: () => ({ url: '/api/account/telegram', method: 'DELETE' }),
      extraOptions: formErrors,
      invalidatesTags: ['Telegram'],
    }),
  }),
});

export const {
  useGetTelegramQuery,
  useLinkTelegramMutation,
  useUnlinkTelegramMutation,
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
  useTestWebhookMutation,
} = alertsApi;
