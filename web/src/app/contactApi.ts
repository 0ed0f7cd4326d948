/**
 * The contact button's calls: where to reach support (GET /api/contact-info, from the system
 * parameters) and the contact form (POST /api/contact: subject and message; name and email are the
 * account's, 5 messages an hour).
 */
import type { ApiResponse } from '../lib/http';
import { keepRetryAfter } from '../lib/retryAfter';
import { api } from './api';

export interface ContactInfo {
  /** E.164, e.g. +905321234567. */
  whatsapp: string;
  supportEmail: string;
}

export interface ContactMessageInput {
  contactSubject: string;
  /** The message (the spec's field name). */
  contactTitle: string;
  contactName: string;
  contactMail: string;
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactInfo: build.query<ContactInfo, void>({
      query: () => '/api/contact-info',
      transformResponse: (response: ApiResponse<ContactInfo>) => response.data,
      // Without an answer the button uses the build's defaults (app/contact.ts).
      extraOptions: { errors: 'none' },
    }),
    sendContactMessage: build.mutation<ApiResponse<{ id: string }>, ContactMessageInput>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
      transformErrorResponse: keepRetryAfter,
      // The form shows its own errors: fields, the wait of a 429, a toast with the answer's text.
      extraOptions: { errors: 'network-only' },
    }),
  }),
});

export const { useContactInfoQuery, useSendContactMessageMutation } = contactApi;
